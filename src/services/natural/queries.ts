import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { NATURAL_EVENTS } from './datasets/natural-events.js';
import {
  NATURAL_DEFAULT_DAYS,
  type ListNaturalEventsRequest,
  type ListNaturalEventsResponse,
  type NaturalEvent,
} from './schemas.js';

const DAY = 86_400_000;

/** Events reported within `days` before the snapshot was taken, most recent first. */
export function listNaturalEvents(store: SnapshotStore, req: ListNaturalEventsRequest): ListNaturalEventsResponse {
  const snapshot = store.read<NaturalEvent>(NATURAL_EVENTS);
  if (!snapshot) return { events: [], fetchedAt: 0, dataAvailable: false };
  const days = req.days || NATURAL_DEFAULT_DAYS;
  const since = snapshot.capturedAt - days * DAY;
  const events = snapshot.records.filter((e) => e.date >= since);
  return { events, fetchedAt: snapshot.capturedAt, dataAvailable: true };
}
