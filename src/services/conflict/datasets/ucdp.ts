import { z } from 'zod';
import { isValidCoordinate } from '../../../platform/geo.js';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { DAY_MS } from '../rules.js';
import { newestFirst } from '../../../platform/ordering.js';
import type { UcdpViolenceEvent } from '../schemas.js';

export const UCDP_EVENTS = 'conflict.ucdp-events';
/** Trailing window kept, measured from the newest event in the feed, and the most events kept. */
export const UCDP_WINDOW_DAYS = 365;
export const UCDP_MAX_EVENTS = 2000;

const num = z.union([z.number(), z.string()]).nullable().optional();

const GedEvent = z.object({
  id: z.union([z.number(), z.string()]),
  type_of_violence: num,
  side_a: z.string().nullable().optional(),
  side_b: z.string().nullable().optional(),
  source_original: z.string().nullable().optional(),
  latitude: num,
  longitude: num,
  country: z.string(),
  date_start: z.string(),
  date_end: z.string().nullable().optional(),
  best: num,
  low: num,
  high: num,
});

const GedPage = z.object({
  TotalCount: z.number().optional(),
  Result: z.array(z.unknown()),
});

const VIOLENCE: Record<number, UcdpViolenceEvent['violenceType']> = {
  1: 'UCDP_VIOLENCE_TYPE_STATE_BASED',
  2: 'UCDP_VIOLENCE_TYPE_NON_STATE',
  3: 'UCDP_VIOLENCE_TYPE_ONE_SIDED',
};

/** GED dates come as `YYYY-MM-DD` or `YYYY-MM-DDT00:00:00`; both read as UTC. */
function gedDate(s: string | null | undefined): number {
  if (!s) return NaN;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00:00(?:\.0+)?Z?)?$/.exec(s.trim());
  return m ? Date.parse(`${m[1]}T00:00:00Z`) : NaN;
}

function count(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? Math.min(n, 2147483647) : 0;
}

/** One page of the UCDP GED API (`/api/gedevents/<version>`) -> events with valid positions and dates. */
export function parseUcdpPage(bytes: Buffer): UcdpViolenceEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`UCDP response is not JSON: ${(err as Error).message}`);
  }
  const page = GedPage.safeParse(json);
  if (!page.success) throw new Error('UCDP response has no Result array');
  const out: UcdpViolenceEvent[] = [];
  for (const raw of page.data.Result) {
    const r = GedEvent.safeParse(raw);
    if (!r.success) continue;
    const e = r.data;
    const lat = typeof e.latitude === 'string' ? Number(e.latitude) : e.latitude;
    const lon = typeof e.longitude === 'string' ? Number(e.longitude) : e.longitude;
    const dateStart = gedDate(e.date_start);
    const dateEnd = e.date_end ? gedDate(e.date_end) : dateStart;
    if (!isValidCoordinate(lat, lon) || !Number.isFinite(dateStart) || !Number.isFinite(dateEnd)) continue;
    out.push({
      id: String(e.id),
      dateStart,
      dateEnd: Math.max(dateStart, dateEnd),
      location: { latitude: lat, longitude: lon as number },
      country: e.country.trim(),
      sideA: (e.side_a ?? '').trim(),
      sideB: (e.side_b ?? '').trim(),
      deathsBest: count(e.best),
      deathsLow: count(e.low),
      deathsHigh: count(e.high),
      violenceType: VIOLENCE[Number(e.type_of_violence)] ?? 'UCDP_VIOLENCE_TYPE_UNSPECIFIED',
      sourceOriginal: (e.source_original ?? '').trim(),
    });
  }
  return out;
}

const order = newestFirst<UcdpViolenceEvent>(
  (e) => e.dateStart,
  (e) => e.id,
);

/** Newest first, one per id, within the trailing year of the newest event, at most 2000. */
export function buildUcdpEvents(events: readonly UcdpViolenceEvent[], now: number) {
  let newest = 0;
  for (const e of events) if (e.dateStart <= now && e.dateStart > newest) newest = e.dateStart;
  const from = newest - UCDP_WINDOW_DAYS * DAY_MS;
  const seen = new Set<string>();
  const kept = events.filter(
    (e) => e.dateStart >= from && e.dateStart <= now && (seen.has(e.id) ? false : (seen.add(e.id), true)),
  );
  kept.sort(order);
  return { records: kept.slice(0, UCDP_MAX_EVENTS), info: { newestEventAt: newest, windowStart: from } };
}

export const ucdpEventsDataset: Dataset<UcdpViolenceEvent> = {
  name: UCDP_EVENTS,
  source: 'Uppsala Conflict Data Program (UCDP GED / Candidate)',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    ged: {
      url: 'https://ucdpapi.pcr.uu.se/api/gedevents/26.0.10?pagesize=1000&page=0',
      sample: 'conflict/ucdp-gedevents.json',
      headers: (config): Record<string, string> =>
        config.UCDP_ACCESS_TOKEN ? { 'x-ucdp-access-token': config.UCDP_ACCESS_TOKEN } : {},
    },
  },
  parse(payloads, now) {
    return buildUcdpEvents(parseUcdpPage(payloads.ged!), now);
  },
};
