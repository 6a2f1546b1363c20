import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { DEFAULT_QUOTES, percentChange } from '../rules.js';
import { parseYahooSpark, previousClose } from '../../../../sources/yahoo/spark.js';

export const MARKET_QUOTES = 'market.quotes';

/** One stored quote: the served fields plus the time of the price. */
export interface StoredQuote {
  symbol: string;
  name: string;
  price: number;
  change: number;
  sparkline: number[];
  priceTime: number;
}

export interface QuotesInfo {
  /** Newest price time in the snapshot, epoch ms. */
  asOf: number;
}

const SPARK_URL =
  'https://query1.finance.yahoo.com/v7/finance/spark?range=1mo&interval=1d&symbols=' +
  DEFAULT_QUOTES.map((q) => encodeURIComponent(q.symbol)).join(',');

export function buildQuotes(bytes: Buffer): { records: StoredQuote[]; info: QuotesInfo } {
  const series = parseYahooSpark(bytes);
  const records: StoredQuote[] = [];
  for (const s of series.values()) {
    records.push({
      symbol: s.symbol,
      name: s.name,
      price: s.price,
      change: percentChange(s.price, previousClose(s)),
      sparkline: s.closes,
      priceTime: s.priceTime,
    });
  }
  return { records, info: { asOf: records.reduce((m, r) => Math.max(m, r.priceTime), 0) } };
}

export const marketQuotesDataset: Dataset<StoredQuote, QuotesInfo> = {
  name: MARKET_QUOTES,
  source: 'Yahoo Finance chart data',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {
    spark: {
      url: SPARK_URL,
      sample: 'market/yahoo-spark-quotes.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse: (payloads) => buildQuotes(payloads.spark!),
};
