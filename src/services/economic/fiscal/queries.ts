import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { NATIONAL_DEBT, type NationalDebtRecord } from './datasets/national-debt.js';
import type { GetNationalDebtResponse } from './schemas.js';

export function getNationalDebt(store: SnapshotStore): GetNationalDebtResponse {
  const snapshot = store.read<NationalDebtRecord>(NATIONAL_DEBT);
  if (!snapshot || snapshot.records.length === 0) return { entries: [], seededAt: '', unavailable: true };
  const entries = snapshot.derive('entries', (s) => s.records.map((r) => ({ ...r, baselineTs: String(r.baselineTs) })));
  return { entries, seededAt: new Date(snapshot.capturedAt).toISOString(), unavailable: false };
}
