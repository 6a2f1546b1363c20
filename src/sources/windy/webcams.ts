import { z } from 'zod';

/** Windy Webcams API v3 (`x-windy-api-key` header). */
export const WINDY_WEBCAMS = 'https://api.windy.com/webcams/api/v3/webcams';
export const WINDY_PAGE_SIZE = 50;

export function webcamListUrl(offset: number, limit = WINDY_PAGE_SIZE): string {
  return `${WINDY_WEBCAMS}?include=location,categories&limit=${limit}&offset=${offset}`;
}

export function webcamDetailUrl(id: string): string {
  return `${WINDY_WEBCAMS}/${encodeURIComponent(id)}?include=images,urls,player`;
}

export function windyHeaders(key: string | undefined): Record<string, string> {
  return key ? { 'x-windy-api-key': key, accept: 'application/json' } : { accept: 'application/json' };
}

export interface WindyWebcam {
  webcamId: string;
  title: string;
  status: string;
  lastUpdatedOn: string;
  latitude: number;
  longitude: number;
  countryCode: string;
  country: string;
  city: string;
  categories: string[];
}

const Webcam = z.object({
  webcamId: z.union([z.number(), z.string()]).transform(String),
  title: z.string(),
  status: z.string().optional(),
  lastUpdatedOn: z.string().optional(),
  categories: z.array(z.object({ id: z.string() })).optional(),
  location: z.object({
    latitude: z.number(),
    longitude: z.number(),
    city: z.string().optional(),
    country: z.string().optional(),
    country_code: z.string().optional(),
  }),
});

const Page = z.object({ total: z.number().optional(), webcams: z.array(z.unknown()) });

function parseJson(input: Buffer | string, what: string): unknown {
  try {
    return JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`Windy ${what} is not JSON: ${(err as Error).message}`);
  }
}

/** Parses one list page, or a JSON array of pages; webcams without a position are skipped. */
export function parseWebcamPages(input: Buffer | string): WindyWebcam[] {
  const json = parseJson(input, 'webcams response');
  const pages = Array.isArray(json) ? json : [json];
  const out: WindyWebcam[] = [];
  for (const p of pages) {
    const page = Page.safeParse(p);
    if (!page.success) throw new Error('Windy webcams response has no webcams list');
    for (const raw of page.data.webcams) {
      const w = Webcam.safeParse(raw);
      if (!w.success) continue;
      const { latitude, longitude } = w.data.location;
      if (
        !Number.isFinite(latitude) ||
        !Number.isFinite(longitude) ||
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180
      )
        continue;
      out.push({
        webcamId: w.data.webcamId,
        title: w.data.title.trim(),
        status: w.data.status ?? 'active',
        lastUpdatedOn: w.data.lastUpdatedOn ?? '',
        latitude,
        longitude,
        countryCode: (w.data.location.country_code ?? '').toUpperCase(),
        country: w.data.location.country ?? '',
        city: w.data.location.city ?? '',
        categories: (w.data.categories ?? []).map((c) => c.id),
      });
    }
  }
  return out;
}

export interface WindyImage {
  title: string;
  thumbnailUrl: string;
  playerUrl: string;
  detailUrl: string;
  lastUpdatedOn: string;
}

const Detail = z.object({
  webcamId: z.union([z.number(), z.string()]).transform(String),
  title: z.string().optional(),
  lastUpdatedOn: z.string().optional(),
  images: z
    .object({
      current: z.object({ preview: z.string().optional(), thumbnail: z.string().optional() }).optional(),
    })
    .optional(),
  urls: z.object({ detail: z.string().optional() }).optional(),
  player: z.object({ live: z.string().optional(), day: z.string().optional() }).optional(),
});

/** One webcam with its current images (`include=images,urls,player`). */
export function parseWebcamDetail(input: Buffer | string): WindyImage {
  const d = Detail.safeParse(parseJson(input, 'webcam response'));
  if (!d.success) throw new Error('Windy webcam response has an unexpected shape');
  const current = d.data.images?.current;
  return {
    title: d.data.title ?? '',
    thumbnailUrl: current?.preview || current?.thumbnail || '',
    playerUrl: d.data.player?.live || d.data.player?.day || '',
    detailUrl: d.data.urls?.detail || '',
    lastUpdatedOn: d.data.lastUpdatedOn ?? '',
  };
}
