import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseYahooSpark, previousClose } from '../../../../sources/yahoo/spark.js';

export const SHIPPING_STRESS = 'supply-chain.shipping-stress';

/**
 * The listed shipping names the stress gauge watches, in display order. Eagle Bulk (EGLE), on the
 * published list, merged into Star Bulk in 2024 and no longer trades.
 */
export const CARRIERS: { symbol: string; carrierType: 'etf' | 'carrier' }[] = [
  { symbol: 'BDRY', carrierType: 'etf' },
  { symbol: 'ZIM', carrierType: 'carrier' },
  { symbol: 'MATX', carrierType: 'carrier' },
  { symbol: 'SBLK', carrierType: 'carrier' },
];

export interface CarrierQuote {
  symbol: string;
  name: string;
  price: number;
  /** Against the previous session's close, percent; 0 when there is no previous close. */
  changePct: number;
  carrierType: string;
  /** Daily closes, oldest first. */
  sparkline: number[];
}

/** Yahoo spark document -> one quote per watched symbol Yahoo priced, in watch-list order. */
export function parseShippingQuotes(bytes: Buffer): { records: CarrierQuote[]; info: { missing: string[] } } {
  const series = parseYahooSpark(bytes);
  const records: CarrierQuote[] = [];
  const missing: string[] = [];
  for (const c of CARRIERS) {
    const s = series.get(c.symbol);
    if (!s) {
      missing.push(c.symbol);
      continue;
    }
    const prev = previousClose(s);
    records.push({
      symbol: c.symbol,
      name: s.name,
      price: s.price,
      changePct: prev ? Math.round(((s.price - prev) / prev) * 10_000) / 100 : 0,
      carrierType: c.carrierType,
      sparkline: s.closes,
    });
  }
  return { records, info: { missing } };
}

export const shippingStressDataset: Dataset<CarrierQuote, { missing: string[] }> = {
  name: SHIPPING_STRESS,
  source: 'Yahoo Finance daily charts of a dry-bulk freight ETF and listed container and bulk carriers',
  kind: 'live',
  maxStaleMinutes: 45,
  sources: {
    spark: {
      url: `https://query1.finance.yahoo.com/v7/finance/spark?symbols=${CARRIERS.map((c) => c.symbol).join(',')}&range=1mo&interval=1d`,
      sample: 'supply-chain/yahoo-shipping-spark.json',
    },
  },
  parse(payloads) {
    return parseShippingQuotes(payloads.spark!);
  },
};
