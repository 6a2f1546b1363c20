import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isValidCoordinate } from '../../../platform/geo.js';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { resolveCountry } from '../../../reference/countries.js';
import { acledReferenceTime, parseAcledPayload, DAY_MS, windowStart } from '../../conflict/index.js';
import { acledSeverity, acledUnrestType, bySeverityThenTime, gdeltSeverity } from '../rules.js';
import type { UnrestEvent } from '../schemas.js';

export const UNREST_EVENTS = 'unrest.events';
/** ACLED demonstrations are kept for 30 days, GDELT article locations for 7, each from its feed's own time. */
export const ACLED_UNREST_DAYS = 30;
export const GDELT_UNREST_DAYS = 7;

const UNREST_TYPES = new Set(['Protests', 'Riots']);

/** ACLED demonstrations (event types Protests and Riots) as unrest events. */
export function acledUnrest(bytes: Buffer, now: number): UnrestEvent[] {
  const { rows } = parseAcledPayload(bytes);
  const ref = acledReferenceTime(rows, now);
  const from = windowStart(ref, ACLED_UNREST_DAYS);
  return rows
    .filter((r) => UNREST_TYPES.has(r.eventType) && r.occurredAt >= from && r.occurredAt <= ref)
    .map((r) => ({
      id: `acled-${r.id}`,
      title: `${r.subEventType || r.eventType} in ${[r.location, r.country].filter(Boolean).join(', ')}`,
      summary: r.notes,
      eventType: acledUnrestType(r.eventType, r.notes),
      city: r.location,
      country: r.country,
      region: r.admin1,
      location: { latitude: r.lat, longitude: r.lon },
      occurredAt: r.occurredAt,
      severity: acledSeverity(r.eventType, r.subEventType, r.fatalities),
      fatalities: r.fatalities,
      sources: r.source
        ? r.source
            .split(';')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
      sourceType: 'UNREST_SOURCE_TYPE_ACLED' as const,
      tags: r.tags,
      actors: [r.actor1, r.actor2, ...r.assocActors].filter((a) => a !== ''),
      confidence: 'CONFIDENCE_LEVEL_HIGH' as const,
      sourceUrls: [],
    }));
}

const GdeltFeature = z.object({
  properties: z.object({
    name: z.string(),
    url: z.string().optional(),
    urlpubtimedate: z.string(),
    urltone: z.union([z.number(), z.string()]).optional(),
    domain: z.string().optional(),
    mentionedthemes: z.string().optional(),
  }),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()).min(2) }).nullable(),
});
const GdeltCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/**
 * GDELT GKG GeoJSON (protest query): one feature per article location, named
 * "City, Region, Country". Locations whose country is not in the reference table are dropped.
 */
export function gdeltUnrest(bytes: Buffer): UnrestEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`GDELT response is not JSON: ${(err as Error).message}`);
  }
  const fc = GdeltCollection.safeParse(json);
  if (!fc.success) throw new Error('GDELT response is not a GeoJSON FeatureCollection');
  const parsed: { e: UnrestEvent; t: number }[] = [];
  let latest = 0;
  for (const raw of fc.data.features) {
    const f = GdeltFeature.safeParse(raw);
    if (!f.success || !f.data.geometry) continue;
    const [lon, lat] = f.data.geometry.coordinates;
    const t = Date.parse(f.data.properties.urlpubtimedate);
    const parts = f.data.properties.name
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const country = resolveCountry(parts[parts.length - 1] ?? '');
    if (!isValidCoordinate(lat, lon) || !Number.isFinite(t) || !country) continue;
    const url = f.data.properties.url ?? '';
    const id = `gdelt-${createHash('sha1').update(`${url}|${f.data.properties.name}`).digest('hex').slice(0, 16)}`;
    latest = Math.max(latest, t);
    parsed.push({
      t,
      e: {
        id,
        title: `Protest reported in ${parts.join(', ')}`,
        summary: `A news article${f.data.properties.domain ? ` on ${f.data.properties.domain}` : ''} places a protest in ${parts.join(', ')}.`,
        eventType: 'UNREST_EVENT_TYPE_PROTEST',
        city: parts.length > 1 ? parts[0] : '',
        country: country.name,
        region: parts.length > 2 ? parts[1] : '',
        location: { latitude: lat, longitude: lon },
        occurredAt: t,
        severity: gdeltSeverity(Number(f.data.properties.urltone)),
        fatalities: 0,
        sources: f.data.properties.domain ? [f.data.properties.domain] : [],
        sourceType: 'UNREST_SOURCE_TYPE_GDELT',
        tags: (f.data.properties.mentionedthemes ?? '')
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 10),
        actors: [],
        confidence: 'CONFIDENCE_LEVEL_LOW',
        sourceUrls: url ? [url] : [],
      },
    });
  }
  const from = latest - GDELT_UNREST_DAYS * DAY_MS;
  return parsed.filter((p) => p.t >= from).map((p) => p.e);
}

export const unrestEventsDataset: Dataset<UnrestEvent> = {
  name: UNREST_EVENTS,
  source: 'ACLED (demonstrations); GDELT GKG',
  kind: 'live',
  maxStaleMinutes: 120,
  sources: {
    acled: {
      url: 'https://acleddata.com/api/acled/read?_format=json&limit=0&event_type=Protests:OR:event_type=Riots',
      sample: 'unrest/acled-demonstrations.json',
      requires: ['ACLED_ACCESS_TOKEN'],
      headers: (config): Record<string, string> =>
        config.ACLED_ACCESS_TOKEN ? { authorization: `Bearer ${config.ACLED_ACCESS_TOKEN}` } : {},
    },
    gdelt: {
      url: 'https://api.gdeltproject.org/api/v1/gkg_geojson?QUERY=PROTEST&TIMESPAN=1440&MAXROWS=2500',
      sample: 'unrest/gdelt-gkg-protest.geojson',
      optional: true,
    },
  },
  parse(payloads, now) {
    const acled = acledUnrest(payloads.acled!, now);
    const gdelt = payloads.gdelt ? gdeltUnrest(payloads.gdelt) : [];
    const seen = new Set<string>();
    const records = [...acled, ...gdelt].filter(
      (e) => e.occurredAt <= now && (seen.has(e.id) ? false : (seen.add(e.id), true)),
    );
    records.sort(bySeverityThenTime);
    return { records, info: { acledCount: acled.length, gdeltCount: gdelt.length } };
  },
};
