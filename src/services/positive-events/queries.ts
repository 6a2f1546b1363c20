import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { POSITIVE_GEO_EVENTS } from './datasets/geo-events.js';
import { STALE_AFTER_MS, type PositiveGeoEvent } from './rules.js';
import type { ListPositiveGeoEventsResponse } from './schemas.js';

/**
 * The snapshot's events. `stale`: the newest event was already over 25 hours old when the snapshot
 * was captured (judged at the data's time, never the clock's; the snapshot's own age is health's).
 */
export function listPositiveGeoEvents(store: SnapshotStore, markDegraded: () => void): ListPositiveGeoEventsResponse {
  const snapshot = store.read<PositiveGeoEvent>(POSITIVE_GEO_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], fetchedAt: 0, stale: false };
  }
  const newest = snapshot.records.reduce((m, e) => Math.max(m, e.timestamp), 0);
  return {
    events: [...snapshot.records],
    fetchedAt: snapshot.capturedAt,
    stale: newest > 0 && snapshot.capturedAt - newest > STALE_AFTER_MS,
  };
}
