import { ServiceError } from '../../../platform/errors.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { EIA_CAPACITY } from './datasets/eia-capacity.js';
import { EIA_WEEKLY, type EiaWeeklyObservation } from './datasets/eia-weekly.js';
import { capacitySeries, EIA_SERIES, ENERGY_COMMODITIES, INVENTORY_WEEKS, pctChange, round, weeklyLevels, type CapabilityRow, type WeeklyPoint } from './rules.js';
import type {
  EnergyPrice,
  GetCrudeInventoriesResponse,
  GetEnergyCapacityRequest,
  GetEnergyCapacityResponse,
  GetEnergyPricesRequest,
  GetEnergyPricesResponse,
  GetNatGasStorageResponse,
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
  throw ServiceError.validation([{ field, description: `unknown value${given.length > 1 ? 's' : ''} ${given.join(', ')}; known: ${known.join(', ')}` }]);
}

function selection(field: string, given: readonly string[] | undefined, known: readonly string[], norm: (s: string) => string): Set<string> {
  if (!given || given.length === 0) return new Set(known);
  const wanted = given.map(norm);
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length > 0) unknownValues(field, unknown, known);
  return new Set(wanted);
}

export function getEnergyPrices(store: SnapshotStore, req: GetEnergyPricesRequest): Flagged<GetEnergyPricesResponse> {
  const wanted = selection('commodities', req.commodities, ENERGY_COMMODITIES.map((c) => c.commodity), (s) => s.toLowerCase());
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

export function getEnergyCapacity(store: SnapshotStore, req: GetEnergyCapacityRequest): Flagged<GetEnergyCapacityResponse> {
  const wanted = selection('energy_sources', req.energy_sources, ['SUN', 'WND', 'COL'], (s) => s.toUpperCase());
  const snapshot = store.read<CapabilityRow>(EIA_CAPACITY);
  const all = snapshot ? snapshot.derive('series', (s) => capacitySeries(s.records)) : [];
  const series = all
    .filter((s) => wanted.has(s.energySource))
    .map((s) => (req.years ? { ...s, data: s.data.slice(Math.max(0, s.data.length - req.years)) } : s));
  return { response: { series }, degraded: all.length === 0 };
}
