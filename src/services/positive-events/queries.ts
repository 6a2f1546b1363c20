import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { POSITIVE_GEO_EVENTS } from './datasets/geo-events.js';
import { STALE_AFTER_MS, type PositiveGeoEvent } from './rules.js';
import type { ListPositiveGeoEventsResponse } from './schemas.js';

export function listPositiveGeoEvents(
  store: SnapshotStore,
  now: number,
  markDegraded: () => void,
): ListPositiveGeoEventsResponse {
  const snapshot = store.read<PositiveGeoEvent>(POSITIVE_GEO_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], fetchedAt: 0, stale: false };
  }
  return {
    events: [...snapshot.records],
    fetchedAt: snapshot.fetchedAt,
    stale: now - snapshot.fetchedAt > STALE_AFTER_MS,
  };
}
