import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { indexBoardsDataset } from '../../../../src/services/market/equities/datasets/index-boards.js';
import { COUNTRY_CODES, GULF_QUOTES, SECTOR_ETFS } from '../../../../src/services/market/equities/boards.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [indexBoardsDataset] });
});
afterAll(() => app.close());

describe('GET get-sector-summary', () => {
  const PATH = '/api/market/v1/get-sector-summary';
  it('serves the twelve sector funds’ one-day change by default', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.sectors.map((s: { symbol: string }) => s.symbol)).toEqual(SECTOR_ETFS.map((s) => s.symbol));
    expect(res.body.sectors[0]).toEqual({ symbol: 'XLK', name: 'Technology', change: expect.any(Number) });
  });

  it('measures over the requested period', async () => {
    const day = await app.get(`${PATH}?period=1d`);
    const week = await app.get(`${PATH}?period=1W`);
    const month = await app.get(`${PATH}?period=1mo`);
    expect(day.body).toEqual((await app.get(PATH)).body);
    expect(week.body.sectors).not.toEqual(day.body.sectors);
    expect(month.body.sectors).not.toEqual(week.body.sectors);
    expectViolation(await app.get(`${PATH}?period=decade`), 'period', { only: true });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'refuses period=%s like any unknown period',
    async (p) => {
      expectViolation(await app.get(`${PATH}?period=${p}`), 'period', { only: true });
    },
  );
});

describe('GET list-gulf-quotes', () => {
  it('serves the fourteen Gulf quotes with flags and types', async () => {
    const res = await app.get('/api/market/v1/list-gulf-quotes');
    expect(res.status).toBe(200);
    expect(res.body.rateLimited).toBe(false);
    expect(res.body.quotes.map((q: { symbol: string }) => q.symbol)).toEqual(GULF_QUOTES.map((g) => g.symbol));
    expect(res.body.quotes[0]).toMatchObject({
      symbol: '^TASI.SR',
      flag: '🇸🇦',
      country: 'Saudi Arabia',
      type: 'index',
      price: 10842.6,
    });
    expect(res.body.quotes.find((q: { symbol: string }) => q.symbol === 'KWDUSD=X').type).toBe('currency');
    expect(res.body.quotes[0].sparkline.length).toBeGreaterThan(15);
  });
});

describe('GET get-country-stock-index', () => {
  const PATH = '/api/market/v1/get-country-stock-index';
  it('answers the US S&P 500 when no country is given', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      available: true,
      code: 'US',
      symbol: '^GSPC',
      indexName: 'S&P 500',
      price: 6912.44,
      currency: 'USD',
    });
    expect(res.body.fetchedAt).toMatch(/^2026-11-19T/);
  });

  it('answers every mapped country from the snapshot, with the week change over six closes', async () => {
    for (const code of COUNTRY_CODES) {
      const res = await app.get(`${PATH}?country_code=${code}`);
      expect(res.body.available, code).toBe(true);
    }
    const jp = await app.get(`${PATH}?country_code=JP`);
    expect(jp.body).toMatchObject({ symbol: '^N225', currency: 'JPY' });
    expect(Math.abs(jp.body.weekChangePercent)).toBeLessThan(20);
  });

  it('answers an unmapped country in-band as unavailable, not cached; refuses malformed codes', async () => {
    const res = await app.get(`${PATH}?country_code=KE`);
    expect(res.body).toEqual({
      available: false,
      code: 'KE',
      symbol: '',
      indexName: '',
      price: 0,
      weekChangePercent: 0,
      currency: '',
      fetchedAt: '',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectViolation(await app.get(`${PATH}?country_code=us`), 'country_code');
    expectViolation(await app.get(`${PATH}?country_code=USA`), 'country_code');
  });
});

describe('index boards without a snapshot', () => {
  it('serve empty or unavailable answers, not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const path of ['get-sector-summary', 'list-gulf-quotes', 'get-country-stock-index']) {
        const res = await empty.get(`/api/market/v1/${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      expect((await empty.get('/api/market/v1/get-country-stock-index')).body.available).toBe(false);
    });
  });
});
