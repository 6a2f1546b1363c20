import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { FoodPriceMonth } from '../../../sources/fao/ffpi.js';
import { FAO_FFPI } from './datasets/fao-ffpi.js';
import { countryByCode } from '../../../reference/countries.js';
import type { BigMacObservation } from '../../../sources/economist/bigmac.js';
import { BIGMAC } from './datasets/bigmac.js';
import { FUEL_PRICES, type FuelCountry, type FuelInfo } from './datasets/fuel-prices.js';
import { GROCERY_OBSERVATIONS, type GroceryObservation } from './datasets/grocery.js';
import {
  BIGMAC_USD_RANGE,
  FFPI_POINTS,
  flagOf,
  GROCERY_ITEMS,
  MIN_BASKET_COVERAGE,
  pctChange2,
  round,
  screenChanges,
  withoutOutliers,
} from './rules.js';
import type {
  GetFaoFoodPriceIndexResponse,
  ListBigMacPricesResponse,
  ListFuelPricesResponse,
  ListGroceryBasketPricesResponse,
} from './schemas.js';

export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

/** The month twelve months before `yyyyMm`. */
const yearBefore = (yyyyMm: string) => `${Number(yyyyMm.slice(0, 4)) - 1}${yyyyMm.slice(4)}`;

export function getFaoFoodPriceIndex(store: SnapshotStore): Flagged<GetFaoFoodPriceIndexResponse> {
  const snapshot = store.read<FoodPriceMonth>(FAO_FFPI);
  const latest = snapshot?.records.at(-1);
  if (!snapshot || !latest)
    return { response: { points: [], fetchedAt: '', currentFfpi: 0, momPct: 0, yoyPct: 0 }, degraded: true };
  const months = snapshot.records;
  const yearAgo = months.find((m) => m.date === yearBefore(latest.date));
  return {
    response: {
      points: months.slice(-FFPI_POINTS),
      fetchedAt: new Date(snapshot.capturedAt).toISOString(),
      currentFfpi: latest.ffpi,
      momPct: pctChange2(latest.ffpi, months.at(-2)?.ffpi),
      yoyPct: pctChange2(latest.ffpi, yearAgo?.ffpi),
    },
    degraded: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Big Mac prices
// ---------------------------------------------------------------------------------------------

const BIGMAC_SOURCE = 'The Economist Big Mac index';

/** Two-letter code of an Economist row: ISO alpha-3 through the country table, `EUZ` the euro area. */
function alpha2Of(iso3: string): string {
  return iso3 === 'EUZ' ? 'EU' : (countryByCode(iso3)?.alpha2 ?? iso3);
}

function bigMacPrices(rows: readonly BigMacObservation[]): ListBigMacPricesResponse {
  const dates = [...new Set(rows.map((r) => r.date))].sort();
  const latestDate = dates.at(-1) ?? '';
  const prevDate = dates.length > 1 ? dates[0] : '';
  const usd = (r: BigMacObservation) => r.localPrice / r.dollarEx;
  const usable = (v: number) => v >= BIGMAC_USD_RANGE.min && v <= BIGMAC_USD_RANGE.max;
  const previous = new Map(rows.filter((r) => r.date === prevDate && usable(usd(r))).map((r) => [r.iso3, usd(r)]));
  const latest = rows.filter((r) => r.date === latestDate);
  const changes = screenChanges(
    latest
      .filter((r) => usable(usd(r)) && previous.has(r.iso3))
      .map((r) => ({ code: r.iso3, pct: pctChange2(usd(r), previous.get(r.iso3)) })),
  );
  const countries = latest
    .map((r) => {
      const code = alpha2Of(r.iso3);
      const pct = changes.kept.get(r.iso3);
      return {
        code,
        name: r.iso3 === 'EUZ' ? 'Euro Area' : (countryByCode(r.iso3)?.name ?? r.name),
        currency: r.currency,
        flag: flagOf(code),
        localPrice: r.localPrice,
        usdPrice: round(usd(r), 2),
        fxRate: round(1 / r.dollarEx, 6),
        sourceSite: BIGMAC_SOURCE,
        available: usable(usd(r)),
        ...(pct !== undefined ? { wowPct: pct } : {}),
      };
    })
    .sort((a, b) => a.usdPrice - b.usdPrice || (a.code < b.code ? -1 : 1));
  const available = countries.filter((c) => c.available);
  return {
    countries,
    fetchedAt: latestDate,
    cheapestCountry: available[0]?.code ?? '',
    mostExpensiveCountry: available.at(-1)?.code ?? '',
    wowAvgPct: changes.avg,
    wowAvailable: changes.available,
    prevFetchedAt: prevDate,
  };
}

export function listBigMacPrices(store: SnapshotStore): Flagged<ListBigMacPricesResponse> {
  const snapshot = store.read<BigMacObservation>(BIGMAC);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      response: {
        countries: [],
        fetchedAt: '',
        cheapestCountry: '',
        mostExpensiveCountry: '',
        wowAvgPct: 0,
        wowAvailable: false,
        prevFetchedAt: '',
      },
      degraded: true,
    };
  }
  return { response: snapshot.derive('prices', (s) => bigMacPrices(s.records)), degraded: false };
}

