import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { fearGreedDataset } from '../../../../src/services/market/flows/datasets/fear-greed.js';
import { CATEGORY_KEYS, CATEGORY_WEIGHTS } from '../../../../src/services/market/flows/rules.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';

const PATH = '/api/market/v1/get-fear-greed-index';
let app: TestApp;
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'market', f));

beforeAll(async () => {
  app = await startTestApp({ samples: [fearGreedDataset] });
});
afterAll(() => app.close());

describe('GET get-fear-greed-index', () => {
  it('serves the composite with its label and all ten categories', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.unavailable).toBe(false);
    // Contributions (score x weight) from the samples: sentiment 42.9x.1, volatility 74.6x.1 (VIX 17.84),
    // positioning 74.1x.15, trend 83.1x.1 (SPY 689.7 over its 200-day mean 646.9), breadth 36.4x.1 (4 of 11
    // sectors above their 200-day mean), momentum 46.8x.1 (SPY -0.63 % in 20 sessions), liquidity 57.2x.15
    // (balance sheet +0.72 % in 13 weeks), credit 88.4x.1 (HY OAS 3.02), macro 70.3x.05 (10y-2y 0.81),
    // cross-asset 35.4x.05: 62.2.
    expect(b.compositeScore).toBe(62.2);
    expect(b.compositeLabel).toBe('Greed');
    expect(b.seededAt).toBe('2026-11-20T12:00:00.000Z');
    for (const k of CATEGORY_KEYS) {
      expect(b[k]).toEqual({
        score: expect.any(Number),
        weight: CATEGORY_WEIGHTS[k],
        contribution: expect.any(Number),
        degraded: false,
        inputsJson: expect.any(String),
      });
      expect(b[k].score).toBeGreaterThanOrEqual(0);
      expect(b[k].score).toBeLessThanOrEqual(100);
      expect(typeof JSON.parse(b[k].inputsJson)).toBe('object');
    }
    const sum = CATEGORY_KEYS.reduce((s, k) => s + b[k].contribution, 0);
    expect(sum).toBeCloseTo(b.compositeScore, 0);
    expect(b.previousScore).toBeGreaterThan(0);
  });

  it('reports the headline readings from the upstream feeds', async () => {
    const b = (await app.get(PATH)).body;
    expect(b).toMatchObject({
      vix: 17.84,
      hySpread: 3.02,
      yield10y: 4.09,
      fedRate: '3.39%',
      cnnFearGreed: 42.9,
      cnnLabel: 'fear',
      hygPrice: 80.62,
      tltPrice: 89.14,
    });
    // FSI = (HYG/TLT) / (VIX × OAS / 100)
    expect(b.fsiValue).toBeCloseTo(80.62 / 89.14 / ((17.84 * 3.02) / 100), 3);
    expect(b.fsiLabel).toBe('Low Stress'); // 1.68, at or above 1.5
    expect(b.sectorPerformance).toHaveLength(11);
    expect(b.sectorPerformance[0]).toEqual({ symbol: 'XLK', name: 'Technology', change1d: expect.any(Number) });
  });

  it('declares the slow cache tier', async () => {
    expect((await app.get(PATH)).headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('degrades sentiment and positioning when the optional CNN feed is missing, rescaling the rest', async () => {
    await withTestApp({ samples: 'none' }, async (other) => {
      const r = await other.deps.runner.run(fearGreedDataset, {
        origin: {
          kind: 'bytes',
          payloads: {
            yahoo: sample('yahoo-spark-fear-greed.json'),
            fred: sample('fred-fear-greed-inputs.csv'),
            cnn: Buffer.from('<html>blocked</html>'),
          },
        },
      });
      expect(r.ok).toBe(true);
      const b = (await other.get(PATH)).body;
      expect(b.sentiment).toMatchObject({ degraded: true, contribution: 0, score: 50 });
      expect(b.positioning).toMatchObject({ degraded: true, contribution: 0 });
      expect(b.cnnFearGreed).toBe(0);
      expect(b.cnnLabel).toBe('');
      const sum = CATEGORY_KEYS.reduce((s, k) => s + b[k].contribution, 0);
      expect(sum).toBeCloseTo(b.compositeScore, 0);
    });
  });
});

describe('get-fear-greed-index without a composite', () => {
  it('is exactly the unavailable shape, not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ compositeScore: 0, compositeLabel: '', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
