import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { coinMarketsDataset } from '../../../../src/services/market/crypto/datasets/coin-markets.js';
import { QUOTE_COINS } from '../../../../src/services/market/crypto/coins.js';

const PATH = '/api/market/v1/list-crypto-quotes';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [coinMarketsDataset] });
});
afterAll(() => app.close());

const symbols = (b: { quotes: { symbol: string }[] }) => b.quotes.map((q) => q.symbol);

describe('GET list-crypto-quotes', () => {
  it('serves the ten headline coins by default, with 48-hour sparklines', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.quotes).toHaveLength(QUOTE_COINS.length);
    expect(symbols(res.body)).toEqual(['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'ADA', 'DOGE', 'TRX', 'AVAX', 'LINK']);
    expect(res.body.unresolvedIds).toEqual([]);
    expect(res.body.provider).toBe('seed');
    const btc = res.body.quotes[0];
    expect(btc).toEqual({
      name: 'Bitcoin',
      symbol: 'BTC',
      price: 91840,
      change: expect.any(Number),
      sparkline: expect.any(Array),
      change7d: expect.any(Number),
    });
    expect(btc.change).toBeCloseTo(-1.84, 1);
    expect(btc.change7d).toBeCloseTo(-6.12, 1);
    expect(btc.sparkline).toHaveLength(48);
    expect(btc.sparkline.at(-1)).toBeCloseTo(91840, -1);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('answers named ids in request order, normalised and de-duplicated, from any coin the snapshot holds', async () => {
    const res = await app.get(`${PATH}?ids=%20Litecoin%20&ids=bitcoin,LITECOIN,pepe`);
    expect(res.status).toBe(200);
    expect(symbols(res.body)).toEqual(['LTC', 'BTC', 'PEPE']);
    expect(res.body.provider).toBe('seed');
  });

  it('lists ids the snapshot lacks as unresolved, marks the answer degraded and does not cache it', async () => {
    const res = await app.get(`${PATH}?ids=bitcoin,not-a-coin`);
    expect(symbols(res.body)).toEqual(['BTC']);
    expect(res.body.unresolvedIds).toEqual(['not-a-coin']);
    expect(res.body.provider).toBe('degraded');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses more than 25 ids', async () => {
    const ids = Array.from({ length: 26 }, (_, i) => `coin-${i}`).join(',');
    const res = await app.get(`${PATH}?ids=${ids}`);
    expectViolation(res, 'ids', { only: true });
    expect(res.body.violations[0].description).toBe('array must contain at most 25 item(s)');
    expect((await app.get(`${PATH}?ids=${ids.split(',').slice(0, 25).join(',')}`)).status).toBe(200);
  });
});

describe('list-crypto-quotes without a snapshot', () => {
  it('is empty, degraded and not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${PATH}?ids=bitcoin`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ quotes: [], unresolvedIds: ['bitcoin'], provider: 'degraded' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
