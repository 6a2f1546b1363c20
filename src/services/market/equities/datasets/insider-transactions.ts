import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { finnhubHeaders, insiderTransactionsUrl, parseInsiderTransactions } from '../../../../sources/finnhub/index.js';
import { ANALYSIS_TICKERS } from '../../analysis/datasets/daily-bars.js';
import { type InsiderSummary, summariseInsiders } from '../rules.js';

export const INSIDER_TRANSACTIONS = 'market.insider-transactions';

/** The tickers whose insider filings the snapshot holds: the same set the analysis covers. */
export const INSIDER_TICKERS = ANALYSIS_TICKERS;

export interface StoredInsiders extends InsiderSummary {
  symbol: string;
  /** When the filings were fetched, epoch ms. */
  fetchedAt: number;
}

/** One row per ticker, summarised over the 180 days before the ingestion. */
export function buildInsiders(bytes: Buffer, now: number): { records: StoredInsiders[] } {
  return {
    records: parseInsiderTransactions(bytes).map((d) => ({
      symbol: d.symbol,
      fetchedAt: now,
      ...summariseInsiders(d.data, now),
    })),
  };
}

export const insiderTransactionsDataset: Dataset<StoredInsiders> = {
  name: INSIDER_TRANSACTIONS,
  source: 'Finnhub insider transactions',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    finnhub: {
      url: insiderTransactionsUrl(INSIDER_TICKERS[0]),
      sample: 'market/finnhub-insider-transactions.requests.json',
      requires: ['FINNHUB_API_KEY'],
      headers: finnhubHeaders,
      fetch: async (get) => {
        const docs: string[] = [];
        for (const t of INSIDER_TICKERS) docs.push((await get(insiderTransactionsUrl(t))).toString('utf8'));
        return Buffer.from(`[${docs.join(',')}]`);
      },
    },
  },
  parse: (payloads, now) => buildInsiders(payloads.finnhub!, now),
};
