import { parseCsv } from '../formats/csv.js';
import { FormatError } from '../formats/errors.js';

/**
 * HDX Humanitarian API (HAPI) v2, coordination-context/conflict-events: monthly ACLED-derived event
 * and fatality counts per location, admin unit and event type. Every request names the calling
 * application with `app_identifier` (base64 of `application:email`); it is not a secret.
 */
export const HAPI_CONFLICT_EVENTS_URL = 'https://hapi.humdata.org/api/v2/coordination-context/conflict-events';

export function hapiConflictEventsUrl(appIdentifier: string, startDate: string): string {
  const q = new URLSearchParams({
    output_format: 'csv',
    start_date: startDate,
    limit: '10000',
    app_identifier: appIdentifier,
  });
  return `${HAPI_CONFLICT_EVENTS_URL}?${q.toString()}`;
}

export type HapiEventType = 'political_violence' | 'civilian_targeting' | 'demonstration';

export interface HapiConflictRow {
  /** ISO 3166-1 alpha-3. */
  locationCode: string;
  locationName: string;
  /** 0 national, 1 first-level units, 2 second-level units. */
  adminLevel: number;
  adminCode: string;
  eventType: HapiEventType;
  events: number;
  fatalities: number;
  /** YYYY-MM-DD of the first day of the reference period. */
  periodStart: string;
}

const EVENT_TYPES = new Set<string>(['political_violence', 'civilian_targeting', 'demonstration']);
const REQUIRED = ['location_code', 'location_name', 'admin_level', 'event_type', 'events', 'reference_period_start'];

/** HAPI CSV -> rows. Unknown event types and rows without a count are skipped; missing columns are a FormatError. */
export function parseHapiConflictEvents(input: Buffer | string): HapiConflictRow[] {
  const records = parseCsv(input);
  if (records.length > 0) {
    const missing = REQUIRED.filter((c) => !(c in records[0]));
    if (missing.length) throw new FormatError('HAPI', `missing columns ${missing.join(', ')}`);
  }
  const out: HapiConflictRow[] = [];
  for (const r of records) {
    const events = Number(r.events);
    const level = Number(r.admin_level);
    const start = /^\d{4}-\d{2}-\d{2}/.exec(r.reference_period_start ?? '')?.[0];
    if (
      !EVENT_TYPES.has(r.event_type) ||
      r.events === '' ||
      !Number.isFinite(events) ||
      !start ||
      !/^[A-Z]{3}$/.test(r.location_code) ||
      !Number.isInteger(level)
    )
      continue;
    const fatalities = Number(r.fatalities);
    out.push({
      locationCode: r.location_code,
      locationName: r.location_name,
      adminLevel: level,
      adminCode: level === 2 ? (r.admin2_code ?? '') : level === 1 ? (r.admin1_code ?? '') : '',
      eventType: r.event_type as HapiEventType,
      events,
      fatalities: Number.isFinite(fatalities) ? fatalities : 0,
      periodStart: start,
    });
  }
  return out;
}
