import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { fetchSparkBatches, parseYahooSpark, previousClose, sparkUrl } from '../../../../sources/yahoo/spark.js';
import { BOARD_SYMBOLS } from '../boards.js';
import { percentChange } from '../rules.js';

export const INDEX_BOARDS = 'market.index-boards';

/** One instrument of the boards: a month of daily closes and the latest price. */
export interface BoardInstrument {
  symbol: string;
  currency: string;
  price: number;
  /** Percent change against the previous session's close, two decimals. */
  change: number;
  priceTime: number;
  closes: number[];
}

export interface IndexBoardsInfo {
  asOf: number;
}

export function buildIndexBoards(bytes: Buffer): { records: BoardInstrument[]; info: IndexBoardsInfo } {
  const records = [...parseYahooSpark(bytes).values()].map((s) => ({
    symbol: s.symbol,
    currency: s.currency,
    price: s.price,
    change: percentChange(s.price, previousClose(s)),
    priceTime: s.priceTime,
    closes: s.closes,
  }));
  return { records, info: { asOf: records.reduce((m, r) => Math.max(m, r.priceTime), 0) } };
}

export const indexBoardsDataset: Dataset<BoardInstrument, IndexBoardsInfo> = {
  name: INDEX_BOARDS,
  source: 'Yahoo Finance chart data (a month of daily closes: national indices, Gulf markets, US sector funds)',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    spark: {
      url: sparkUrl(BOARD_SYMBOLS.slice(0, 20), '1mo'),
      sample: 'market/yahoo-spark-boards-1mo.requests.json',
      headers: () => ({ accept: 'application/json' }),
      fetch: (get) => fetchSparkBatches(get, BOARD_SYMBOLS, '1mo'),
    },
  },
  parse: (payloads) => buildIndexBoards(payloads.spark!),
};
