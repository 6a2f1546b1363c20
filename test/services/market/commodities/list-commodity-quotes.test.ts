import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { commoditiesDataset } from '../../../../src/services/market/commodities/datasets/commodities.js';
import { COMMODITIES } from '../../../../src/services/market/commodities/instruments.js';

const PATH = '/api/market/v1/list-commodity-quotes';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [commoditiesDataset] });
});
afterAll(() => app.close());

describe('GET list-commodity-quotes', () => {
  it('serves the whole board in board order by default', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.quotes.map((q: { symbol: string }) => q.symbol)).toEqual(COMMODITIES.map((c) => c.symbol));
    const gold = res.body.quotes.find((q: { symbol: string }) => q.symbol === 'GC=F');
    expect(gold).toMatchObject({ name: 'Gold', display: 'GOLD', price: 4065.3 });
    expect(gold.sparkline).toHaveLength(22);
    expect(gold.sparkline.at(-1)).toBe(4065.3);
    expect(gold.change).toBeCloseTo(((4065.3 - gold.sparkline.at(-2)) / gold.sparkline.at(-2)) * 100, 1);
  });

  it('narrows to the requested symbols, normalised, keeping board order', async () => {
    const res = await app.get(`${PATH}?symbols=usdjpy=x,%20gc%3Df%20&symbols=CL=F,GC=F`);
    expect(res.status).toBe(200);
    expect(res.body.quotes.map((q: { symbol: string }) => q.symbol)).toEqual(['GC=F', 'CL=F', 'USDJPY=X']);
  });

  it('refuses symbols off the board, naming them', async () => {
    const one = await app.get(`${PATH}?symbols=GC=F,AAPL`);
    expectViolation(one, 'symbols', { only: true });
    expect(one.body.violations[0].description).toBe('Unsupported commodity symbol: AAPL');
    const two = await app.get(`${PATH}?symbols=AAPL,^DJI`);
    expect(two.body.violations[0].description).toBe('Unsupported commodity symbols: AAPL, ^DJI');
  });
});

describe('list-commodity-quotes without a snapshot', () => {
  it('is empty and not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ quotes: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
