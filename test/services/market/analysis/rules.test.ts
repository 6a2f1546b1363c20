import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../../../src/sources/yahoo/chart.js';
import {
  backtest,
  biasPoints,
  evaluate,
  ledger,
  LEDGER_START_INDEX,
  macdStatusOf,
  maxDrawdown,
  rsi,
  rsiStatusOf,
  signalOf,
  sma,
  technicals,
  tradeLevels,
  trendOf,
  volumeStatusOf,
} from '../../../../src/services/market/analysis/rules.js';

const bar = (close: number, i: number, spread = 0.01, volume = 1000): Bar => ({
  time: i * 86_400_000,
  open: close,
  high: close * (1 + spread),
  low: close * (1 - spread),
  close,
  volume,
});
const barsOf = (closes: number[]) => closes.map((c, i) => bar(c, i));

const positiveCloses = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 30, maxLength: 120 });

describe('indicators', () => {
  it('sma averages the last n values', () => {
    expect(sma([1, 2, 3, 4], 2)).toBe(3.5);
    expect(sma([1, 2], 5)).toBe(1.5);
  });

  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 100],
    [[14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 0],
    [[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 50],
  ])('rsi of a one-way or flat series', (closes, expected) => expect(rsi(closes, 12)).toBeCloseTo(expected, 6));

  it('rsi stays within 0-100', () => {
    fc.assert(
      fc.property(positiveCloses, (xs) => {
        const r = rsi(xs, 12);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('max drawdown is the largest fall from a running peak', () => {
    expect(maxDrawdown([100, 120, 90, 130, 117])).toBeCloseTo(25, 6);
    expect(maxDrawdown([1, 2, 3])).toBe(0);
    fc.assert(
      fc.property(positiveCloses, (xs) => {
        const d = maxDrawdown(xs);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(100);
      }),
    );
  });
});

describe('scoring tables', () => {
  it.each([
    [110, 105, 100, 0, 'Strong bull'],
    [110, 105, 100, 20, 'Bull'],
    [102, 101, 100, 0, 'Bull'],
    [103, 101, 102, 0, 'Weak bull'],
    [90, 95, 100, 0, 'Strong bear'],
    [98, 99, 100, 0, 'Bear'],
    [99, 101, 100, 0, 'Weak bear'],
    [100, 100, 100, 0, 'Consolidation'],
  ] as const)('trend of MA5 %d, MA10 %d, MA20 %d (spread before %d) is %s', (a, b, c, before, trend) =>
    expect(trendOf(a, b, c, before)).toBe(trend),
  );

  it.each([
    [-6, 'Bull', 8],
    [-4, 'Bull', 16],
    [-1, 'Bull', 20],
    [1, 'Bull', 18],
    [3, 'Bull', 14],
    [6, 'Bull', 4],
    [6, 'Strong bull', 10],
    [8, 'Strong bull', 4],
  ] as const)('bias %d in a %s trend scores %d', (b, trend, points) => expect(biasPoints(b, trend)).toBe(points));

  it.each([
    [2, 1, 'Heavy volume up'],
    [2, -1, 'Heavy volume down'],
    [0.5, 1, 'Shrinking volume up'],
    [0.5, -1, 'Shrinking volume down'],
    [1, 1, 'Normal volume'],
  ] as const)('volume ratio %d with change %d is %s', (r, c, s) => expect(volumeStatusOf(r, c)).toBe(s));

  it.each([
    [1, 0.5, 0.4, 0.5, 'Golden cross above zero'],
    [-1, -1.5, -1.6, -1.5, 'Golden cross'],
    [1, 1.5, 1.6, 1.5, 'Death cross'],
    [0.1, 0, -0.1, -0.2, 'Crossing above zero'],
    [1, 0.5, 0.9, 0.4, 'Bullish'],
    [-1, -0.5, -0.9, -0.4, 'Bearish'],
  ] as const)('MACD %d/%d after %d/%d is %s', (dif, dea, pdif, pdea, s) =>
    expect(macdStatusOf(dif, dea, pdif, pdea)).toBe(s),
  );

  it.each([
    [75, 'Overbought'],
    [65, 'Strong'],
    [50, 'Neutral'],
    [35, 'Weak'],
    [20, 'Oversold'],
  ] as const)('RSI %d is %s', (r, s) => expect(rsiStatusOf(r)).toBe(s));

  it.each([
    [80, 'Bull', 'Strong buy'],
    [80, 'Weak bull', 'Buy'],
    [65, 'Bull', 'Buy'],
    [65, 'Bear', 'Hold'],
    [50, 'Bull', 'Hold'],
    [35, 'Bear', 'Watch'],
    [20, 'Bear', 'Strong sell'],
    [20, 'Consolidation', 'Sell'],
  ] as const)('score %d in a %s trend signals %s', (score, trend, s) => expect(signalOf(score, trend)).toBe(s));
});

describe('trade levels', () => {
  it('use the nearest support and resistance for a long, fixed percentages otherwise', () => {
    expect(tradeLevels(100, 'Buy', [95, 98], [104, 110])).toEqual({ stopLoss: 98, takeProfit: 104 });
    expect(tradeLevels(100, 'Hold', [], [])).toEqual({ stopLoss: 95, takeProfit: 108 });
    expect(tradeLevels(100, 'Sell', [98], [104])).toEqual({ stopLoss: 105, takeProfit: 92 });
  });
});

describe('technicals', () => {
  it('a steady rise reads as a bull trend with a score within bounds, on any positive series', () => {
    const up = technicals(barsOf(Array.from({ length: 80 }, (_, i) => 100 * 1.01 ** i)));
    expect(up.trend).toMatch(/bull/);
    expect(up.ma5).toBeGreaterThan(up.ma20);
    fc.assert(
      fc.property(positiveCloses, (xs) => {
        const t = technicals(barsOf(xs));
        expect(t.score).toBeGreaterThanOrEqual(0);
        expect(t.score).toBeLessThanOrEqual(100);
        expect(t.signal).toBe(signalOf(t.score, t.trend));
      }),
      { numRuns: 50 },
    );
  });
});

describe('the backtest walk', () => {
  const entry = { index: 0, time: 0, score: 70, entry: 100, stopLoss: 95, takeProfit: 108 };
  it.each([
    ['a long hitting its stop', 'Buy', [100, 99, 94, 120], 'stop_loss', -5],
    ['a long hitting its target', 'Buy', [100, 103, 109, 90], 'take_profit', 8],
    ['a long held to the window close', 'Buy', [100, 101, 102, 103], 'window_close', 3],
    ['a short held to the window close', 'Sell', [100, 99, 98, 97], 'window_close', 3],
  ] as const)('%s', (_, signal, closes, outcome, ret) => {
    const bars = closes.map((c, i) => bar(c, i, 0));
    const e = signal === 'Sell' ? { ...entry, signal, stopLoss: 105, takeProfit: 92 } : { ...entry, signal };
    const ev = evaluate(e, bars, 3)!;
    expect(ev.outcome).toBe(outcome);
    expect(ev.returnPct).toBeCloseTo(ret, 6);
  });

  it('skips hold-type signals and windows that run past the data', () => {
    const bars = [100, 101, 102].map((c, i) => bar(c, i));
    expect(evaluate({ ...entry, signal: 'Hold' }, bars, 1)).toBeUndefined();
    expect(evaluate({ ...entry, signal: 'Buy' }, bars, 5)).toBeUndefined();
  });

  it('a long return never falls below its stop nor rises above its target; stats agree with the evaluations', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 50, max: 150, noNaN: true }), { minLength: 90, maxLength: 110 }),
        fc.integer({ min: 3, max: 30 }),
        (xs, w) => {
          const bars = barsOf(xs);
          const entries = ledger(bars);
          expect(entries).toHaveLength(xs.length - LEDGER_START_INDEX);
          const stats = backtest(bars, entries, w);
          for (const e of stats.evaluations) {
            expect(e.index + w).toBeLessThan(bars.length);
            if (e.signal.includes('buy') || e.signal === 'Buy') {
              expect(e.exit).toBeGreaterThanOrEqual(Math.min(e.stopLoss, bars[e.index + w].close));
            }
          }
          const wins = stats.evaluations.filter((e) => e.returnPct > 0).length;
          expect(stats.winRate).toBeCloseTo(stats.evaluations.length ? (wins / stats.evaluations.length) * 100 : 0, 1);
        },
      ),
      { numRuns: 20 },
    );
  });
});
