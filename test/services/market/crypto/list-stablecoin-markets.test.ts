import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { coinMarketsDataset } from '../../../../src/services/market/crypto/datasets/coin-markets.js';
import { STABLECOINS } from '../../../../src/services/market/crypto/coins.js';

const PATH = '/api/market/v1/list-stablecoin-markets';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [coinMarketsDataset] });
});
afterAll(() => app.close());

describe('GET list-stablecoin-markets', () => {
  it('serves the five default stablecoins with peg status and a summary over them', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.stablecoins.map((s: { id: string }) => s.id)).toEqual(STABLECOINS);
    expect(b.dataStatus).toBe('OK');
    expect(b.unresolved).toEqual([]);
    const usdt = b.stablecoins[0];
    expect(usdt).toMatchObject({
      id: 'tether',
      symbol: 'USDT',
      name: 'Tether',
      price: 1.0002,
      deviation: 0.02,
      pegStatus: 'ON PEG',
    });
    expect(usdt.image).toMatch(/^https:\/\//);
    const fdusd = b.stablecoins.find((s: { id: string }) => s.id === 'first-digital-usd');
    expect(fdusd).toMatchObject({ price: 0.9931, deviation: 0.69, pegStatus: 'SLIGHT DEPEG' });
    expect(b.summary.coinCount).toBe(5);
    expect(b.summary.depeggedCount).toBe(0);
    expect(b.summary.healthStatus).toBe('HEALTHY');
    const cap = b.stablecoins.reduce((s: number, c: { marketCap: number }) => s + c.marketCap, 0);
    expect(b.summary.totalMarketCap).toBe(cap);
    expect(b.timestamp).toMatch(/^2026-11-20T11:5\d:\d\d\.\d{3}Z$/);
  });

  it('serves named coins in request order and reports invalid, over-cap and unknown ids', async () => {
    const res = await app.get(`${PATH}?coins=usds,Paypal-USD,bad_id!,no-such-coin,usds`);
    expect(res.status).toBe(200);
    expect(res.body.stablecoins.map((s: { id: string }) => s.id)).toEqual(['usds', 'paypal-usd']);
    expect(res.body.unresolved).toEqual([
      { id: 'bad_id!', reason: 'INVALID_ID' },
      { id: 'no-such-coin', reason: 'NOT_FOUND' },
    ]);
    expect(res.body.dataStatus).toBe('PARTIAL');
    expect(res.body.summary.coinCount).toBe(2);

    const many = Array.from({ length: 27 }, (_, i) => `coin-${i}`);
    const over = await app.get(`${PATH}?coins=${many.join(',')}`);
    expect(
      over.body.unresolved.filter((u: { reason: string }) => u.reason === 'OVER_CAP').map((u: { id: string }) => u.id),
    ).toEqual(['coin-25', 'coin-26']);
    expect(over.body.dataStatus).toBe('UNAVAILABLE');
    expect(over.body.summary.healthStatus).toBe('UNAVAILABLE');
  });
});

describe('list-stablecoin-markets without a snapshot', () => {
  it('is UNAVAILABLE with every coin not found, and not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body.stablecoins).toEqual([]);
      expect(res.body.dataStatus).toBe('UNAVAILABLE');
      expect(res.body.unresolved).toHaveLength(5);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
