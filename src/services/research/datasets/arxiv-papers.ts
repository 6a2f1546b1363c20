import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { asList, parseXml, textOf } from '../../../platform/xml.js';
import { ARXIV_CATEGORIES, type ArxivPaper } from '../schemas.js';

export const ARXIV_PAPERS = 'research.arxiv-papers';

/** A stored paper: the contract fields plus the category feed it was listed under. */
export interface ArxivRow extends ArxivPaper {
  feed: string;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
type Node = Record<string, unknown>;

/**
 * One arXiv API Atom response -> papers newest first. The API reports a bad query as a feed
 * whose single entry has an `api/errors` id; that is refused rather than stored as a paper.
 */
export function parseArxivAtom(bytes: Buffer, feed: string): ArxivRow[] {
  const doc = parseXml(bytes);
  const root = doc.feed as Node | undefined;
  if (!root || typeof root !== 'object') throw new Error('arXiv response has no <feed> element');
  const rows: ArxivRow[] = [];
  const seen = new Set<string>();
  for (const entry of asList<Node>(root.entry)) {
    const rawId = textOf(entry.id);
    if (rawId.includes('/api/errors')) throw new Error(`arXiv reported an error: ${squash(textOf(entry.summary))}`);
    const id = rawId.replace(/^https?:\/\/arxiv\.org\/abs\//, '');
    const title = squash(textOf(entry.title));
    const publishedAt = Date.parse(textOf(entry.published));
    if (!id || !title || !Number.isFinite(publishedAt) || seen.has(id)) continue;
    seen.add(id);
    const primary = (entry['arxiv:primary_category'] as Node | undefined)?.['@_term'];
    const terms = asList<Node>(entry.category).map((c) => String(c['@_term'] ?? '')).filter(Boolean);
    const categories = [...new Set([...(typeof primary === 'string' ? [primary] : []), ...terms])];
    const links = asList<Node>(entry.link);
    const abs = links.find((l) => l['@_rel'] === 'alternate')?.['@_href'];
    rows.push({
      feed,
      id,
      title,
      summary: squash(textOf(entry.summary)),
      authors: asList<Node>(entry.author).map((a) => squash(textOf(a.name))).filter(Boolean),
      categories,
      publishedAt,
      url: typeof abs === 'string' ? abs.replace(/^http:/, 'https:') : `https://arxiv.org/abs/${id}`,
    });
  }
  return rows.sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const sourceKey = (category: string) => category.replace('.', '_').toLowerCase();

export const arxivPapersDataset: Dataset<ArxivRow> = {
  name: ARXIV_PAPERS,
  source: 'arXiv API (export.arxiv.org)',
  maxStaleMinutes: 24 * 60,
  sources: Object.fromEntries(
    ARXIV_CATEGORIES.map((c) => [
      sourceKey(c),
      {
        url: `https://export.arxiv.org/api/query?search_query=cat:${c}&sortBy=submittedDate&sortOrder=descending&start=0&max_results=50`,
        sample: `research/arxiv-${c}.atom`,
        // One category failing must not blank the others.
        optional: true,
      },
    ]),
  ),
  parse(payloads) {
    const records: ArxivRow[] = [];
    const categories: string[] = [];
    for (const c of ARXIV_CATEGORIES) {
      const bytes = payloads[sourceKey(c)];
      if (!bytes) continue;
      records.push(...parseArxivAtom(bytes, c));
      categories.push(c);
    }
    return { records, info: { categories } };
  },
};
