import { parseJsonStat } from '../formats/jsonstat.js';

/**
 * Eurostat dissemination API (statistics 1.0): JSON-stat 2.0 datasets, no credential. Filters are
 * repeated query parameters per dimension; `lastTimePeriod` keeps the newest N periods.
 */
export const EUROSTAT_API = 'https://ec.europa.eu/eurostat/api/dissemination/statistics/1.0';

export function eurostatDataUrl(
  dataset: string,
  filters: Record<string, readonly string[]>,
  lastTimePeriod: number,
): string {
  const parts = ['format=JSON', 'lang=EN', `lastTimePeriod=${lastTimePeriod}`];
  for (const [dim, codes] of Object.entries(filters))
    for (const c of codes) parts.push(`${dim}=${encodeURIComponent(c)}`);
  return `${EUROSTAT_API}/data/${dataset}?${parts.join('&')}`;
}

/**
 * Non-missing values of a JSON-stat answer per geo code, oldest period first. Other dimensions are
 * expected to be fixed by the query's filters (one category each).
 */
export function valuesByGeo(input: Buffer | string): Map<string, { period: string; value: number }[]> {
  const ds = parseJsonStat(input);
  if (!ds.dimensions.includes('geo') || !ds.dimensions.includes('time'))
    throw new Error('Eurostat: dataset lacks geo or time dimension');
  const out = new Map<string, { period: string; value: number }[]>();
  for (const row of ds.rows) {
    if (row.value === null) continue;
    const geo = String(row.geo);
    if (!out.has(geo)) out.set(geo, []);
    out.get(geo)!.push({ period: String(row.time), value: row.value });
  }
  for (const obs of out.values()) obs.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  return out;
}

/** The next planned release date of a dataset, from its JSON-stat `extension` metadata (YYYY-MM-DD). */
export function plannedDissemination(input: Buffer | string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('Eurostat: answer is not JSON');
  }
  const planned = (
    doc as { extension?: { datasetMetadata?: { disseminationSchedule?: { plannedDisseminationDate?: unknown } } } }
  )?.extension?.datasetMetadata?.disseminationSchedule?.plannedDisseminationDate;
  return typeof planned === 'string' && /^\d{4}-\d{2}-\d{2}/.test(planned) ? planned.slice(0, 10) : undefined;
}
