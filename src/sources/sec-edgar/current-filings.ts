import { FormatError } from '../formats/errors.js';
import { parseFeed } from '../formats/feeds.js';

/** EDGAR's "latest filings" Atom feed for one form type (newest first, at most 100 entries, no key). */
export function edgarCurrentFeedUrl(form: string, count = 100): string {
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&type=${encodeURIComponent(form)}&company=&dateb=&owner=include&count=${count}&output=atom`;
}

/** Accept header for the feed (the platform's User-Agent names the service, as SEC asks of automated clients). */
export const EDGAR_HEADERS = { accept: 'application/atom+xml, application/xml' };

export interface FilingItem {
  /** 8-K item number, e.g. `5.02`. */
  code: string;
  description: string;
}

export interface CurrentFiling {
  accession: string;
  company: string;
  /** Central Index Key, 10 digits with leading zeros. */
  cik: string;
  form: string;
  /** When EDGAR accepted it, epoch ms. */
  filedAt: number;
  items: FilingItem[];
  /** The filing index page. */
  url: string;
}

const TITLE = /^\s*(\S+)\s+-\s+(.+?)\s+\((\d{1,10})\)(?:\s+\([^)]*\))?\s*$/;
const ACCESSION = /\bAccNo:\s*(?:<\/b>)?\s*(\d{10}-\d{2}-\d{6})/i;
const ITEM = /Item\s+(\d{1,2}\.\d{2}):\s*([^<\n]+)/g;

/**
 * The getcurrent Atom feed -> one record per filing. The title carries form, company and CIK
 * (`8-K - ACME CORP (0000123456) (Filer)`), the HTML summary the accession number and one
 * `Item N.NN: description` line per reported item. Entries whose title or accession cannot be read
 * are skipped; a body that is not a feed is a FormatError.
 */
export function parseCurrentFilings(input: Buffer | string): { filings: CurrentFiling[]; updatedAt: number } {
  const feed = parseFeed(input, { expect: 'atom' });
  const filings: CurrentFiling[] = [];
  for (const e of feed.items) {
    const t = TITLE.exec(e.title);
    const acc = ACCESSION.exec(e.summary)?.[1] ?? /accession-number=(\d{10}-\d{2}-\d{6})/.exec(e.id)?.[1];
    const filedAt = e.updatedAt ?? e.publishedAt;
    if (!t || !acc || filedAt === undefined) continue;
    const items = [...e.summary.matchAll(ITEM)].map((m) => ({ code: m[1], description: m[2].trim() }));
    filings.push({
      accession: acc,
      company: t[2],
      cik: t[3].padStart(10, '0'),
      form: t[1].toUpperCase(),
      filedAt,
      items,
      url: e.link,
    });
  }
  if (feed.items.length > 0 && filings.length === 0)
    throw new FormatError('EDGAR current feed', 'no entry has a readable title and accession number');
  return { filings, updatedAt: feed.updatedAt ?? 0 };
}
