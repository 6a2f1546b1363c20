import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { chartUrl, parseYahooChart } from '../../../src/sources/yahoo/chart.js';

const doc = (quote: Record<string, (number | null)[]>, timestamp: number[]) =>
  JSON.stringify({
    chart: {
      result: [
        { meta: { symbol: 'abc', currency: 'USD', regularMarketPrice: 11 }, timestamp, indicators: { quote: [quote] } },
      ],
      error: null,
    },
  });

describe('Yahoo chart parser', () => {
  it('reads the joined daily-bars sample: eight tickers of six months', () => {
    const charts = parseYahooChart(fs.readFileSync(path.join(SAMPLES_DIR, 'market', 'yahoo-chart-daily-6mo.json')));
    expect(charts.map((c) => c.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM']);
    expect(charts[0].bars).toHaveLength(129);
    expect(charts[0].bars.at(-1)).toMatchObject({ close: 268.41, time: Date.UTC(2026, 10, 19, 14, 30) });
    expect(charts[6].bars).toHaveLength(128); // one session with a null close is dropped
  });

  it('drops incomplete or inconsistent bars and reads a missing volume as 0', () => {
    const [c] = parseYahooChart(
      doc(
        {
          open: [10, 10, null, 10],
          high: [11, 9, 11, 12],
          low: [9, 10, 9, 9],
          close: [10.5, 9.5, 10, 11],
          volume: [5, 5, 5, null],
        },
        [1, 2, 3, 4],
      ),
    );
    expect(c.symbol).toBe('ABC');
    expect(c.bars.map((b) => b.time)).toEqual([1000, 4000]);
    expect(c.bars[1].volume).toBe(0);
  });

  it('refuses an error document and non-chart JSON', () => {
    expect(() =>
      parseYahooChart(
        '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}',
      ),
    ).toThrow(/delisted/);
    expect(() => parseYahooChart('{"spark":{}}')).toThrow(/chart\.result/);
    expect(() => parseYahooChart('nope')).toThrow(/not JSON/);
  });

  it('builds chart addresses', () => {
    expect(chartUrl('^GSPC', '1mo')).toBe(
      'https://query1.finance.yahoo.com/v8/finance/chart/%5EGSPC?range=1mo&interval=1d',
    );
  });
});
