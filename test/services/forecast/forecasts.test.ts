import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { forecastsDataset } from '../../../src/services/forecast/datasets/predictions.js';
import { resolutionsDataset } from '../../../src/services/forecast/datasets/resolutions.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [forecastsDataset, resolutionsDataset] });
});
afterAll(() => app.close());

const FORECASTS = '/api/forecast/v1/get-forecasts';
const SCORECARD = '/api/forecast/v1/get-forecast-scorecard';

describe('GET get-forecasts', () => {
  it('returns every card of the bundled document with its date', async () => {
    const res = await app.get(FORECASTS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      generatedAt: Date.UTC(2026, 10, 20, 11),
      degraded: false,
      stale: false,
      error: '',
    });
    expect(res.body.forecasts).toHaveLength(14);
    const first = res.body.forecasts[0];
    expect(first).toMatchObject({
      id: 'fc-conflict-b5f19737',
      domain: 'conflict',
      region: 'Eastern Europe',
      probability: 0.62,
      trend: 'rising',
      timeHorizon: '7d',
    });
    expect(first.calibration).toMatchObject({ source: 'polymarket' });
    // Absent message fields are omitted, not null; pipeline-only fields are not served.
    expect(first).not.toHaveProperty('perspectives');
    expect(first).not.toHaveProperty('generationOrigin');
    expect(res.headers.get('cache-control')).toMatch(/max-age=120/);
  });

  it('filters by domain and by region substring, in any case', async () => {
    const byDomain = (await app.get(`${FORECASTS}?domain=supply_chain`)).body.forecasts;
    expect(byDomain.map((f: { region: string }) => f.region)).toEqual(['Red Sea', 'Strait of Hormuz', 'Panama']);
    const byRegion = (await app.get(`${FORECASTS}?region=middle%20EAST`)).body.forecasts;
    expect(byRegion.map((f: { domain: string }) => f.domain)).toEqual(['conflict', 'political']);
    expect((await app.get(`${FORECASTS}?domain=political&region=east`)).body.forecasts).toHaveLength(1);
  });

  it('refuses a domain outside the list', async () => {
    expectViolation(await app.get(`${FORECASTS}?domain=weather`), 'domain');
  });

  it('flags a missing document as degraded and not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(FORECASTS);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        forecasts: [],
        generatedAt: 0,
        degraded: true,
        stale: false,
        error: 'forecast_backend_unavailable',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good document when ingestion brings a malformed card', async () => {
    const bad = Buffer.from(
      JSON.stringify({ schema: 'forecast-document/v1', generatedAt: '2026-11-20T12:00:00Z', forecasts: [{ id: 'x' }] }),
    );
    const result = await app.deps.runner.run(forecastsDataset, {
      origin: { kind: 'bytes', payloads: { document: bad } },
    });
    expect(result.ok).toBe(false);
    expect((await app.get(FORECASTS)).body.forecasts).toHaveLength(14);
  });
});

describe('GET get-forecast-scorecard', () => {
  it('scores the bundled ledger over the 180-day window', async () => {
    const res = await app.get(SCORECARD);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      schemaVersion: 1,
      rollingWindowDays: 180,
      generatedAt: Date.UTC(2026, 10, 20, 3),
      degraded: false,
      stale: false,
      error: '',
    });
    // Figures checked against an independent computation over the sample file.
    expect(body.totals).toMatchObject({
      entries: 153,
      resolved: 134,
      pending: 12,
      pendingJudge: 7,
      scored: 122,
      void: 12,
    });
    expect(body.totals.voidRate).toBeCloseTo(12 / 134, 6);
    // The published formula: scored / entries in the window.
    expect(body.totals.publicationCoverage).toBeCloseTo(122 / 153, 6);
    expect(body.overall.count).toBe(122);
    expect(body.overall.brier).toBeCloseTo(0.207087, 6);
    expect(body.calibration.map((b: { count: number }) => b.count)).toEqual([10, 20, 26, 16, 28, 10, 9, 1, 1, 1]);
    expect(body.calibration[0]).toMatchObject({ bucket: '0-10', minProbability: 0, maxProbability: 0.1 });
    expect(body.byDomain.map((d: { domain: string }) => d.domain)).toEqual([
      'conflict',
      'cyber',
      'infrastructure',
      'market',
      'military',
      'political',
      'supply_chain',
    ]);
    expect(body.skill.excludedOrigins).toEqual(['bet_engine', 'state_derived']);
    expect(body.skill.count + body.skill.excludedScored).toBe(122);
    expect(body.vsMarketSkill.count).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toMatch(/max-age=60/);
  });

  it('answers an empty, degraded scorecard without a ledger', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(SCORECARD);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        degraded: true,
        error: 'forecast_scorecard_backend_unavailable',
        calibration: [],
        totals: { entries: 0 },
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
