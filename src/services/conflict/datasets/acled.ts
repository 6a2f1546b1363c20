import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { ACLED_WINDOW_DAYS, windowStart } from '../rules.js';
import { newestFirst } from '../../../platform/ordering.js';
import type { AcledConflictEvent } from '../schemas.js';
import { acledReferenceTime, parseAcledPayload, type AcledRecord } from './acled-format.js';

export const ACLED_EVENTS = 'conflict.acled-events';

/** The event types this operation covers; protests and riots belong to unrest. */
export const ACLED_CONFLICT_TYPES = new Set(['Battles', 'Explosions/Remote violence', 'Violence against civilians']);

export interface AcledInfo {
  /** Inclusive bounds of the snapshot's window, epoch ms. */
  windowStart: number;
  windowEnd: number;
  skippedRows: number;
}

export function toAcledEvent(r: AcledRecord): AcledConflictEvent {
  return {
    id: `acled-${r.id}`,
    eventType: r.eventType,
    country: r.country,
    location: { latitude: r.lat, longitude: r.lon },
    occurredAt: r.occurredAt,
    fatalities: r.fatalities,
    actors: [r.actor1, r.actor2].filter((a) => a !== ''),
    source: r.source,
    admin1: r.admin1,
  };
}

const order = newestFirst<AcledConflictEvent>(
  (e) => e.occurredAt,
  (e) => e.id,
);

/**
 * Keeps conflict-type events from midnight UTC 30 days before the payload's reference time up
 * to that time, one per id, newest first.
 */
export function buildAcledEvents(
  rows: readonly AcledRecord[],
  now: number,
): { records: AcledConflictEvent[]; info: AcledInfo } {
  const ref = acledReferenceTime(rows, now);
  const from = windowStart(ref, ACLED_WINDOW_DAYS);
  const seen = new Set<string>();
  const records: AcledConflictEvent[] = [];
  for (const r of rows) {
    if (!ACLED_CONFLICT_TYPES.has(r.eventType) || r.occurredAt < from || r.occurredAt > ref || seen.has(r.id)) continue;
    seen.add(r.id);
    records.push(toAcledEvent(r));
  }
  records.sort(order);
  return { records, info: { windowStart: from, windowEnd: ref, skippedRows: 0 } };
}

export const acledEventsDataset: Dataset<AcledConflictEvent, AcledInfo> = {
  name: ACLED_EVENTS,
  source: 'ACLED (Armed Conflict Location & Event Data)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    acled: {
      url:
        'https://acleddata.com/api/acled/read?_format=json&limit=0' +
        '&event_type=Battles:OR:event_type=Explosions%2FRemote%20violence:OR:event_type=Violence%20against%20civilians' +
        `&fields=event_id_cnty|event_date|event_type|sub_event_type|actor1|actor2|country|admin1|location|latitude|longitude|source|fatalities|timestamp`,
      sample: 'conflict/acled-events.json',
      requires: ['ACLED_ACCESS_TOKEN'],
      headers: (config): Record<string, string> =>
        config.ACLED_ACCESS_TOKEN ? { authorization: `Bearer ${config.ACLED_ACCESS_TOKEN}` } : {},
    },
  },
  parse(payloads, now) {
    const { rows, skipped } = parseAcledPayload(payloads.acled!);
    const built = buildAcledEvents(rows, now);
    return { records: built.records, info: { ...built.info, skippedRows: skipped } };
  },
};
