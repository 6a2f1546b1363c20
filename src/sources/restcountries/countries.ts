import { FormatError, parseJsonText } from '../formats/errors.js';

/** RestCountries v3.1, every country with only the fields the facts need (no key). */
export const RESTCOUNTRIES_ALL_URL =
  'https://restcountries.com/v3.1/all?fields=cca2,name,capital,population,languages,currencies,area';

export interface RestCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  commonName: string;
  capital: string;
  population: number;
  languages: string[];
  /** Currency names, e.g. `Euro`. */
  currencies: string[];
  areaSqKm: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/** The RestCountries array -> one record per country with a valid alpha-2 code; the first capital only. */
export function parseRestCountries(input: Buffer | string): RestCountry[] {
  const doc = parseJsonText('RestCountries', input);
  if (!Array.isArray(doc)) throw new FormatError('RestCountries', 'expected an array of countries');
  const out: RestCountry[] = [];
  for (const row of doc as Record<string, unknown>[]) {
    const code = str(row?.cca2).toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) continue;
    const name = (row.name ?? {}) as Record<string, unknown>;
    const capitals = Array.isArray(row.capital) ? row.capital : [];
    const languages =
      row.languages && typeof row.languages === 'object'
        ? Object.values(row.languages as Record<string, unknown>)
            .map(str)
            .filter(Boolean)
        : [];
    const currencies =
      row.currencies && typeof row.currencies === 'object'
        ? Object.values(row.currencies as Record<string, { name?: unknown }>)
            .map((c) => str(c?.name))
            .filter(Boolean)
        : [];
    out.push({
      code,
      commonName: str(name.common),
      capital: str(capitals[0]),
      population: Math.round(num(row.population)),
      languages,
      currencies,
      areaSqKm: num(row.area),
    });
  }
  return out;
}
