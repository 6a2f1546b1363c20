import { z } from 'zod';

/** World Bank API v2 indicator pages: address building and the two-element JSON reader. */
export function indicatorUrl(indicator: string): string {
  return `https://api.worldbank.org/v2/country/all/indicator/${indicator}?format=json&per_page=20000&mrv=6`;
}

export interface IndicatorObservation {
  indicator: string;
  /** ISO 3166-1 alpha-2 as the World Bank gives it (aggregates use other codes). */
  countryIso2: string;
  year: number;
  value: number | null;
}

const Row = z.object({
  indicator: z.object({ id: z.string() }),
  country: z.object({ id: z.string() }),
  date: z.string(),
  value: z.number().nullable(),
});

/** `[meta, rows]` -> observations; an API error message (`[{message:[...]}]`) is an error. */
export function parseIndicatorPage(bytes: Buffer): IndicatorObservation[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`World Bank response is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json) || json.length < 1) throw new Error('World Bank response is not a [meta, rows] array');
  const message = (json[0] as { message?: { value?: string }[] } | null)?.message;
  if (message) throw new Error(`World Bank answered with an error: ${message[0]?.value ?? 'unknown'}`);
  if (!Array.isArray(json[1])) throw new Error('World Bank response has no rows');
  const out: IndicatorObservation[] = [];
  for (const raw of json[1] as unknown[]) {
    const r = Row.safeParse(raw);
    if (!r.success || !/^\d{4}$/.test(r.data.date)) continue;
    out.push({ indicator: r.data.indicator.id, countryIso2: r.data.country.id.toUpperCase(), year: Number(r.data.date), value: r.data.value });
  }
  return out;
}
