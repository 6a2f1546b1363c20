import { z } from 'zod';
import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

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

// Latest-value reads (population, land area) used by trade and displacement.
/** World Bank Indicators API v2 (no key). */
export const WORLD_BANK_API = 'https://api.worldbank.org/v2';

/** Most recent non-empty value of one indicator for the given ISO alpha-3 countries. */
export function worldBankLatestUrl(indicator: string, iso3: readonly string[]): string {
  return `${WORLD_BANK_API}/country/${iso3.join(';')}/indicator/${indicator}?format=json&mrnev=1&per_page=1000`;
}

export interface WorldBankValue {
  indicator: string;
  /** ISO alpha-2 as the API writes `country.id`. */
  countryCode: string;
  countryIso3: string;
  countryName: string;
  year: number;
  value: number;
}

/**
 * `[ {page, pages, ...}, [ {indicator:{id}, country:{id, value}, countryiso3code, date, value}, ... ] ]`
 * -> values; rows with a null value are skipped. The API's error form (`[{"message":[...]}]`) is a FormatError.
 */
export function parseWorldBankIndicator(input: Buffer | string): WorldBankValue[] {
  const doc = parseJsonText('World Bank', input);
  if (!Array.isArray(doc) || doc.length === 0) throw new FormatError('World Bank', 'expected a [metadata, rows] array');
  const meta = doc[0] as unknown;
  if (isObject(meta) && Array.isArray(meta.message)) {
    const first = meta.message[0] as unknown;
    throw new FormatError('World Bank', `upstream error: ${isObject(first) ? String(first.value ?? first.key ?? '') : 'unknown'}`);
  }
  if (doc.length < 2 || doc[1] === null) return [];
  if (!Array.isArray(doc[1])) throw new FormatError('World Bank', 'second element is not a row array');
  const out: WorldBankValue[] = [];
  for (const r of doc[1] as unknown[]) {
    if (!isObject(r) || typeof r.value !== 'number' || !isObject(r.indicator) || !isObject(r.country)) continue;
    out.push({
      indicator: String(r.indicator.id),
      countryCode: String(r.country.id),
      countryIso3: String(r.countryiso3code ?? ''),
      countryName: String(r.country.value ?? ''),
      year: Number(r.date),
      value: r.value,
    });
  }
  return out;
}
