import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { SATELLITES } from './datasets/satellites.js';
import type { ListSatellitesRequest, ListSatellitesResponse, Satellite } from './schemas.js';

/** Tracked satellites, optionally of one operator country; `degraded` when no snapshot exists yet. */
export function listSatellites(
  store: SnapshotStore,
  req: ListSatellitesRequest,
): { response: ListSatellitesResponse; degraded: boolean } {
  const snap = store.read<Satellite>(SATELLITES);
  if (!snap) return { response: { satellites: [] }, degraded: true };
  const country = req.country?.trim().toUpperCase();
  const satellites = country ? snap.records.filter((s) => s.country === country) : [...snap.records];
  return { response: { satellites }, degraded: false };
}
