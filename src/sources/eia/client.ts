import type { Config } from '../../config.js';

/**
 * EIA Open Data API v2 (https://www.eia.gov/opendata/). A free key is required and travels as the
 * `api_key` query parameter, added only when the request is made. Answers are JSON with the rows in
 * `response.data`; numbers usually arrive as strings.
 */
export const EIA_API = 'https://api.eia.gov/v2';

export interface EiaQuery {
  frequency: 'weekly' | 'monthly' | 'annual';
  /** Data columns to return (`value` for most routes, `capability` for generating capacity). */
  data: string[];
  facets?: Record<string, string[]>;
  start?: string;
  length: number;
}

/** Address of a route's data, newest period first. */
export function eiaDataUrl(route: string, q: EiaQuery): string {
  const parts = [`frequency=${q.frequency}`, ...q.data.map((d) => `data[]=${d}`)];
  for (const [facet, values] of Object.entries(q.facets ?? {}))
    for (const v of values) parts.push(`facets[${facet}][]=${v}`);
  if (q.start) parts.push(`start=${q.start}`);
  parts.push('sort[0][column]=period', 'sort[0][direction]=desc', 'offset=0', `length=${q.length}`);
  return `${EIA_API}/${route}/data/?${parts.join('&')}`;
}

/** The address with the configured key appended; unchanged when no key is set (EIA then refuses). */
export function withEiaKey(url: string, config: Pick<Config, 'EIA_API_KEY'>): string {
  const key = config.EIA_API_KEY;
  return key ? `${url}&api_key=${encodeURIComponent(key)}` : url;
}

export type EiaRow = Record<string, string | number | null>;

/** The rows of an EIA v2 answer; an error document or a body without `response.data` is refused. */
export function parseEiaRows(input: Buffer | string): EiaRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('EIA: answer is not JSON');
  }
  const d = doc as { response?: { data?: unknown }; error?: unknown };
  if (d?.error !== undefined)
    throw new Error(`EIA: ${typeof d.error === 'string' ? d.error : JSON.stringify(d.error)}`);
  if (!Array.isArray(d?.response?.data)) throw new Error('EIA: answer has no response.data array');
  return d.response.data as EiaRow[];
}

/** A numeric EIA cell (string or number); blank, null and non-numeric cells are undefined. */
export function eiaNumber(cell: string | number | null | undefined): number | undefined {
  if (cell === null || cell === undefined || cell === '') return undefined;
  const v = typeof cell === 'number' ? cell : Number(cell);
  return Number.isFinite(v) ? v : undefined;
}
