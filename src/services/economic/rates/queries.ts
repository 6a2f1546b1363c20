import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { BIS_CREDIT } from './datasets/bis-credit.js';
import { BIS_EER } from './datasets/bis-eer.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import type { BisCreditToGdp, BisExchangeRate, BisPolicyRate, GetBisCreditResponse, GetBisExchangeRatesResponse, GetBisPolicyRatesResponse } from './schemas.js';

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
