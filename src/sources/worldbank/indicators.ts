import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

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
