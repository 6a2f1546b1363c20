import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { macroSignalsDataset } from '../../../../src/services/economic/macro/datasets/macro-inputs.js';
import { computeMacroSignals, roc, sma, vwap } from '../../../../src/services/economic/macro/signals.js';
import { parseYahooChart } from '../../../../src/sources/yahoo/chart.js';
import { parseFng } from '../../../../src/sources/alternative-me/fng.js';

const PATH = '/api/economic/v1/get-macro-signals';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [macroSignalsDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-macro-signals', () => {
  it('computes the seven signals and a BUY verdict from the sample charts', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      timestamp: new Date(SAMPLE_NOW).toISOString(),
      verdict: 'BUY',
      bullishCount: 6,
      totalCount: 7,
      unavailable: false,
    });
    // From the sample charts: USD/JPY -0.29 % over 30 sessions; BTC +4.1 % and QQQ +4.63 % over 5 (within
    // 5 points: aligned); QQQ +2.35 % against XLP +3.41 % over 20 (defensive). Aligned counts as bullish
    // where risk-on no longer does: still 6 of 7.
    expect(b.signals.liquidity).toMatchObject({ status: 'NORMAL', value: -0.29 });
    expect(b.signals.liquidity.sparkline).toHaveLength(30);
    expect(b.signals.flowStructure).toEqual({ status: 'ALIGNED', btcReturn5: 4.1, qqqReturn5: 4.63 });
    expect(b.signals.macroRegime).toEqual({ status: 'DEFENSIVE', qqqRoc20: 2.35, xlpRoc20: 3.41 });
    expect(b.signals.technicalTrend).toMatchObject({
      status: 'BULLISH',
      btcPrice: 91840.55,
      sma50: 82810,
      sma200: 79677,
      vwap30d: 83045,
      mayerMultiple: 1.15,
    });
    expect(b.signals.hashRate).toEqual({ status: 'GROWING', change30d: 3.9 });
    expect(b.signals.priceMomentum).toEqual({ status: 'STRONG' });
    expect(b.signals.fearGreed).toMatchObject({ status: 'Neutral', value: 52 });
    expect(b.signals.fearGreed.history).toHaveLength(30);
    expect(b.signals.fearGreed.history.at(-1)).toEqual({ value: 52, date: '2026-11-19' });
    expect(b.meta.qqqSparkline).toHaveLength(30);
    expect(res.headers.get('cache-control')).toMatch(/max-age=120/);
  });

  it('turns the signals of a missing input UNKNOWN and leaves them out of the count', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (partial) => {
      const fs = await import('node:fs');
      const fng = fs.readFileSync(`db/samples/${macroSignalsDataset.sources.fng.sample}`);
      expect(
        (await partial.deps.runner.run(macroSignalsDataset, { origin: { kind: 'bytes', payloads: { fng } } })).ok,
      ).toBe(true);
      const b = (await partial.get(PATH)).body;
      expect(b).toMatchObject({ verdict: 'BUY', bullishCount: 1, totalCount: 1, unavailable: false });
      expect(b.signals.technicalTrend).toEqual({ status: 'UNKNOWN', sparkline: [] });
      expect(b.signals.priceMomentum).toEqual({ status: 'UNKNOWN' });
    });
  });
});

describe('signal rules', () => {
  it.each([
    [[100, 110], 1, 10],
    [[100, 90], 1, -10],
    [[100], 1, undefined],
  ])('roc of %j over %d is %s', (values, n, r) => expect(roc(values, n)).toBe(r));

  it('sma and vwap need their full window', () => {
    expect(sma([1, 2, 3], 3)).toBe(2);
    expect(sma([1, 2], 3)).toBeUndefined();
    expect(
      vwap(
        [
          { close: 10, volume: 1 },
          { close: 20, volume: 3 },
        ],
        2,
      ),
    ).toBe(17.5);
    expect(
      vwap(
        [
          { close: 10, volume: 0 },
          { close: 20, volume: 3 },
        ],
        2,
      ),
    ).toBeUndefined();
  });

  it('the verdict is BUY exactly when at least 57% of known signals are bullish', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 0, max: 100 }),
        (prices, fngValue) => {
          const bars = prices.map((close, i) => ({ time: i * 86_400_000, close, volume: 1 }));
          const chart = { symbol: 'X', bars };
          const s = computeMacroSignals({
            jpy: chart,
            btc: chart,
            qqq: chart,
            xlp: chart,
            fng: [{ date: '2026-11-19', value: fngValue, classification: 'x' }],
          });
          expect(s.totalCount).toBeGreaterThanOrEqual(1);
          expect(s.bullishCount).toBeLessThanOrEqual(s.totalCount);
          expect(s.verdict).toBe(s.bullishCount / s.totalCount >= 0.57 ? 'BUY' : 'CASH');
        },
      ),
    );
  });

  it('parsers refuse error documents', () => {
    expect(() =>
      parseYahooChart(
        '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}',
      ),
    ).toThrow(/delisted/);
    expect(() => parseFng('{"data":[],"metadata":{"error":"rate limited"}}')).toThrow(/rate limited/);
  });
});

describe('get-macro-signals without a snapshot', () => {
  it('answers every signal UNKNOWN, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({
        verdict: 'UNKNOWN',
        bullishCount: 0,
        totalCount: 0,
        unavailable: true,
        meta: { qqqSparkline: [] },
      });
      expect(res.body.signals.fearGreed).toEqual({ status: 'UNKNOWN', history: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