// ---------------------------------------------------------------------------------------------
// Grocery basket
// ---------------------------------------------------------------------------------------------

interface PricedItem {
  country: string;
  itemId: string;
  usdPrice: number;
  obs: GroceryObservation;
}

/** One week's plausible prices: within the item's dollar ceiling, then within 4x of the cross-country median. */
function plausiblePrices(week: readonly GroceryObservation[]): Map<string, Map<string, PricedItem>> {
  const candidates: PricedItem[] = [];
  for (const obs of week) {
    const item = GROCERY_ITEMS.find((i) => i.id === obs.itemId);
    const usdPrice = obs.localPrice * obs.usdPerUnit;
    if (item && usdPrice <= item.maxUsd) candidates.push({ country: obs.country, itemId: obs.itemId, usdPrice, obs });
  }
  const out = new Map<string, Map<string, PricedItem>>();
  for (const p of withoutOutliers(candidates))
    (out.get(p.country) ?? out.set(p.country, new Map()).get(p.country)!).set(p.itemId, p);
  for (const c of new Set(week.map((o) => o.country))) if (!out.has(c)) out.set(c, new Map());
  return out;
}

/** Sum over the items priced in both weeks, so a newly found or lost item does not read as a price change. */
function commonTotal(a: Map<string, PricedItem>, b: Map<string, PricedItem>): [number, number] {
  let ta = 0;
  let tb = 0;
  for (const [id, p] of a) {
    const q = b.get(id);
    if (q) {
      ta += p.usdPrice;
      tb += q.usdPrice;
    }
  }
  return [ta, tb];
}

function groceryBasket(records: readonly GroceryObservation[]): ListGroceryBasketPricesResponse {
  const dates = [...new Set(records.map((r) => r.observedAt))].sort();
  const latestDate = dates.at(-1)!;
  const prevDate = dates.at(-2) ?? '';
  const latest = plausiblePrices(records.filter((r) => r.observedAt === latestDate));
  const previous = prevDate
    ? plausiblePrices(records.filter((r) => r.observedAt === prevDate))
    : new Map<string, Map<string, PricedItem>>();
  const changes: number[] = [];
  const countries = [...latest.entries()].map(([code, priced]) => {
    const any = records.find((r) => r.observedAt === latestDate && r.country === code)!;
    const items = GROCERY_ITEMS.map((item) => {
      const p = priced.get(item.id);
      const raw = records.find((r) => r.observedAt === latestDate && r.country === code && r.itemId === item.id);
      return {
        itemId: item.id,
        itemName: item.name,
        unit: item.unit,
        localPrice: p ? p.obs.localPrice : 0,
        usdPrice: p ? round(p.usdPrice, 2) : 0,
        currency: any.currency,
        sourceSite: raw ? `${raw.sourceSite} (observed ${latestDate})` : '',
        available: p !== undefined,
      };
    });
    const prev = previous.get(code);
    const [now, before] = prev ? commonTotal(priced, prev) : [0, 0];
    const wowPct = before > 0 ? pctChange2(now, before) : undefined;
    if (wowPct !== undefined) changes.push(wowPct);
    return {
      code,
      name: countryByCode(code)?.name ?? code,
      currency: any.currency,
      flag: flagOf(code),
      totalUsd: round(
        items.reduce((s, i) => s + i.usdPrice, 0),
        2,
      ),
      fxRate: any.usdPerUnit,
      items,
      ...(wowPct !== undefined ? { wowPct } : {}),
      coverage: priced.size / GROCERY_ITEMS.length,
    };
  });
  countries.sort((a, b) => a.totalUsd - b.totalUsd || (a.code < b.code ? -1 : 1));
  const ranked = countries.filter((c) => c.totalUsd > 0 && c.coverage >= MIN_BASKET_COVERAGE);
  return {
    countries: countries.map(({ coverage: _coverage, ...c }) => c),
    fetchedAt: latestDate,
    cheapestCountry: ranked[0]?.code ?? '',
    mostExpensiveCountry: ranked.at(-1)?.code ?? '',
    upstreamUnavailable: false,
    wowAvgPct: changes.length > 0 ? round(changes.reduce((s, v) => s + v, 0) / changes.length, 2) : 0,
    wowAvailable: changes.length > 0,
    prevFetchedAt: prevDate,
  };
}

