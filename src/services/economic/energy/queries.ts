import { ServiceError } from '../../../platform/errors.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { EIA_CAPACITY } from './datasets/eia-capacity.js';
import { EIA_WEEKLY, type EiaWeeklyObservation } from './datasets/eia-weekly.js';
import type { GasStorageDay } from '../../../sources/gie/agsi.js';
import { CRISIS_POLICIES, type CrisisPoliciesInfo, type CrisisPolicy } from './datasets/crisis-policies.js';
import { GIE_EU_STORAGE } from './datasets/gie-storage.js';
import { IEA_OIL_STOCKS, type IeaStocksInfo } from './datasets/iea-oil-stocks.js';
import {
  analyseOilStocks,
  capacitySeries,
  EIA_SERIES,
  ENERGY_COMMODITIES,
  EU_DAILY_CONSUMPTION_TWH,
  gasTrend,
  INVENTORY_WEEKS,
  pctChange,
  round,
  weeklyLevels,
  type CapabilityRow,
  type MemberStocks,
  type OilStocksAnalysis,
  type RegionStats,
  type WeeklyPoint,
} from './rules.js';
import type {
  EnergyPrice,
  GetCrudeInventoriesResponse,
  GetEnergyCapacityRequest,
  GetEnergyCapacityResponse,
  GetEnergyCrisisPoliciesRequest,
  GetEnergyCrisisPoliciesResponse,
  GetEnergyPricesRequest,
  GetEnergyPricesResponse,
  GetEuGasStorageResponse,
  GetNatGasStorageResponse,
  GetOilInventoriesResponse,
  GetOilStocksAnalysisResponse,
} from './schemas.js';

export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

/** Points per EIA series, built once per snapshot. */
export function seriesIndex(snapshot: Snapshot<EiaWeeklyObservation>): Map<string, WeeklyPoint[]> {
  return snapshot.derive('by-series', (s) => {
    const out = new Map<string, WeeklyPoint[]>();
    for (const r of s.records) {
      if (!out.has(r.series)) out.set(r.series, []);
      out.get(r.series)!.push({ period: r.period, value: r.value });
    }
    return out;
  });
}

function weeklySeries(store: SnapshotStore, series: string): WeeklyPoint[] {
  const snapshot = store.read<EiaWeeklyObservation>(EIA_WEEKLY);
  return snapshot ? (seriesIndex(snapshot).get(series) ?? []) : [];
}

function unknownValues(field: string, given: readonly string[], known: readonly string[]): never {
  throw ServiceError.validation([
    {
      field,
      description: `unknown value${given.length > 1 ? 's' : ''} ${given.join(', ')}; known: ${known.join(', ')}`,
    },
  ]);
}

function selection(
  field: string,
  given: readonly string[] | undefined,
  known: readonly string[],
  norm: (s: string) => string,
): Set<string> {
  if (!given || given.length === 0) return new Set(known);
  const wanted = given.map(norm);
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length > 0) unknownValues(field, unknown, known);
  return new Set(wanted);
}

export function getEnergyPrices(store: SnapshotStore, req: GetEnergyPricesRequest): Flagged<GetEnergyPricesResponse> {
  const wanted = selection(
    'commodities',
    req.commodities,
    ENERGY_COMMODITIES.map((c) => c.commodity),
    (s) => s.toLowerCase(),
  );
  const prices: EnergyPrice[] = [];
  for (const c of ENERGY_COMMODITIES) {
    if (!wanted.has(c.commodity)) continue;
    const desc = [...weeklySeries(store, c.series)].sort((a, b) => (a.period < b.period ? 1 : -1));
    const [latest, previous] = desc;
    if (!latest) continue;
    prices.push({
      commodity: c.commodity,
      name: c.name,
      price: latest.value,
      unit: '$/barrel',
      change: round(pctChange(latest.value, previous?.value), 1),
      priceAt: Date.parse(`${latest.period}T00:00:00Z`),
    });
  }
  return { response: { prices }, degraded: prices.length === 0 };
}

/** Thousand barrels (EIA's MBBL) per million barrels. */
const MBBL_PER_MB = 1000;

export function getCrudeInventories(store: SnapshotStore): Flagged<GetCrudeInventoriesResponse> {
  const weeks = weeklyLevels(weeklySeries(store, EIA_SERIES.crudeStocks), INVENTORY_WEEKS, MBBL_PER_MB).map((w) => ({
    period: w.period,
    stocksMb: w.level,
    ...(w.change !== undefined ? { weeklyChangeMb: w.change } : {}),
  }));
  return { response: { weeks, latestPeriod: weeks[0]?.period ?? '' }, degraded: weeks.length === 0 };
}

