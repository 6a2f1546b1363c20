import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/**
 * World Bank Indicators API v2 (no key): address building and the one reader of its JSON. An
 * answer is a two-element array, paging metadata then the rows; on error a single `{message}`
 * element takes the metadata's place.
 */
export const WORLD_BANK_API = 'https://api.worldbank.org/v2';

/** Every country and aggregate, the six most recent years (one page). */
export function indicatorUrl(indicator: string): string {
  return `${WORLD_BANK_API}/country/all/indicator/${indicator}?format=json&per_page=20000&mrv=6`;
}

/** One indicator for the given countries (`;`-separated) over a year range, in a single page. */
export function worldBankIndicatorUrl(
  indicator: string,
  countries: readonly string[],
  from: number,
  to: number,
): string {
  return `${WORLD_BANK_API}/country/${countries.join(';')}/indicator/${indicator}?format=json&date=${from}:${to}&per_page=1000`;
}

/** Most recent non-empty value of one indicator for the given ISO alpha-3 countries. */
export function worldBankLatestUrl(indicator: string, iso3: readonly string[]): string {
  return `${WORLD_BANK_API}/country/${iso3.join(';')}/indicator/${indicator}?format=json&mrnev=1&per_page=1000`;
}

/** One row of an indicator page. */
export interface WorldBankObservation {
  indicator: string;
  indicatorName: string;
  /** `country.id`: ISO 3166-1 alpha-2 for countries, other codes (`1W`, `ZG`) for aggregates. */
  countryIso2: string;
  /** `countryiso3code`; empty for some aggregates. */
  countryIso3: string;
  countryName: string;
  year: number;
  /** Null where the World Bank has not published the year: a gap, not a zero. */
  value: number | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * `[ {page, pages, ...}, [ {indicator:{id,value}, country:{id,value}, countryiso3code, date, value}, ... ] ]`
 * -> observations. Rows without a four-digit year are skipped; null values are kept (callers decide);
 * `[meta, null]` (nothing matched) is an empty list. The error form (`[{"message":[...]}]`) and
 * anything that is not the two-element array are FormatErrors.
 */
export function parseWorldBankIndicator(input: Buffer | string): WorldBankObservation[] {
  const doc = parseJsonText('World Bank', input);
  if (!Array.isArray(doc) || doc.length === 0) throw new FormatError('World Bank', 'expected a [metadata, rows] array');
  const meta = doc[0] as unknown;
  if (isObject(meta) && Array.isArray(meta.message)) {
    const reasons = meta.message.map((m: unknown) => (isObject(m) ? text(m.value ?? m.key) : '')).filter(Boolean);
    throw new FormatError('World Bank', `upstream error: ${reasons.join('; ') || 'unknown'}`);
  }
  if (doc.length < 2 || doc[1] === null) return [];
  if (!Array.isArray(doc[1])) throw new FormatError('World Bank', 'second element is not a row array');
  const out: WorldBankObservation[] = [];
  for (const r of doc[1] as unknown[]) {
    if (!isObject(r) || !isObject(r.indicator) || !isObject(r.country)) continue;
    const date = text(r.date);
    if (!/^\d{4}$/.test(date)) continue;
    const value = typeof r.value === 'number' && Number.isFinite(r.value) ? r.value : null;
    out.push({
      indicator: text(r.indicator.id),
      indicatorName: text(r.indicator.value),
      countryIso2: text(r.country.id).toUpperCase(),
      countryIso3: text(r.countryiso3code).toUpperCase(),
      countryName: text(r.country.value),
      year: Number(date),
      value,
    });
  }
  return out;
}
