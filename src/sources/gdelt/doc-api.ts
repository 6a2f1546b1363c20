import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** GDELT DOC 2.0 API (no key): article lists and timelines for a query over the last few months of news. */
export const GDELT_DOC_API = 'https://api.gdeltproject.org/api/v2/doc/doc';

export type DocMode = 'artlist' | 'timelinetone' | 'timelinevol';

export function docApiUrl(query: string, mode: DocMode, opts: { timespan?: string; maxRecords?: number } = {}): string {
  const p = new URLSearchParams({
    query,
    mode,
    format: 'json',
    timespan: opts.timespan ?? (mode === 'artlist' ? '24h' : '14d'),
  });
  if (mode === 'artlist') {
    p.set('maxrecords', String(opts.maxRecords ?? 75));
    p.set('sort', 'datedesc');
  }
  return `${GDELT_DOC_API}?${p.toString()}`;
}

export interface DocArticle {
  url: string;
  title: string;
  /** Publishing domain. */
  domain: string;
  /** When GDELT saw it, epoch ms. */
  seenAt: number;
  image: string;
  language: string;
  sourceCountry: string;
}

export interface DocPoint {
  at: number;
  value: number;
}

/** GDELT's compact UTC time `YYYYMMDDTHHMMSSZ` -> epoch ms. */
export function parseGdeltTime(s: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** An `artlist` answer (`{ articles: [...] }`; `{}` when nothing matched) -> articles with a URL and a time. */
export function parseArtList(doc: unknown): DocArticle[] {
  if (!isObject(doc)) throw new FormatError('GDELT DOC artlist', 'expected an object');
  if (doc.articles === undefined) return [];
  if (!Array.isArray(doc.articles)) throw new FormatError('GDELT DOC artlist', 'articles is not an array');
  const out: DocArticle[] = [];
  for (const a of doc.articles as Record<string, unknown>[]) {
    const seenAt = parseGdeltTime(str(a?.seendate));
    if (!str(a?.url) || seenAt === undefined) continue;
    out.push({
      url: str(a.url),
      title: str(a.title).trim(),
      domain: str(a.domain),
      seenAt,
      image: str(a.socialimage),
      language: str(a.language),
      sourceCountry: str(a.sourcecountry),
    });
  }
  return out;
}

/** A `timelinetone` / `timelinevol` answer -> the first series' points, oldest first. */
export function parseTimeline(doc: unknown): DocPoint[] {
  if (!isObject(doc)) throw new FormatError('GDELT DOC timeline', 'expected an object');
  const series = Array.isArray(doc.timeline) ? (doc.timeline as Record<string, unknown>[])[0] : undefined;
  if (doc.timeline !== undefined && !Array.isArray(doc.timeline))
    throw new FormatError('GDELT DOC timeline', 'timeline is not an array');
  const data = Array.isArray(series?.data) ? (series.data as Record<string, unknown>[]) : [];
  return data
    .map((p) => ({ at: parseGdeltTime(str(p?.date)), value: typeof p?.value === 'number' ? p.value : Number.NaN }))
    .filter((p): p is DocPoint => p.at !== undefined && Number.isFinite(p.value))
    .sort((a, b) => a.at - b.at);
}

/** A DOC API body as JSON; GDELT answers some errors as plain text with HTTP 200. */
export function docJson(input: Buffer | string): unknown {
  const text = (typeof input === 'string' ? input : input.toString('utf8')).trim();
  if (!text.startsWith('{')) throw new FormatError('GDELT DOC', `not JSON: ${text.slice(0, 80)}`);
  return parseJsonText('GDELT DOC', text);
}
