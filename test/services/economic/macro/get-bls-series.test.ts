import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fredSeriesDataset } from '../../../../src/services/economic/macro/datasets/fred-series.js';

const PATH = '/api/economic/v1/get-bls-series';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fredSeriesDataset] });
});
afterAll(() => app.close());

describe('GET get-bls-series', () => {
  it('serves total private payrolls by default, the newest 60 months at most, in BLS period form', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const s = res.body.series;
    expect(s).toMatchObject({
      seriesId: 'USPRIV',
      title: 'Total Private Nonfarm Payrolls',
      units: 'Thousands of Persons',
    });
    expect(s.observations).toHaveLength(36);
    expect(s.observations.at(-1)).toEqual({ year: '2026', period: 'M10', periodName: 'October', value: '135113' });
    expect(s.observations[0]).toMatchObject({ year: '2023', period: 'M11', periodName: 'November' });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('serves the employment cost index with quarter-start months', async () => {
    const s = (await app.get(`${PATH}?series_id=eciallciv&limit=2`)).body.series;
    expect(s.seriesId).toBe('ECIALLCIV');
    expect(s.observations).toEqual([
      { year: '2026', period: 'M04', periodName: 'April', value: '177.1' },
      { year: '2026', period: 'M07', periodName: 'July', value: '178.6' },
    ]);
  });

  it('treats a limit of zero or less as the default', async () => {
    expect((await app.get(`${PATH}?limit=0`)).body.series.observations).toHaveLength(36);
  });

  it('refuses another series id and a malformed limit', async () => {
    const res = await app.get(`${PATH}?series_id=CPIAUCSL`);
    expectViolation(res, 'series_id', { only: true });
    expect(res.body.violations[0].description).toContain('CPIAUCSL');
    expectViolation(await app.get(`${PATH}?limit=abc`), 'limit');
  });
});

describe('get-bls-series without a snapshot', () => {
  it('answers without a series, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