export function getNatGasStorage(store: SnapshotStore): Flagged<GetNatGasStorageResponse> {
  const weeks = weeklyLevels(weeklySeries(store, EIA_SERIES.natGasStorage), INVENTORY_WEEKS, 1).map((w) => ({
    period: w.period,
    storBcf: w.level,
    ...(w.change !== undefined ? { weeklyChangeBcf: w.change } : {}),
  }));
  return { response: { weeks, latestPeriod: weeks[0]?.period ?? '' }, degraded: weeks.length === 0 };
}

export function getEnergyCapacity(
  store: SnapshotStore,
  req: GetEnergyCapacityRequest,
): Flagged<GetEnergyCapacityResponse> {
  const wanted = selection('energy_sources', req.energy_sources, ['SUN', 'WND', 'COL'], (s) => s.toUpperCase());
  const snapshot = store.read<CapabilityRow>(EIA_CAPACITY);
  const all = snapshot ? snapshot.derive('series', (s) => capacitySeries(s.records)) : [];
  const series = all
    .filter((s) => wanted.has(s.energySource))
    .map((s) => (req.years ? { ...s, data: s.data.slice(Math.max(0, s.data.length - req.years)) } : s));
  return { response: { series }, degraded: all.length === 0 };
}

// ---------------------------------------------------------------------------------------------
// EU gas storage
// ---------------------------------------------------------------------------------------------

interface EuGasSummary {
  fillPct: number;
  fillPctChange1d: number;
  gasDaysConsumption: number;
  trend: string;
  history: { date: string; fillPct: number; gasTwh: number }[];
  updatedAt: string;
}

function euGasSummary(snapshot: Snapshot<GasStorageDay>): EuGasSummary | undefined {
  return snapshot.derive('summary', (s) => {
    const [latest, previous] = s.records;
    if (!latest || latest.fullPct <= 0) return undefined;
    const change = previous ? round(latest.fullPct - previous.fullPct, 2) : 0;
    return {
      fillPct: latest.fullPct,
      fillPctChange1d: change,
      gasDaysConsumption: round(latest.gasInStorageTwh / EU_DAILY_CONSUMPTION_TWH, 1),
      trend: gasTrend(change),
      history: s.records.slice(0, 5).map((d) => ({ date: d.gasDay, fillPct: d.fullPct, gasTwh: d.gasInStorageTwh })),
      updatedAt: latest.gasDay,
    };
  });
}

export function getEuGasStorage(store: SnapshotStore): GetEuGasStorageResponse {
  const snapshot = store.read<GasStorageDay>(GIE_EU_STORAGE);
  const summary = snapshot ? euGasSummary(snapshot) : undefined;
  if (!snapshot || !summary) {
    return {
      fillPct: 0,
      fillPctChange1d: 0,
      gasDaysConsumption: 0,
      trend: '',
      history: [],
      seededAt: '0',
      updatedAt: '',
      unavailable: true,
    };
  }
  return { ...summary, seededAt: String(snapshot.capturedAt), unavailable: false };
}

// ---------------------------------------------------------------------------------------------
// IEA oil stocks
// ---------------------------------------------------------------------------------------------

/** A region's mean and minimum days (only when some importer has data) and its count below the obligation. */
function regionSummary(r: RegionStats): { avgDays?: number; minDays?: number; countBelowObligation: number } {
  return {
    ...(r.avgDays !== undefined ? { avgDays: r.avgDays, minDays: r.minDays } : {}),
    countBelowObligation: r.countBelowObligation,
  };
}

function oilStocksAnalysis(snapshot: Snapshot<MemberStocks, IeaStocksInfo>): OilStocksAnalysis {
  return snapshot.derive('analysis', (s) => analyseOilStocks(s.records));
}

