import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseJsonText } from '../../../../sources/formats/errors.js';
import {
  COMPANY_TICKERS_URL,
  parseCompanyTickers,
  readSubmissions,
  submissionsUrl,
  type Submissions,
  type TickerEntry,
} from '../../../../sources/sec-edgar/submissions.js';

export const SEC_COMPANY_TICKERS = 'intelligence.sec-company-tickers';
export const SEC_SUBMISSIONS = 'intelligence.sec-submissions';

/** Filers whose submissions are kept: a small watch list (the bundled sample holds these three). */
export const SUBMISSIONS_WATCHLIST = ['0001535527', '0000012927', '0000320193'] as const;

/** EDGAR's ticker registry: resolves tickers and exact names to CIKs. */
export const companyTickersDataset: Dataset<TickerEntry> = {
  name: SEC_COMPANY_TICKERS,
  source: 'SEC EDGAR company tickers',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    json: {
      url: COMPANY_TICKERS_URL,
      sample: 'intelligence/sec-company-tickers.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse(payloads) {
    return { records: parseCompanyTickers(payloads.json!), info: {} };
  },
};

/**
 * Submissions of the watch-list filers. Live, one request per CIK; the payload the parser reads is
 * the JSON array of those documents (the bundled sample has that shape).
 */
export const submissionsDataset: Dataset<Submissions> = {
  name: SEC_SUBMISSIONS,
  source: 'SEC EDGAR submissions',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    json: {
      url: submissionsUrl(SUBMISSIONS_WATCHLIST[0]),
      sample: 'intelligence/sec-submissions.requests.json',
      headers: () => ({ accept: 'application/json' }),
      fetch: async (get) => {
        const docs: unknown[] = [];
        for (const cik of SUBMISSIONS_WATCHLIST)
          docs.push(parseJsonText('EDGAR submissions', await get(submissionsUrl(cik))));
        return Buffer.from(JSON.stringify(docs));
      },
    },
  },
  parse(payloads) {
    const doc = parseJsonText('EDGAR submissions', payloads.json!);
    return { records: (Array.isArray(doc) ? doc : [doc]).map(readSubmissions), info: {} };
  },
};
