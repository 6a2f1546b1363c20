import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { commoditiesDataset } from '../../../../src/services/market/commodities/datasets/commodities.js';
import { cotDataset } from '../../../../src/services/market/flows/datasets/cot.js';

const PATH = '/api/market/v1/get-gold-intelligence';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [commoditiesDataset, cotDataset] });
});
afterAll(() => app.close());

describe('GET get-gold-intelligence', () => {
  it('joins prices, ratios, currencies, returns, drivers and positioning', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.unavailable).toBe(false);
    expect(b).toMatchObject({ goldPrice: 4065.3, silverPrice: 50.41, platinumPrice: 1541.2, palladiumPrice: 1395.5 });
    expect(b.goldSilverRatio).toBeCloseTo(4065.3 / 50.41, 2);
    expect(b.goldPlatinumPremiumPct).toBeCloseTo(((4065.3 - 1541.2) / 1541.2) * 100, 2);
    const cross = Object.fromEntries(b.crossCurrencyPrices.map((c: { currency: string; price: number }) => [c.currency, c.price]));
    expect(cross.EUR).toBeCloseTo(4065.3 / 1.1583, 1);
    expect(cross.JPY).toBeCloseTo(4065.3 * 155.21, 0);
    expect(cross.CHF).toBeCloseTo(4065.3 * 0.8031, 1);
    expect(b.goldSparkline).toHaveLength(22);
    expect(b.range52w.lo).toBeLessThanOrEqual(4065.3);
    expect(b.range52w.hi).toBeGreaterThanOrEqual(4065.3);
    expect(b.range52w.positionPct).toBeGreaterThanOrEqual(0);
    expect(b.range52w.positionPct).toBeLessThanOrEqual(100);
    expect(b.session.dayHigh).toBeGreaterThanOrEqual(b.session.dayLow);
    expect(b.drivers.map((d: { symbol: string }) => d.symbol)).toEqual(['^TNX', 'DX-Y.NYB']);
    for (const d of b.drivers) expect(Math.abs(d.correlation30d)).toBeLessThanOrEqual(1);
    expect(b.cot).toMatchObject({ reportDate: '2026-11-10', nextReleaseDate: '2026-11-13' });
    expect(Number(b.cot.managedMoney.longPositions)).toBeGreaterThan(0);
    // Managed money added longs between the two sample weeks.
    expect(Number(b.cot.managedMoney.wowNetDelta)).toBeGreaterThan(0);
    expect(b.etfFlows).toBeUndefined();
    expect(b.cbReserves).toBeUndefined();
    expect(b.updatedAt).toMatch(/^2026-11-19T/);
  });

  it('omits positioning without a CFTC report', async () => {
    await withTestApp({ samples: [commoditiesDataset] }, async (only) => {
      const res = await only.get(PATH);
      expect(res.body.unavailable).toBe(false);
      expect(res.body.cot).toBeUndefined();
    });
  });

  it('is unavailable and not cached without a gold price', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({ unavailable: true, goldPrice: 0, drivers: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
