import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { BIS_CREDIT } from './datasets/bis-credit.js';
import { BIS_EER } from './datasets/bis-eer.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import { ECB_CISS, type FsiObservation } from './datasets/ecb-ciss.js';
import { ECB_FX } from './datasets/ecb-fx.js';
import { ECB_YIELD_CURVE, type CurvePoint } from './datasets/ecb-yield-curve.js';
import { fsiLabel, isFsiStale } from './rules.js';
import type {
  EcbFxRate,
  GetEcbFxRatesResponse,
  GetEuFsiResponse,
  GetEuYieldCurveResponse,
  BisCreditToGdp,
  BisExchangeRate,
  BisPolicyRate,
  GetBisCreditResponse,
  GetBisExchangeRatesResponse,
  GetBisPolicyRatesResponse,
} from './schemas.js';

export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

/** The stored rows of one dataset; `degraded` when there is no snapshot (these contracts have no flag for it). */
function stored<R>(store: SnapshotStore, dataset: string): { rows: R[]; degraded: boolean } {
  const snapshot = store.read<R>(dataset);
  return snapshot ? { rows: [...snapshot.records], degraded: false } : { rows: [], degraded: true };
}

export function getBisPolicyRates(store: SnapshotStore): Flagged<GetBisPolicyRatesResponse> {
  const { rows, degraded } = stored<BisPolicyRate>(store, BIS_POLICY_RATES);
  return { response: { rates: rows }, degraded };
}

export function getBisExchangeRates(store: SnapshotStore): Flagged<GetBisExchangeRatesResponse> {
  const { rows, degraded } = stored<BisExchangeRate>(store, BIS_EER);
  return { response: { rates: rows }, degraded };
}

export function getBisCredit(store: SnapshotStore): Flagged<GetBisCreditResponse> {
  const { rows, degraded } = stored<BisCreditToGdp>(store, BIS_CREDIT);
  return { response: { entries: rows }, degraded };
}

export function getEcbFxRates(store: SnapshotStore): GetEcbFxRatesResponse {
  const snapshot = store.read<EcbFxRate>(ECB_FX);
  if (!snapshot || snapshot.records.length === 0) return { rates: [], updatedAt: '', seededAt: '0', unavailable: true };
  const newest = snapshot.records.reduce((d, r) => (r.date > d ? r.date : d), '');
  return {
    rates: [...snapshot.records],
    updatedAt: `${newest}T14:00:00Z`,
    seededAt: String(snapshot.capturedAt),
    unavailable: false,
  };
}

export function getEuYieldCurve(store: SnapshotStore): GetEuYieldCurveResponse {
  const snapshot = store.read<CurvePoint>(ECB_YIELD_CURVE);
  if (!snapshot || snapshot.records.length === 0) return { unavailable: true };
  const rates: Record<string, number> = {};
  for (const p of snapshot.records) rates[p.tenor] = p.rate;
  const date = snapshot.records.reduce((d, p) => (p.date > d ? p.date : d), '');
  return {
    data: { date, rates, source: 'ecb-aaa', updatedAt: new Date(snapshot.capturedAt).toISOString() },
    unavailable: false,
  };
}

/** Staleness depends on the moment of the request, so it is computed per call from `now`. */
/** `stale`: the latest reading was already old when the series was captured (the data's time, not the clock's). */
export function getEuFsi(store: SnapshotStore): GetEuFsiResponse {
  const snapshot = store.read<FsiObservation>(ECB_CISS);
  const latest = snapshot?.records.at(-1);
  if (!snapshot || !latest)
    return { latestValue: 0, latestDate: '', label: '', history: [], seededAt: '', unavailable: true, stale: false };
  return {
    latestValue: latest.value,
    latestDate: latest.date,
    label: fsiLabel(latest.value),
    history: [...snapshot.records],
    seededAt: new Date(snapshot.capturedAt).toISOString(),
    unavailable: false,
    stale: isFsiStale(latest.date, snapshot.capturedAt),
  };
}
