import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fredSeriesDataset } from '../../../../src/services/economic/macro/datasets/fred-series.js';
import { DEFAULT_BATCH_SERIES } from '../../../../src/services/economic/macro/rules.js';

const PATH = '/api/economic/v1/get-fred-series-batch';
let app: TestApp;

const post = (a: TestApp, body: unknown) =>
  a.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  app = await startTestApp({ samples: [fredSeriesDataset] });
});
afterAll(() => app.close());

describe('POST get-fred-series-batch', () => {
  it('returns the headline set for an empty body', async () => {
    const res = await post(app, {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.results)).toEqual([...DEFAULT_BATCH_SERIES]);
    expect(res.body).toMatchObject({ fetched: 8, requested: 8 });
  });

  it('trims, upper-cases, de-duplicates and sorts the ids', async () => {
    const res = await post(app, { seriesIds: [' unrate', 'GDP', 'gdp', 'GSCPI'] });
    expect(Object.keys(res.body.results)).toEqual(['GDP', 'GSCPI', 'UNRATE']);
    expect(res.body).toMatchObject({ fetched: 3, requested: 3 });
    expect(res.body.results.GDP).toMatchObject({
      seriesId: 'GDP',
      title: 'Gross Domestic Product',
      frequency: 'Quarterly',
    });
  });

  it('applies limit to every series, newest kept', async () => {
    const res = await post(app, { seriesIds: ['FEDFUNDS', 'ICSA'], limit: 2 });
    expect(res.body.results.FEDFUNDS.observations).toEqual([
      { date: '2026-09-01', value: 3.64 },
      { date: '2026-10-01', value: 3.62 },
    ]);
    expect(res.body.results.ICSA.observations.at(-1)).toEqual({ date: '2026-11-14', value: 231000 });
  });

  it('refuses unknown ids, naming each', async () => {
    const res = await post(app, { seriesIds: ['GDP', 'XYZ', 'ABC'] });
    expectViolation(res, 'seriesIds', { only: true });
    expect(res.body.violations[0].description).toMatch(/ABC, XYZ/);
  });

  it('refuses an empty list, more than 20 ids and a fractional limit', async () => {
    expectViolation(await post(app, { seriesIds: [] }), 'seriesIds');
    expectViolation(await post(app, { seriesIds: Array.from({ length: 21 }, () => 'GDP') }), 'seriesIds');
    expectViolation(await post(app, { seriesIds: ['GDP'], limit: 1.5 }), 'limit');
  });

  it('answers a body that is not JSON with 400', async () => {
    expect((await post(app, '{"seriesIds":')).status).toBe(400);
  });
});

describe('get-fred-series-batch without a snapshot', () => {
  it('reports the requested ids as not fetched, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await post(empty, { seriesIds: ['GDP'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: {}, fetched: 0, requested: 1 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
