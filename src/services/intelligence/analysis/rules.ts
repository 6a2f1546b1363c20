/** Domains of the intelligence history archive, as the published contract names them. */
export const HISTORY_DOMAINS = ['conflict', 'military', 'energy'] as const;
export type HistoryDomain = (typeof HISTORY_DOMAINS)[number];

/** The archive keeps 180 days of events, and at most this many records. */
export const HISTORY_WINDOW_DAYS = 180;
export const MAX_HISTORY_RECORDS = 5000;

export interface HistoryRecord {
  id: string;
  domain: HistoryDomain;
  resource: string;
  country: string;
  category: string;
  title: string;
  summary: string;
  sourceUrl: string;
  occurredAt: number;
  ingestedAt: number;
}

/** The archive document kind of a domain; every history document's kind starts with `intel-history:`. */
export const historyKind = (domain: HistoryDomain): string => `intel-history:${domain}`;
export const ALL_HISTORY_KINDS = HISTORY_DOMAINS.map(historyKind);

const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his in into is it its of on or our over said says ' +
    'she than that the their them there these they this to under was were what when where which while who will with ' +
    'after before about against again amid near new more most some such then also not no yes up down out off'
  ).split(' '),
);

/**
 * The searchable terms of free text: lower-cased words of two characters or more, stop words and
 * repeats removed, in order of first appearance, at most `max`.
 */
export function searchTerms(text: string, max = 24): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (w.length < 2 || STOPWORDS.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * A full-text expression where any term may match (bm25 then ranks records matching more and rarer
 * terms first), the way a similarity search reads a question; undefined when no term is left.
 */
export function anyTermExpression(terms: readonly string[]): string | undefined {
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : undefined;
}

/** Distinct query terms found among the words of `text`. */
export function sharedTerms(terms: readonly string[], text: string): number {
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return terms.filter((t) => words.has(t)).length;
}

/**
 * The lexical counterpart of the published 0.55 cosine floor for precedents: a past event counts as
 * similar when it shares at least two of the situation's terms (one when the situation has only one).
 */
export function isLexicalPrecedent(terms: readonly string[], text: string): boolean {
  return sharedTerms(terms, text) >= Math.min(2, terms.length) && terms.length > 0;
}

/** The published similarity floor for embedding-ranked precedents. */
export const PRECEDENT_MIN_COSINE = 0.55;

/** Cosine similarity in [-1, 1]; 0 when either vector is zero or the lengths differ. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  // The norms are multiplied after the square roots: na * nb can underflow to 0 for tiny vectors.
  const norms = Math.sqrt(na) * Math.sqrt(nb);
  const c = dot / norms;
  return norms > 0 && Number.isFinite(c) ? Math.max(-1, Math.min(1, c)) : 0;
}

/** The text a record is embedded and searched by: "title — summary", at most 300 characters as published. */
export function embeddingText(r: Pick<HistoryRecord, 'title' | 'summary'>): string {
  return (r.summary ? `${r.title} — ${r.summary}` : r.title).slice(0, 300);
}
