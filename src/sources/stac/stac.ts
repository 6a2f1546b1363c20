import { z } from 'zod';

/** Element84 Earth Search, a public STAC API over the Sentinel archives on AWS. No key. */
export const EARTH_SEARCH = 'https://earth-search.aws.element84.com/v1';

export function stacSearchUrl(
  collections: readonly string[],
  bbox: readonly number[],
  datetime: string,
  limit: number,
): string {
  const q = new URLSearchParams({
    collections: collections.join(','),
    bbox: bbox.join(','),
    datetime,
    limit: String(limit),
    sortby: '-properties.datetime',
  });
  return `${EARTH_SEARCH}/search?${q.toString()}`;
}

export interface StacAsset {
  href: string;
  roles: string[];
}

export interface StacItem {
  id: string;
  collection: string;
  datetime: string;
  geometry: unknown;
  bbox: [number, number, number, number] | undefined;
  properties: Record<string, unknown>;
  assets: Record<string, StacAsset>;
  links: { rel: string; href: string }[];
}

const Item = z.object({
  type: z.literal('Feature'),
  id: z.string().min(1),
  collection: z.string().optional(),
  geometry: z.unknown(),
  bbox: z.array(z.number()).optional(),
  properties: z.record(z.string(), z.unknown()),
  assets: z.record(z.string(), z.object({ href: z.string(), roles: z.array(z.string()).optional() })).optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});

/**
 * Parses a STAC ItemCollection (a GeoJSON FeatureCollection of items), or several concatenated as a
 * JSON array of them. Items without a datetime are skipped; anything else is refused.
 */
export function parseStacItems(input: Buffer | string): StacItem[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`STAC response is not JSON: ${(err as Error).message}`);
  }
  const collections = Array.isArray(json) ? json : [json];
  const out: StacItem[] = [];
  for (const c of collections) {
    const fc = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }).safeParse(c);
    if (!fc.success) throw new Error('STAC response is not a FeatureCollection');
    for (const raw of fc.data.features) {
      const it = Item.safeParse(raw);
      if (!it.success) continue;
      const dt = it.data.properties.datetime;
      if (typeof dt !== 'string' || !Number.isFinite(Date.parse(dt))) continue;
      const b = it.data.bbox;
      out.push({
        id: it.data.id,
        collection: it.data.collection ?? '',
        datetime: dt,
        geometry: it.data.geometry,
        bbox: b && b.length >= 4 ? [b[0], b[1], b[2], b[3]] : undefined,
        properties: it.data.properties,
        assets: Object.fromEntries(
          Object.entries(it.data.assets ?? {}).map(([k, a]) => [k, { href: a.href, roles: a.roles ?? [] }]),
        ),
        links: it.data.links ?? [],
      });
    }
  }
  return out;
}

/** `s3://bucket/key` -> the bucket's public HTTPS address; other addresses unchanged. */
export function publicHref(href: string): string {
  const m = /^s3:\/\/([^/]+)\/(.*)$/.exec(href);
  return m ? `https://${m[1]}.s3.amazonaws.com/${m[2]}` : href;
}
