import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../platform/geo.js';
import { textOf } from '../../../platform/xml.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
import type { Earthquake } from '../schemas.js';
import { duplicateIndices, PUBLISH_MIN_MAGNITUDE, PUBLISH_WINDOW_MS, testSiteConcern } from '../rules.js';
import { newestFirst } from '../../../platform/ordering.js';

export const EARTHQUAKES = 'seismology.earthquakes';

/** An agency report before enrichment. */
interface Report {
  id: string;
  place: string;
  magnitude: number;
  depthKm: number;
  lat: number;
  lon: number;
  occurredAt: number;
  sourceUrl: string;
  source: 'usgs' | 'nrcan';
  category?: string;
}

/** Event types that are human activity, not seismic events of interest. */
const INDUSTRY_TYPES = /quarry|mining|industr|blast|rock burst|sonic/i;

/** The envelope is checked with zod; the (possibly 100k) features with a cheap hand-written guard. */
const UsgsEnvelope = z.object({
  type: z.literal('FeatureCollection'),
  metadata: z.object({ generated: z.number().optional() }).optional(),
  features: z.array(z.unknown()),
});

interface UsgsFeature {
  id: string;
  properties: { mag: number; place?: string | null; time: number; url?: string; type?: string };
  geometry: { coordinates: [number, number, number?] };
}

function isUsgsFeature(f: unknown): f is UsgsFeature {
  const x = f as Partial<UsgsFeature> | null;
  const p = x?.properties;
  const c = x?.geometry?.coordinates;
  return (
    typeof x?.id === 'string' &&
    x.id.length > 0 &&
    x.id.length <= 100 &&
    typeof p === 'object' &&
    p !== null &&
    typeof p.mag === 'number' &&
    Number.isFinite(p.mag) &&
    typeof p.time === 'number' &&
    (p.place === undefined || p.place === null || typeof p.place === 'string') &&
    (p.url === undefined || typeof p.url === 'string') &&
    (p.type === undefined || typeof p.type === 'string') &&
    Array.isArray(c) &&
    isValidCoordinate(c[1], c[0])
  );
}

/** USGS GeoJSON summary feed -> reports. Features without magnitude or position, or malformed, are dropped. */
export function parseUsgs(bytes: Buffer): { generatedAt?: number; reports: Report[] } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`USGS feed is not JSON: ${(err as Error).message}`);
  }
  const feed = UsgsEnvelope.safeParse(json);
  if (!feed.success)
    throw new Error(`USGS feed has an unexpected shape: ${feed.error.issues[0]?.message ?? 'unknown'}`);
  const out: Report[] = [];
  for (const f of feed.data.features) {
    if (!isUsgsFeature(f)) continue;
    if (f.properties.type && INDUSTRY_TYPES.test(f.properties.type)) continue;
    const [lon, lat, depth] = f.geometry.coordinates;
    out.push({
      id: f.id,
      place: f.properties.place ?? '',
      magnitude: f.properties.mag,
      depthKm: typeof depth === 'number' && Number.isFinite(depth) ? depth : 0,
      lat,
      lon,
      occurredAt: f.properties.time,
      sourceUrl: f.properties.url ?? `https://earthquake.usgs.gov/earthquakes/eventpage/${f.id}`,
      source: 'usgs',
    });
  }
  return { generatedAt: feed.data.metadata?.generated, reports: out };
}

/** NRCan Atom feed -> reports. Magnitude comes from the title (`M 4.7 - place`), depth from the summary. */
export function parseNrcan(bytes: Buffer): Report[] {
  const feed = parseFeed(bytes, { raw: true, expect: 'atom' });
  const out: Report[] = [];
  for (const entry of feed.items) {
    const m = /^M\s*([0-9]+(?:\.[0-9]+)?)\s*[-–]\s*(.+)$/.exec(entry.title);
    // GeoRSS is not part of the shared item: the point comes from the raw entry.
    const point = textOf(entry.raw?.['georss:point']).split(/\s+/).map(Number);
    const occurredAt = entry.publishedAt;
    const category = entry.categories[0] ?? '';
    if (!m || point.length < 2 || !isValidCoordinate(point[0], point[1]) || occurredAt === undefined || !entry.id)
      continue;
    if (INDUSTRY_TYPES.test(category)) continue;
    const depth = /depth:\s*(?:<\/b>)?\s*([0-9]+(?:\.[0-9]+)?)\s*km/i.exec(entry.summary);
    out.push({
      id: `nrcan:${entry.id.slice(entry.id.lastIndexOf(':') + 1)}`.slice(0, 100),
      place: m[2].trim(),
      magnitude: Number(m[1]),
      depthKm: depth ? Number(depth[1]) : 0,
      lat: point[0],
      lon: point[1],
      occurredAt,
      sourceUrl: entry.link,
      source: 'nrcan',
      category,
    });
  }
  return out;
}

function toEarthquake(r: Report): Earthquake {
  return {
    id: r.id,
    place: r.place,
    magnitude: r.magnitude,
    depthKm: r.depthKm,
    location: { latitude: r.lat, longitude: r.lon },
    occurredAt: r.occurredAt,
    sourceUrl: r.sourceUrl,
    ...testSiteConcern(r.lat, r.lon, r.magnitude, r.depthKm),
    source: r.source,
    ...(r.category !== undefined ? { category: r.category } : {}),
  };
}

/**
 * Merges both agencies: keeps M >= 4.5 within the last 7 days, drops NRCan reports that are
 * unambiguous duplicates of a USGS report, scores test-site proximity and orders newest first.
 */
export function buildEarthquakes(usgs: Report[], nrcan: Report[], now: number): Earthquake[] {
  const keep = (r: Report) =>
    r.magnitude >= PUBLISH_MIN_MAGNITUDE && r.occurredAt >= now - PUBLISH_WINDOW_MS && r.occurredAt <= now + 3_600_000;
  const primary = usgs.filter(keep);
  const secondary = nrcan.filter(keep);
  const dupes = duplicateIndices(primary, secondary);
  const merged = [...primary, ...secondary.filter((_, i) => !dupes.has(i))];
  const seen = new Set<string>();
  return merged
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .map(toEarthquake)
    .sort(
      newestFirst(
        (q) => q.occurredAt,
        (q) => q.id,
      ),
    );
}

export const earthquakesDataset: Dataset<Earthquake> = {
  name: EARTHQUAKES,
  source: 'USGS Earthquake Hazards Program; Natural Resources Canada',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {
    usgs: {
      url: 'https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/4.5_week.geojson',
      sample: 'seismology/usgs-4.5_week.geojson',
    },
    nrcan: {
      url: 'https://www.earthquakescanada.nrcan.gc.ca/cache/earthquakes/canada-en.atom',
      sample: 'seismology/nrcan-canada-en.atom',
      optional: true,
    },
  },
  parse(payloads, now) {
    const usgs = parseUsgs(payloads.usgs!);
    const nrcan = payloads.nrcan ? parseNrcan(payloads.nrcan) : [];
    // The 7-day window is measured from when USGS generated the feed, so a replayed or bundled
    // feed keeps the events it had when it was published.
    const reference = Math.min(usgs.generatedAt ?? now, now);
    return { records: buildEarthquakes(usgs.reports, nrcan, reference), info: { feedGeneratedAt: reference } };
  },
};
