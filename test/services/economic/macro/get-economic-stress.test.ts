import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { fredSeriesDataset } from '../../../../src/services/economic/macro/datasets/fred-series.js';
import { ManualClock } from '../../../../src/platform/clock.js';

const PATH = '/api/economic/v1/get-economic-stress';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fredSeriesDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-economic-stress', () => {
  it('scores the latest reading of each input and weights them into the composite', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // (0*.2 + 0*.15 + 4.3692*.2 + 6.8783*.2 + 35.6667*.15 + 15.9375*.1) / 1: both spreads are steeper than
      // 0.5 pt after the October 2026 cut, so the curve components score 0.
      compositeScore: 9.2,
      label: 'Low',
      unavailable: false,
      seededAt: new Date(SAMPLE_NOW).toISOString(),
    });
    expect(res.body.components).toEqual([
      { id: 'T10Y2Y', label: 'Yield Curve', rawValue: 0.81, score: 0, weight: 0.2, missing: false },
      { id: 'T10Y3M', label: 'Bank Spread', rawValue: 0.73, score: 0, weight: 0.15, missing: false },
      { id: 'VIXCLS', label: 'Volatility', rawValue: 17.84, score: 4.4, weight: 0.2, missing: false },
      { id: 'STLFSI4', label: 'Financial Stress', rawValue: -0.5873, score: 6.9, weight: 0.2, missing: false },
      { id: 'GSCPI', label: 'Supply Chain', rawValue: 0.14, score: 35.7, weight: 0.15, missing: false },
      { id: 'ICSA', label: 'Job Claims', rawValue: 231000, score: 15.9, weight: 0.1, missing: false },
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('is computed once per snapshot version', async () => {
    const a = (await app.get(PATH)).body;
    const b = (await app.get(`${PATH}?jmespath=compositeScore`)).body;
    expect(b).toBe(a.compositeScore);
  });
});

describe('get-economic-stress degraded', () => {
  it('is unavailable and uncached without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ compositeScore: 0, label: '', components: [], seededAt: '', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('flags a missing supply-chain index and leaves it out of the weights', async () => {
    await withTestApp({ samples: 'none' }, async (partial) => {
      const payloads: Record<string, Buffer> = {};
      for (const [name, src] of Object.entries(fredSeriesDataset.sources)) {
        if (name !== 'GSCPI') payloads[name] = (await import('node:fs')).readFileSync(`db/samples/${src.sample}`);
      }
      const run = await partial.deps.runner.run(fredSeriesDataset, { origin: { kind: 'bytes', payloads } });
      expect(run.ok).toBe(true);
      const body = (await partial.get(PATH)).body;
      expect(body.components.find((c: { id: string }) => c.id === 'GSCPI')).toEqual({
        id: 'GSCPI',
        label: 'Supply Chain',
        rawValue: 0,
        score: 0,
        weight: 0.15,
        missing: true,
      });
      // (0*.2 + 0*.15 + 4.3692*.2 + 6.8783*.2 + 15.9375*.1) / .85
      expect(body.compositeScore).toBe(4.5);
      expect(body.unavailable).toBe(false);
    });
  });
});
