import { z } from 'zod';
import type { Config } from '../../config.js';

/** OpenAQ v3 (`X-API-Key`): monitoring locations and the latest value per sensor of a parameter. */
export const OPENAQ = 'https://api.openaq.org/v3';
export const PM25_PARAMETER_ID = 2;

export function openaqHeaders(config: Config): Record<string, string> {
  return config.OPENAQ_API_KEY
    ? { 'x-api-key': config.OPENAQ_API_KEY, accept: 'application/json' }
    : { accept: 'application/json' };
}

export interface OpenAqLocation {
  id: string;
  name: string;
  locality: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

export interface OpenAqLatest {
  locationId: string;
  value: number;
  at: number;
  latitude: number;
  longitude: number;
}

const Page = z.object({ results: z.array(z.unknown()) });

function pagesOf(input: Buffer | string, what: string): unknown[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`OpenAQ ${what} is not JSON: ${(err as Error).message}`);
  }
  const pages = Array.isArray(json) ? json : [json];
  return pages.flatMap((p) => {
    const page = Page.safeParse(p);
    if (!page.success) throw new Error(`OpenAQ ${what} has no results list`);
    return page.data.results;
  });
}

const Location = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  name: z.string().nullable().optional(),
  locality: z.string().nullable().optional(),
  country: z.object({ code: z.string() }).nullable().optional(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
});

/** `/v3/locations` pages (one page or a JSON array of pages). */
export function parseOpenAqLocations(input: Buffer | string): OpenAqLocation[] {
  return pagesOf(input, 'locations').flatMap((raw) => {
    const l = Location.safeParse(raw);
    if (!l.success) return [];
    return [
      {
        id: l.data.id,
        name: l.data.name ?? '',
        locality: l.data.locality ?? '',
        countryCode: (l.data.country?.code ?? '').toUpperCase(),
        latitude: l.data.coordinates.latitude,
        longitude: l.data.coordinates.longitude,
      },
    ];
  });
}

const Latest = z.object({
  datetime: z.object({ utc: z.string() }),
  value: z.number(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  locationsId: z.union([z.number(), z.string()]).transform(String),
});

/** `/v3/parameters/{id}/latest` pages; readings without a time or with a negative value are skipped. */
export function parseOpenAqLatest(input: Buffer | string): OpenAqLatest[] {
  return pagesOf(input, 'latest readings').flatMap((raw) => {
    const r = Latest.safeParse(raw);
    if (!r.success) return [];
    const at = Date.parse(r.data.datetime.utc);
    if (!Number.isFinite(at) || r.data.value < 0) return [];
    return [
      {
        locationId: r.data.locationsId,
        value: r.data.value,
        at,
        latitude: r.data.coordinates.latitude,
        longitude: r.data.coordinates.longitude,
      },
    ];
  });
}