export function listGroceryBasketPrices(store: SnapshotStore): ListGroceryBasketPricesResponse {
  const snapshot = store.read<GroceryObservation>(GROCERY_OBSERVATIONS);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      countries: [],
      fetchedAt: '',
      cheapestCountry: '',
      mostExpensiveCountry: '',
      upstreamUnavailable: true,
      wowAvgPct: 0,
      wowAvailable: false,
      prevFetchedAt: '',
    };
  }
  return snapshot.derive('basket', (s) => groceryBasket(s.records));
}

// ---------------------------------------------------------------------------------------------
// Fuel prices
// ---------------------------------------------------------------------------------------------

function extremes(countries: readonly FuelCountry[], fuel: 'gasoline' | 'diesel'): [string, string] {
  const priced = countries
    .filter((c) => c[fuel])
    .sort((a, b) => a[fuel]!.usdPrice - b[fuel]!.usdPrice || (a.code < b.code ? -1 : 1));
  return [priced[0]?.code ?? '', priced.at(-1)?.code ?? ''];
}

export function listFuelPrices(store: SnapshotStore): Flagged<ListFuelPricesResponse> {
  const snapshot = store.read<FuelCountry, FuelInfo>(FUEL_PRICES);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      response: {
        countries: [],
        fetchedAt: '',
        cheapestGasoline: '',
        cheapestDiesel: '',
        mostExpensiveGasoline: '',
        mostExpensiveDiesel: '',
        wowAvailable: false,
        prevFetchedAt: '',
        sourceCount: 0,
        countryCount: 0,
      },
      degraded: true,
    };
  }
  const response = snapshot.derive('answer', (s): ListFuelPricesResponse => {
    const [cheapestGasoline, mostExpensiveGasoline] = extremes(s.records, 'gasoline');
    const [cheapestDiesel, mostExpensiveDiesel] = extremes(s.records, 'diesel');
    return {
      countries: s.records.map((c) => ({
        code: c.code,
        name: c.name,
        currency: c.currency,
        flag: flagOf(c.code),
        ...(c.gasoline ? { gasoline: { ...c.gasoline, available: true } } : {}),
        ...(c.diesel ? { diesel: { ...c.diesel, available: true } } : {}),
        fxRate: c.fxRate,
      })),
      fetchedAt: new Date(s.capturedAt).toISOString(),
      cheapestGasoline,
      cheapestDiesel,
      mostExpensiveGasoline,
      mostExpensiveDiesel,
      wowAvailable: s.records.some((c) => c.gasoline?.wowPct !== undefined || c.diesel?.wowPct !== undefined),
      prevFetchedAt: '',
      sourceCount: s.info.sources.length,
      countryCount: s.records.length,
    };
  });
  return { response, degraded: false };
}
