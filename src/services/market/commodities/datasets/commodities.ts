import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { fetchSparkBatches, parseYahooSpark, previousClose, sparkUrl } from '../../../../sources/yahoo/spark.js';
import { percentChange } from '../../equities/rules.js';
import { COMMODITY_SNAPSHOT_SYMBOLS } from '../instruments.js';

export const COMMODITIES_SNAPSHOT = 'market.commodities';

/** One instrument's year of daily closes and its latest price. */
export interface StoredInstrument {
  symbol: string;
  /** Yahoo's instrument name (the board shows its own names). */
  yahooName: string;
  currency: string;
  price: number;
  /** Percent change against the previous session's close, two decimals. */
  change: number;
  previousClose: number | undefined;
  dayHigh: number | undefined;
  dayLow: number | undefined;
  priceTime: number;
  /** Daily bar times (epoch ms) and closes over a year, oldest first. */
  times: number[];
  closes: number[];
}

export interface CommoditiesInfo {
  asOf: number;
}

export function buildCommodities(bytes: Buffer): { records: StoredInstrument[]; info: CommoditiesInfo } {
  const records = [...parseYahooSpark(bytes).values()].map((s) => {
    const prev = previousClose(s);
    return {
      symbol: s.symbol,
      yahooName: s.name,
      currency: s.currency,
      price: s.price,
      change: percentChange(s.price, prev),
      previousClose: prev,
      dayHigh: s.dayHigh,
      dayLow: s.dayLow,
      priceTime: s.priceTime,
      times: s.times,
      closes: s.closes,
    };
  });
  return { records, info: { asOf: records.reduce((m, r) => Math.max(m, r.priceTime), 0) } };
}

export const commoditiesDataset: Dataset<StoredInstrument, CommoditiesInfo> = {
  name: COMMODITIES_SNAPSHOT,
  source: 'Yahoo Finance chart data (a year of daily closes: futures, commodity ETFs, currency pairs, gold drivers)',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    spark: {
      url: sparkUrl(COMMODITY_SNAPSHOT_SYMBOLS.slice(0, 20), '1y'),
      sample: 'market/yahoo-spark-commodities-1y.requests.json',
      headers: () => ({ accept: 'application/json' }),
      fetch: (get) => fetchSparkBatches(get, COMMODITY_SNAPSHOT_SYMBOLS, '1y'),
    },
  },
  parse: (payloads) => buildCommodities(payloads.spark!),
};
