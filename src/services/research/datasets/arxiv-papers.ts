import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { asList } from '../../../platform/xml.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
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
  const doc = parseFeed(bytes, { raw: true, expect: 'atom' });
  const rows: ArxivRow[] = [];
  const seen = new Set<string>();
  for (const entry of doc.items) {
    if (entry.id.includes('/api/errors')) throw new Error(`arXiv reported an error: ${squash(entry.summary)}`);
    const id = entry.id.replace(/^https?:\/\/arxiv\.org\/abs\//, '');
    const title = squash(entry.title);
    const publishedAt = entry.publishedAt;
    if (!id || !title || publishedAt === undefined || seen.has(id)) continue;
    seen.add(id);
    // arXiv-specific elements come from the raw entry: the primary category and the abstract page.
    const raw = entry.raw ?? {};
    const primary = (raw['arxiv:primary_category'] as Node | undefined)?.['@_term'];
    const categories = [...new Set([...(typeof primary === 'string' ? [primary] : []), ...entry.categories])];
    const abs = asList<Node>(raw.link).find((l) => l['@_rel'] === 'alternate')?.['@_href'];
    rows.push({
      feed,
      id,
      title,
      summary: squash(entry.summary),
      authors: (entry.authors ?? []).map(squash).filter(Boolean),
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
  kind: 'live',
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
