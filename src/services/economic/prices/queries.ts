import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { FoodPriceMonth } from '../../../sources/fao/ffpi.js';
import { FAO_FFPI } from './datasets/fao-ffpi.js';
import { countryByCode } from '../../../reference/countries.js';
import type { BigMacObservation } from '../../../sources/economist/bigmac.js';
import { BIGMAC } from './datasets/bigmac.js';
import { BIGMAC_USD_RANGE, FFPI_POINTS, flagOf, pctChange2, round, screenChanges } from './rules.js';
import type { GetFaoFoodPriceIndexResponse, ListBigMacPricesResponse } from './schemas.js';

export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

/** The month twelve months before `yyyyMm`. */
const yearBefore = (yyyyMm: string) => `${Number(yyyyMm.slice(0, 4)) - 1}${yyyyMm.slice(4)}`;

export function getFaoFoodPriceIndex(store: SnapshotStore): Flagged<GetFaoFoodPriceIndexResponse> {
  const snapshot = store.read<FoodPriceMonth>(FAO_FFPI);
  const latest = snapshot?.records.at(-1);
  if (!snapshot || !latest) return { response: { points: [], fetchedAt: '', currentFfpi: 0, momPct: 0, yoyPct: 0 }, degraded: true };
  const months = snapshot.records;
  const yearAgo = months.find((m) => m.date === yearBefore(latest.date));
  return {
    response: {
      points: months.slice(-FFPI_POINTS),
      fetchedAt: new Date(snapshot.fetchedAt).toISOString(),
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
    latest.filter((r) => usable(usd(r)) && previous.has(r.iso3)).map((r) => ({ code: r.iso3, pct: pctChange2(usd(r), previous.get(r.iso3)) })),
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
    return { response: { countries: [], fetchedAt: '', cheapestCountry: '', mostExpensiveCountry: '', wowAvgPct: 0, wowAvailable: false, prevFetchedAt: '' }, degraded: true };
  }
  return { response: snapshot.derive('prices', (s) => bigMacPrices(s.records)), degraded: false };
}
