import type { Config } from '../../config.js';

/**
 * St. Louis Fed FRED API (https://fred.stlouisfed.org/docs/api/fred/). Every call needs a free API
 * key, passed as the `api_key` query parameter (FRED accepts no header for it), so the key is added
 * only when the request is made and never appears in a documented address.
 */
export const FRED_API = 'https://api.stlouisfed.org/fred';

/** Newest `limit` observations of one series, newest first (the parser restores date order). */
export function fredObservationsUrl(seriesId: string, limit = 120): string {
  const q = new URLSearchParams({ series_id: seriesId, file_type: 'json', sort_order: 'desc', limit: String(limit) });
  return `${FRED_API}/series/observations?${q.toString()}`;
}

/** The address with the configured key appended; unchanged when no key is set (FRED then answers 400). */
export function withFredKey(url: string, config: Pick<Config, 'FRED_API_KEY'>): string {
  const key = config.FRED_API_KEY;
  return key ? `${url}&api_key=${encodeURIComponent(key)}` : url;
}

export interface FredObservation {
  /** YYYY-MM-DD, the first day of the period for monthly and quarterly series. */
  date: string;
  value: number;
}

/**
 * A `series/observations` JSON answer as observations in date order. FRED marks a missing value
 * (a market holiday, a late print) with `"."`; those rows are dropped. An error document
 * (`{error_code, error_message}`) or a body without an observations array is refused.
 */
export function parseFredObservations(input: Buffer | string): FredObservation[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('FRED: observations answer is not JSON');
  }
  const d = doc as { observations?: unknown; error_message?: unknown };
  if (typeof d?.error_message === 'string') throw new Error(`FRED: ${d.error_message}`);
  if (!Array.isArray(d?.observations)) throw new Error('FRED: answer has no observations array');
  const out: FredObservation[] = [];
  for (const o of d.observations as { date?: unknown; value?: unknown }[]) {
    if (typeof o?.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(o.date)) continue;
    if (typeof o.value !== 'string' || o.value.trim() === '' || o.value === '.') continue;
    const value = Number(o.value);
    if (Number.isFinite(value)) out.push({ date: o.date, value });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Dates of one FRED release, newest first, including scheduled dates without data yet. */
export function fredReleaseDatesUrl(releaseId: number): string {
  return `${FRED_API}/release/dates?release_id=${releaseId}&file_type=json&sort_order=desc&include_release_dates_with_no_data=true&limit=24`;
}

/** The release dates (YYYY-MM-DD) of a `release/dates` answer, in date order. */
export function parseFredReleaseDates(input: Buffer | string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('FRED: release dates answer is not JSON');
  }
  const d = doc as { release_dates?: unknown; error_message?: unknown };
  if (typeof d?.error_message === 'string') throw new Error(`FRED: ${d.error_message}`);
  if (!Array.isArray(d?.release_dates)) throw new Error('FRED: answer has no release_dates array');
  return (d.release_dates as { date?: unknown }[])
    .map((r) => r.date)
    .filter((x): x is string => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x))
    .sort();
}