export function getOilStocksAnalysis(store: SnapshotStore): GetOilStocksAnalysisResponse {
  const snapshot = store.read<MemberStocks, IeaStocksInfo>(IEA_OIL_STOCKS);
  if (!snapshot) return { updatedAt: '', dataMonth: '', ieaMembers: [], belowObligation: [], unavailable: true };
  const a = oilStocksAnalysis(snapshot);
  return {
    updatedAt: new Date(snapshot.capturedAt).toISOString(),
    dataMonth: snapshot.info.dataMonth,
    ieaMembers: a.members.map(({ region: _region, ...m }) => m),
    belowObligation: a.belowObligation,
    regionalSummary: {
      europe: regionSummary(a.regions.europe),
      asiaPacific: regionSummary(a.regions.asiaPacific),
      northAmerica: {
        netExporters: a.regions.northAmerica.netExporters,
        ...(a.regions.northAmerica.avgDays !== undefined ? { avgDays: a.regions.northAmerica.avgDays } : {}),
      },
    },
    unavailable: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Oil and gas inventories overview
// ---------------------------------------------------------------------------------------------

export const OIL_INVENTORY_DATASETS = [EIA_WEEKLY, GIE_EU_STORAGE, IEA_OIL_STOCKS] as const;

/** Latest composed overview per store, keyed by the versions of the snapshots it was built from. */
const inventoriesMemo = new WeakMap<SnapshotStore, { key: string; value: Flagged<GetOilInventoriesResponse> }>();

export function getOilInventories(store: SnapshotStore): Flagged<GetOilInventoriesResponse> {
  const key = OIL_INVENTORY_DATASETS.map((d) => store.version(d)).join(',');
  const memo = inventoriesMemo.get(store);
  if (memo && memo.key === key) return memo.value;
  const value = composeOilInventories(store);
  inventoriesMemo.set(store, { key, value });
  return value;
}

function composeOilInventories(store: SnapshotStore): Flagged<GetOilInventoriesResponse> {
  const eia = store.read<EiaWeeklyObservation>(EIA_WEEKLY);
  const gie = store.read<GasStorageDay>(GIE_EU_STORAGE);
  const iea = store.read<MemberStocks, IeaStocksInfo>(IEA_OIL_STOCKS);
  const out: GetOilInventoriesResponse = {
    crudeWeeks: getCrudeInventories(store).response.weeks,
    natGasWeeks: getNatGasStorage(store).response.weeks,
    updatedAt: '',
  };
  const spr = weeklyLevels(weeklySeries(store, EIA_SERIES.sprStocks), INVENTORY_WEEKS, MBBL_PER_MB);
  if (spr[0])
    out.spr = {
      latestStocksMb: spr[0].level,
      changeWow: spr[0].change ?? 0,
      weeks: spr.map((w) => ({ period: w.period, stocksMb: w.level })),
    };
  const refinery = weeklyLevels(weeklySeries(store, EIA_SERIES.refineryInput), 1, MBBL_PER_MB)[0];
  if (refinery) out.refinery = { inputsMbpd: refinery.level, period: refinery.period };
  const gas = gie ? euGasSummary(gie) : undefined;
  if (gas)
    out.euGas = {
      fillPct: gas.fillPct,
      fillPctChange1d: gas.fillPctChange1d,
      trend: gas.trend,
      history: gas.history.map((h) => ({ date: h.date, fillPct: h.fillPct })),
    };
  if (iea) {
    const a = oilStocksAnalysis(iea);
    out.ieaStocks = {
      dataMonth: iea.info.dataMonth,
      members: a.members.map((m) => ({
        iso2: m.iso2,
        ...(m.daysOfCover !== undefined ? { daysOfCover: m.daysOfCover } : {}),
        netExporter: m.netExporter,
        belowObligation: m.belowObligation,
      })),
      europe: regionSummary(a.regions.europe),
      asiaPacific: regionSummary(a.regions.asiaPacific),
      northAmerica: regionSummary(a.regions.northAmerica),
    };
  }
  const fetched = [eia, gie, iea].filter((s) => s !== undefined).map((s) => s.capturedAt);
  if (fetched.length > 0) out.updatedAt = new Date(Math.max(...fetched)).toISOString();
  const empty =
    out.crudeWeeks.length === 0 &&
    out.natGasWeeks.length === 0 &&
    !out.spr &&
    !out.refinery &&
    !out.euGas &&
    !out.ieaStocks;
  return { response: out, degraded: empty };
}

// ---------------------------------------------------------------------------------------------
// Energy crisis policies
// ---------------------------------------------------------------------------------------------

export function getEnergyCrisisPolicies(
  store: SnapshotStore,
  req: GetEnergyCrisisPoliciesRequest,
): GetEnergyCrisisPoliciesResponse {
  const snapshot = store.read<CrisisPolicy, CrisisPoliciesInfo>(CRISIS_POLICIES);
  if (!snapshot) return { source: '', sourceUrl: '', context: '', policies: [], updatedAt: '', unavailable: true };
  const country = req.country_code?.toUpperCase();
  const policies = snapshot.records.filter(
    (p) => (!country || p.countryCode === country) && (!req.category || p.category === req.category),
  );
  return { ...snapshot.info, policies, unavailable: false };
}
