import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { type Bar, chartUrl, parseYahooChart } from '../../../../sources/yahoo/chart.js';

export const DAILY_BARS = 'market.daily-bars';

/** The tickers whose six months of daily bars the snapshot holds: analysis and backtests cover these. */
export const ANALYSIS_TICKERS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'] as const;

export interface TickerBars {
  symbol: string;
  name: string;
  currency: string;
  bars: Bar[];
}

export interface DailyBarsInfo {
  /** Open time of the newest bar across tickers, epoch ms. */
  asOf: number;
}

export function buildDailyBars(bytes: Buffer): { records: TickerBars[]; info: DailyBarsInfo } {
  const records = parseYahooChart(bytes)
    .filter((c) => c.bars.length > 0)
    .map((c) => ({ symbol: c.symbol, name: c.name, currency: c.currency || 'USD', bars: c.bars }));
  return { records, info: { asOf: records.reduce((m, r) => Math.max(m, r.bars.at(-1)!.time), 0) } };
}

export const dailyBarsDataset: Dataset<TickerBars, DailyBarsInfo> = {
  name: DAILY_BARS,
  source: 'Yahoo Finance chart data (six months of daily bars per ticker)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    chart: {
      url: chartUrl(ANALYSIS_TICKERS[0], '6mo'),
      sample: 'market/yahoo-chart-daily-6mo.requests.json',
      headers: () => ({ accept: 'application/json' }),
      // One chart document per ticker, joined as a JSON array for the parser.
      fetch: async (get) => {
        const docs: string[] = [];
        for (const t of ANALYSIS_TICKERS) docs.push((await get(chartUrl(t, '6mo'))).toString('utf8'));
        return Buffer.from(`[${docs.join(',')}]`);
      },
    },
  },
  parse: (payloads) => buildDailyBars(payloads.chart!),
};
