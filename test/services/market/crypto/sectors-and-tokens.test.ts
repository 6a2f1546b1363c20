import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { coinMarketsDataset } from '../../../../src/services/market/crypto/datasets/coin-markets.js';
import { CRYPTO_SECTORS, TOKEN_PANELS } from '../../../../src/services/market/crypto/coins.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [coinMarketsDataset] });
});
afterAll(() => app.close());

describe('GET list-crypto-sectors', () => {
  it('serves the eight sectors with the mean 24-hour change of their coins', async () => {
    const res = await app.get('/api/market/v1/list-crypto-sectors');
    expect(res.status).toBe(200);
    expect(res.body.sectors.map((s: { id: string }) => s.id)).toEqual(CRYPTO_SECTORS.map((s) => s.id));
    const privacy = res.body.sectors.find((s: { id: string }) => s.id === 'privacy');
    // Monero, Zcash and Dash rose in the sample while the rest of the market fell.
    expect(privacy.change).toBeGreaterThan(0);
    const l1 = res.body.sectors[0];
    expect(l1).toEqual({ id: 'layer-1', name: 'Layer 1', change: expect.any(Number) });
    expect(l1.change).toBeCloseTo((-1.84 - 2.61 - 3.44 - 2.05 - 3.8) / 5, 1);
  });
});

describe.each([
  ['list-defi-tokens', 'defi', 'AAVE'],
  ['list-ai-tokens', 'ai', 'TAO'],
  ['list-other-tokens', 'other', 'APT'],
] as const)('GET %s', (path, panel, first) => {
  it('serves the panel in its curated order, without sparklines', async () => {
    const res = await app.get(`/api/market/v1/${path}`);
    expect(res.status).toBe(200);
    expect(res.body.tokens).toHaveLength(TOKEN_PANELS[panel].length);
    expect(res.body.tokens[0].symbol).toBe(first);
    for (const t of res.body.tokens) {
      expect(t.sparkline).toEqual([]);
      expect(t.price).toBeGreaterThan(0);
      expect(Object.keys(t).sort()).toEqual(['change', 'change7d', 'name', 'price', 'sparkline', 'symbol']);
    }
  });
});

describe('sectors and token panels without a snapshot', () => {
  it('are empty and not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const path of ['list-crypto-sectors', 'list-defi-tokens', 'list-ai-tokens', 'list-other-tokens']) {
        const res = await empty.get(`/api/market/v1/${path}`);
        expect(res.status).toBe(200);
        expect(Object.values(res.body)[0]).toEqual([]);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });
});
