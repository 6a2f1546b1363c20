import { z } from 'zod';

/** ReliefWeb API v2 disasters (JSON; needs an approved `appname`). */
export function reliefwebDisastersUrl(appname: string, typeCodes: readonly string[], limit = 250): string {
  const q = new URLSearchParams({ appname, profile: 'full', limit: String(limit), 'sort[]': 'date.event:desc' });
  q.append('filter[field]', 'type.code');
  for (const c of typeCodes) q.append('filter[value][]', c);
  return `https://api.reliefweb.int/v2/disasters?${q.toString()}`;
}

export interface ReliefwebDisaster {
  id: string;
  name: string;
  status: string;
  typeCode: string;
  eventAt: number;
  countryName: string;
  iso3: string;
  lat: number | undefined;
  lon: number | undefined;
  url: string;
}

const Fields = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  name: z.string(),
  status: z.string().optional(),
  date: z.object({ event: z.string().optional(), created: z.string().optional() }).optional(),
  primary_country: z
    .object({
      name: z.string(),
      iso3: z.string().optional(),
      location: z.object({ lat: z.number(), lon: z.number() }).optional(),
    })
    .optional(),
  primary_type: z.object({ code: z.string() }).optional(),
  url: z.string().optional(),
});

/** `data[].fields`; entries without an id, a name or an event date are skipped. */
export function parseReliefwebDisasters(input: Buffer | string): ReliefwebDisaster[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`ReliefWeb response is not JSON: ${(err as Error).message}`);
  }
  const env = z.object({ data: z.array(z.object({ fields: z.unknown() })) }).safeParse(json);
  if (!env.success) throw new Error('ReliefWeb response has no data list');
  return env.data.data.flatMap(({ fields }) => {
    const f = Fields.safeParse(fields);
    if (!f.success) return [];
    const at = Date.parse(f.data.date?.event ?? f.data.date?.created ?? '');
    if (!Number.isFinite(at)) return [];
    const pc = f.data.primary_country;
    return [
      {
        id: f.data.id,
        name: f.data.name.trim(),
        status: (f.data.status ?? '').toLowerCase(),
        typeCode: (f.data.primary_type?.code ?? '').toUpperCase(),
        eventAt: at,
        countryName: pc?.name ?? '',
        iso3: (pc?.iso3 ?? '').toUpperCase(),
        lat: pc?.location?.lat,
        lon: pc?.location?.lon,
        url: f.data.url ?? '',
      },
    ];
  });
}
