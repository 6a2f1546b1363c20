import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { eiaWeeklyDataset } from '../../../../src/services/economic/energy/datasets/eia-weekly.js';

const PATH = '/api/economic/v1/get-energy-prices';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [eiaWeeklyDataset] });
});
afterAll(() => app.close());

describe('GET get-energy-prices', () => {
  it('serves WTI then Brent with the weekly percent change', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.prices).toEqual([
      {
        commodity: 'wti',
        name: 'WTI Crude Oil',
        // the week's mean of the FRED DCOILWTICO sample (9-13 Nov); -5.8 % on 61.38 the week before
        price: 57.84,
        unit: '$/barrel',
        change: -5.8,
        priceAt: Date.UTC(2026, 10, 13),
      },
      {
        commodity: 'brent',
        name: 'Brent Crude Oil',
        price: 62.71,
        unit: '$/barrel',
        change: -5.2, // 62.71 against 66.14
        priceAt: Date.UTC(2026, 10, 13),
      },
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('narrows to the commodities asked for, repeated or comma-separated, any case', async () => {
    const one = (await app.get(`${PATH}?commodities=BRENT`)).body.prices;
    expect(one.map((p: { commodity: string }) => p.commodity)).toEqual(['brent']);
    for (const q of ['commodities=brent,wti', 'commodities=brent&commodities=wti']) {
      expect((await app.get(`${PATH}?${q}`)).body.prices.map((p: { commodity: string }) => p.commodity)).toEqual([
        'wti',
        'brent',
      ]);
    }
  });

  it('refuses an unknown commodity', async () => {
    const res = await app.get(`${PATH}?commodities=wti,gold`);
    expectViolation(res, 'commodities', { only: true });
    expect(res.body.violations[0].description).toContain('gold');
  });
});

describe('get-energy-prices without a snapshot', () => {
  it('is an empty list, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ prices: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
