import { z } from 'zod';

/** NASA EONET (Earth Observatory Natural Event Tracker) v3 events API, JSON, no key. */
export const EONET_EVENTS_URL = 'https://eonet.gsfc.nasa.gov/api/v3/events?status=open&days=30';

export interface EonetPoint {
  date: number;
  lat: number;
  lon: number;
  magnitude: number | null;
  magnitudeUnit: string;
}

export interface EonetEvent {
  id: string;
  title: string;
  description: string;
  link: string;
  closed: number | null;
  categoryId: string;
  categoryTitle: string;
  sources: { id: string; url: string }[];
  /** Oldest first; polygons are reduced to the mean of their outer ring. */
  points: EonetPoint[];
}

const Geometry = z.object({
  magnitudeValue: z.number().nullable().optional(),
  magnitudeUnit: z.string().nullable().optional(),
  date: z.string(),
  type: z.string(),
  coordinates: z.unknown(),
});

const Event = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().nullable().optional(),
  link: z.string().optional(),
  closed: z.string().nullable().optional(),
  categories: z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string() })),
  sources: z.array(z.object({ id: z.string(), url: z.string() })).optional(),
  geometry: z.array(Geometry),
});

const Envelope = z.object({ events: z.array(z.unknown()) });

function positionOf(type: string, coordinates: unknown): [number, number] | undefined {
  if (type === 'Point' && Array.isArray(coordinates) && coordinates.length >= 2)
    return [Number(coordinates[0]), Number(coordinates[1])];
  if (type === 'Polygon' && Array.isArray(coordinates) && Array.isArray(coordinates[0])) {
    const ring = (coordinates[0] as unknown[]).filter((p): p is number[] => Array.isArray(p) && p.length >= 2);
    // The closing vertex repeats the first; leave it out of the mean.
    const open =
      ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
    if (open.length === 0) return undefined;
    return [
      open.reduce((s, p) => s + Number(p[0]), 0) / open.length,
      open.reduce((s, p) => s + Number(p[1]), 0) / open.length,
    ];
  }
  return undefined;
}

/**
 * Parses an EONET v3 events document. Events without a category or a dated, positioned geometry are
 * skipped (EONET occasionally publishes such stubs); a body that is not an events document is refused.
 */
export function parseEonetEvents(input: Buffer | string): EonetEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`EONET response is not JSON: ${(err as Error).message}`);
  }
  const env = Envelope.safeParse(json);
  if (!env.success) throw new Error('EONET response has no events array');
  const out: EonetEvent[] = [];
  for (const raw of env.data.events) {
    const e = Event.safeParse(raw);
    if (!e.success || e.data.categories.length === 0) continue;
    const points: EonetPoint[] = [];
    for (const g of e.data.geometry) {
      const date = Date.parse(g.date);
      const pos = positionOf(g.type, g.coordinates);
      if (!Number.isFinite(date) || !pos || !Number.isFinite(pos[0]) || !Number.isFinite(pos[1])) continue;
      points.push({
        date,
        lon: pos[0],
        lat: pos[1],
        magnitude: g.magnitudeValue ?? null,
        magnitudeUnit: g.magnitudeUnit ?? '',
      });
    }
    if (points.length === 0) continue;
    points.sort((a, b) => a.date - b.date);
    const closed = e.data.closed ? Date.parse(e.data.closed) : NaN;
    out.push({
      id: e.data.id,
      title: e.data.title.trim(),
      description: (e.data.description ?? '').trim(),
      link: e.data.link ?? '',
      closed: Number.isFinite(closed) ? closed : null,
      categoryId: e.data.categories[0].id,
      categoryTitle: e.data.categories[0].title,
      sources: e.data.sources ?? [],
      points,
    });
  }
  return out;
}
