import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import type { BisPolicyRate, GetBisPolicyRatesResponse } from './schemas.js';

/** The stored rates; `degraded` when there is no snapshot (the contract has no flag for it). */
export function getBisPolicyRates(store: SnapshotStore): { response: GetBisPolicyRatesResponse; degraded: boolean } {
  const snapshot = store.read<BisPolicyRate>(BIS_POLICY_RATES);
  if (!snapshot) return { response: { rates: [] }, degraded: true };
  return { response: { rates: [...snapshot.records] }, degraded: false };
}
