import { z } from 'zod';
import { isValidCoordinate } from '../../../platform/geo.js';

/**
 * The ACLED API's JSON envelope (`/api/acled/read?_format=json`). ACLED sends most numbers as
 * strings, so numeric fields accept either form. Conflict and unrest both read this format.
 */
const num = z.union([z.number(), z.string()]).nullable().optional();
const str = z.string().nullable().optional();

const AcledRow = z.object({
  event_id_cnty: z.string().min(1),
  event_date: z.string(),
  event_type: z.string(),
  sub_event_type: str,
  actor1: str,
  assoc_actor_1: str,
  actor2: str,
  assoc_actor_2: str,
  country: z.string(),
  admin1: str,
  location: str,
  latitude: num,
  longitude: num,
  source: str,
  notes: str,
  fatalities: num,
  tags: str,
  timestamp: num,
});

const AcledEnvelope = z.object({
  status: z.number().optional(),
  success: z.boolean().optional(),
  count: num,
  data: z.array(z.unknown()),
  error: z.unknown().optional(),
});

/** One ACLED row with its numbers and dates decoded. */
export interface AcledRecord {
  id: string;
  eventType: string;
  subEventType: string;
  actor1: string;
  actor2: string;
  assocActors: string[];
  country: string;
  admin1: string;
  location: string;
  lat: number;
  lon: number;
  occurredAt: number;
  fatalities: number;
  source: string;
  notes: string;
  tags: string[];
  /** When ACLED last wrote the row, epoch ms; 0 when absent. */
  uploadedAt: number;
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as midnight UTC, NaN when it is not a real calendar date. */
export function parseDay(s: string): number {
  const m = DATE.exec(s.trim());
  if (!m) return NaN;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === s.trim() ? t : NaN;
}

const splitList = (s: string | null | undefined, sep: RegExp) =>
  (s ?? '')
    .split(sep)
    .map((x) => x.trim())
    .filter((x) => x !== '');

/**
 * Decodes an ACLED payload. Throws on bytes that are not an ACLED response at all (so ingestion
 * keeps the previous snapshot); skips individual rows that lack an id, a real date or a valid
 * position (the spec omits rows without coordinates).
 */
export function parseAcledPayload(bytes: Buffer): { rows: AcledRecord[]; skipped: number } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`ACLED response is not JSON: ${(err as Error).message}`);
  }
  const env = AcledEnvelope.safeParse(json);
  if (!env.success) throw new Error('ACLED response has no data array');
  if (env.data.success === false || (env.data.status !== undefined && env.data.status !== 200)) {
    throw new Error(`ACLED reported a failure (status ${env.data.status ?? 'unknown'})`);
  }
  const rows: AcledRecord[] = [];
  let skipped = 0;
  for (const raw of env.data.data) {
    const r = AcledRow.safeParse(raw);
    if (!r.success) {
      skipped++;
      continue;
    }
    const d = r.data;
    const lat = toNumber(d.latitude);
    const lon = toNumber(d.longitude);
    const occurredAt = parseDay(d.event_date);
    if (!isValidCoordinate(lat, lon) || !Number.isFinite(occurredAt)) {
      skipped++;
      continue;
    }
    const fatalities = toNumber(d.fatalities);
    const uploaded = toNumber(d.timestamp);
    rows.push({
      id: d.event_id_cnty.trim(),
      eventType: d.event_type.trim(),
      subEventType: (d.sub_event_type ?? '').trim(),
      actor1: (d.actor1 ?? '').trim(),
      actor2: (d.actor2 ?? '').trim(),
      assocActors: [...splitList(d.assoc_actor_1, /;/), ...splitList(d.assoc_actor_2, /;/)],
      country: d.country.trim(),
      admin1: (d.admin1 ?? '').trim(),
      location: (d.location ?? '').trim(),
      lat,
      lon,
      occurredAt,
      fatalities: Number.isInteger(fatalities) && fatalities >= 0 ? Math.min(fatalities, 2147483647) : 0,
      source: (d.source ?? '').trim(),
      notes: (d.notes ?? '').trim(),
      tags: splitList(d.tags, /;/),
      uploadedAt: Number.isFinite(uploaded) && uploaded > 0 ? uploaded * 1000 : 0,
    });
  }
  return { rows, skipped };
}

/**
 * The instant a payload describes: the latest upload time it carries, never later than `now`.
 * Windows are measured from it so a replayed or bundled payload keeps its events.
 */
export function acledReferenceTime(rows: readonly AcledRecord[], now: number): number {
  let latest = 0;
  for (const r of rows) if (r.uploadedAt > latest) latest = r.uploadedAt;
  return latest > 0 ? Math.min(latest, now) : now;
}
