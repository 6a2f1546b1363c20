/**
 * World Bank Indicators API v2 (https://api.worldbank.org/v2). JSON, no credential. An answer is a
 * two-element array: paging metadata, then the rows (or, on error, a single `{message}` element).
 */
export const WORLD_BANK_API = 'https://api.worldbank.org/v2';

/** One indicator for a `;`-separated country list over a year range, in a single page. */
export function worldBankIndicatorUrl(indicator: string, countries: readonly string[], from: number, to: number): string {
  return `${WORLD_BANK_API}/country/${countries.join(';')}/indicator/${indicator}?format=json&date=${from}:${to}&per_page=1000`;
}

export interface WorldBankRow {
  indicatorCode: string;
  indicatorName: string;
  /** ISO 3166-1 alpha-3. */
  countryCode: string;
  countryName: string;
  year: number;
  value: number;
}

/** Rows with a country code, a year and a value (World Bank leaves unpublished years null). */
export function parseWorldBankIndicator(input: Buffer | string): WorldBankRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('World Bank: answer is not JSON');
  }
  if (!Array.isArray(doc)) throw new Error('World Bank: answer is not the [metadata, rows] array');
  const message = (doc[0] as { message?: { value?: string }[] })?.message;
  if (Array.isArray(message)) throw new Error(`World Bank: ${message.map((m) => m.value ?? '').join('; ')}`);
  if (doc.length < 2 || !Array.isArray(doc[1])) throw new Error('World Bank: answer has no rows');
  const out: WorldBankRow[] = [];
  for (const r of doc[1] as Record<string, unknown>[]) {
    const indicator = r.indicator as { id?: string; value?: string } | undefined;
    const country = r.country as { value?: string } | undefined;
    const code = String(r.countryiso3code ?? '');
    const year = Number(r.date);
    if (typeof r.value !== 'number' || !Number.isFinite(r.value) || !/^[A-Z]{3}$/.test(code) || !Number.isInteger(year)) continue;
    out.push({ indicatorCode: indicator?.id ?? '', indicatorName: indicator?.value ?? '', countryCode: code, countryName: country?.value ?? '', year, value: r.value });
  }
  return out;
}
