import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fredSeriesDataset } from '../../../../src/services/economic/macro/datasets/fred-series.js';
import { FRED_SERIES } from '../../../../src/services/economic/macro/rules.js';

const PATH = '/api/economic/v1/get-fred-series';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fredSeriesDataset] });
});
afterAll(() => app.close());

describe('GET get-fred-series', () => {
  it('serves a series with its FRED title, units and frequency, oldest first', async () => {
    const res = await app.get(`${PATH}?series_id=FEDFUNDS`);
    expect(res.status).toBe(200);
    const s = res.body.series;
    expect(s).toMatchObject({
      seriesId: 'FEDFUNDS',
      title: 'Federal Funds Effective Rate',
      units: 'Percent',
      frequency: 'Monthly',
    });
    expect(s.observations).toHaveLength(24);
    expect(s.observations.at(-1)).toEqual({ date: '2026-10-01', value: 3.62 });
    expect(s.observations.at(-2)).toEqual({ date: '2026-09-01', value: 3.64 });
    const dates = s.observations.map((o: { date: string }) => o.date);
    expect([...dates].sort()).toEqual(dates);
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('answers every series of the dataset', async () => {
    for (const def of FRED_SERIES) {
      const res = await app.get(`${PATH}?series_id=${def.id}`);
      expect(res.status, def.id).toBe(200);
      expect(res.body.series.seriesId).toBe(def.id);
      expect(res.body.series.observations.length, def.id).toBeGreaterThan(0);
    }
  });

  it('drops the "." rows FRED uses for days without a value', async () => {
    const obs = (await app.get(`${PATH}?series_id=DGS10`)).body.series.observations;
    // 30 sessions less Columbus Day and Veterans Day, when the Treasury market is shut.
    expect(obs).toHaveLength(28);
    expect(obs.map((o: { date: string }) => o.date)).not.toContain('2026-10-12');
    expect(obs.map((o: { date: string }) => o.date)).not.toContain('2026-11-11');
  });

  it('serves the supply-chain pressure index from the New York Fed CSV under seriesId GSCPI', async () => {
    const s = (await app.get(`${PATH}?series_id=GSCPI`)).body.series;
    expect(s.seriesId).toBe('GSCPI');
    expect(s.observations.slice(-2)).toEqual([
      { date: '2026-09-01', value: 0.11 },
      { date: '2026-10-01', value: 0.14 },
    ]);
  });

  it('keeps the newest `limit` observations', async () => {
    const obs = (await app.get(`${PATH}?series_id=FEDFUNDS&limit=3`)).body.series.observations;
    expect(obs.map((o: { date: string }) => o.date)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01']);
  });

  it('treats a limit of zero or less as the default and caps a large one', async () => {
    for (const limit of ['0', '-5', '5000']) {
      expect((await app.get(`${PATH}?series_id=USPRIV&limit=${limit}`)).body.series.observations).toHaveLength(36);
    }
  });

  it('accepts the id in any case', async () => {
    expect((await app.get(`${PATH}?series_id=fedfunds`)).body.series.seriesId).toBe('FEDFUNDS');
  });

  it('refuses an unknown series id, naming it', async () => {
    const res = await app.get(`${PATH}?series_id=NOPE123`);
    expectViolation(res, 'series_id', { only: true });
    expect(res.body.violations[0].description).toContain('NOPE123');
  });

  it('answers the headline series, FEDFUNDS, when no series is named', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.series.seriesId).toBe('FEDFUNDS');
    expect(res.body.series.observations).toHaveLength(24);
    expect((await app.get(`${PATH}?series_id=&limit=2`)).body.series).toMatchObject({
      seriesId: 'FEDFUNDS',
      observations: [{ date: '2026-09-01' }, { date: '2026-10-01' }],
    });
  });

  it('refuses a malformed limit', async () => {
    expectViolation(await app.get(`${PATH}?series_id=GDP&limit=1e2`), 'limit');
  });
});

describe('get-fred-series without a snapshot', () => {
  it('answers without a series and with caching disabled', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${PATH}?series_id=GDP`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
