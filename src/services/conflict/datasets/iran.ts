import { z } from 'zod';
import { isValidCoordinate } from '../../../platform/geo.js';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { DAY_MS } from '../rules.js';
import type { IranEvent } from '../schemas.js';

export const IRAN_EVENTS = 'conflict.iran-events';
/** Reports older than this, measured from the feed's own time, are dropped. */
export const IRAN_WINDOW_DAYS = 14;

export interface IranInfo {
  /** When the feed was produced, epoch ms (served as `scrapedAt`). */
  scrapedAt: number;
}

const num = z.union([z.number(), z.string()]).nullable().optional();

/** The live-map venue feed: `{ datetime, venues: [...] }`, times in Unix seconds. */
const Venue = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  lat: num,
  lng: num,
  time: num,
  link: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
});
const Feed = z.object({ datetime: num, venues: z.array(z.unknown()) });

/** Keyword rules in priority order: the first that matches the headline names its category. */
const CATEGORY_RULES: readonly [string, RegExp, IranEvent['severity']][] = [
  ['airstrike', /\b(air ?strikes?|missiles?|drones?|explosions?|blasts?|shelling|rockets?|bombing)\b/i, 'high'],
  ['military', /\b(irgc|army|navy|military|troops|air defen[cs]e|exercise|warships?|basij)\b/i, 'medium'],
  ['security', /\b(arrest(ed|s)?|execut(ed|ion|ions)|police|security forces|detain(ed)?|raid)\b/i, 'medium'],
  ['protest', /\b(protests?|protesters|demonstrat(ion|ions|ors)|rall(y|ies)|strikes? by|chant(ed|ing)?)\b/i, 'low'],
];
const SEVERITY_OF: Record<string, IranEvent['severity']> = Object.fromEntries(CATEGORY_RULES.map(([c, , s]) => [c, s]));

export function classifyIranReport(
  headline: string,
  given?: string | null,
): { category: string; severity: IranEvent['severity'] } {
  const explicit = given?.trim().toLowerCase();
  if (explicit) return { category: explicit, severity: SEVERITY_OF[explicit] ?? 'low' };
  for (const [category, re, severity] of CATEGORY_RULES) if (re.test(headline)) return { category, severity };
  return { category: 'other', severity: 'low' };
}

const toNum = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN);

export function parseIranFeed(bytes: Buffer, now: number): { records: IranEvent[]; info: IranInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Iran map feed is not JSON: ${(err as Error).message}`);
  }
  const feed = Feed.safeParse(json);
  if (!feed.success) throw new Error('Iran map feed has no venues array');
  const produced = toNum(feed.data.datetime);
  const scrapedAt = Number.isFinite(produced) && produced > 0 ? Math.min(produced * 1000, now) : now;
  const from = scrapedAt - IRAN_WINDOW_DAYS * DAY_MS;
  const seen = new Set<string>();
  const records: { e: IranEvent; t: number }[] = [];
  for (const raw of feed.data.venues) {
    const v = Venue.safeParse(raw);
    if (!v.success) continue;
    const lat = toNum(v.data.lat);
    const lon = toNum(v.data.lng);
    const t = toNum(v.data.time) * 1000;
    const id = String(v.data.id).trim();
    if (!id || seen.has(id) || !isValidCoordinate(lat, lon) || !Number.isSafeInteger(t) || t < from || t > scrapedAt)
      continue;
    seen.add(id);
    const { category, severity } = classifyIranReport(v.data.name, v.data.category);
    records.push({
      t,
      e: {
        id,
        title: v.data.name.trim(),
        category,
        sourceUrl: (v.data.source || v.data.link || '').trim(),
        latitude: lat,
        longitude: lon,
        locationName: (v.data.location ?? '').trim(),
        timestamp: String(t),
        severity,
      },
    });
  }
  records.sort((a, b) => b.t - a.t || (a.e.id < b.e.id ? -1 : 1));
  return { records: records.map((r) => r.e), info: { scrapedAt } };
}

export const iranEventsDataset: Dataset<IranEvent, IranInfo> = {
  name: IRAN_EVENTS,
  source: 'Liveuamap (Iran)',
  kind: 'live',
  maxStaleMinutes: IRAN_WINDOW_DAYS * 24 * 60,
  // A quiet fortnight is possible; an empty feed is still a valid answer.
  allowEmpty: true,
  sources: {
    venues: { url: 'https://iran.liveuamap.com/api/venues?format=json', sample: 'conflict/iran-venues.json' },
  },
  parse(payloads, now) {
    return parseIranFeed(payloads.venues!, now);
  },
};
