import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { bigMacDataset, lastTwoSurveys } from '../../../../src/services/economic/prices/datasets/bigmac.js';
import { flagOf, screenChanges } from '../../../../src/services/economic/prices/rules.js';
import { parseBigMacCsv } from '../../../../src/sources/economist/bigmac.js';

const PATH = '/api/economic/v1/list-bigmac-prices';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [bigMacDataset] });
});
afterAll(() => app.close());

describe('GET list-bigmac-prices', () => {
  it('lists the latest survey cheapest first, in local currency and dollars, with the change since the previous survey', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const codes = res.body.countries.map((c: { code: string }) => c.code);
    expect(codes).toEqual(['IN', 'JP', 'CN', 'BR', 'US', 'AR', 'EU', 'GB', 'CH']);
    expect(res.body.countries[0]).toEqual({
      code: 'IN',
      name: 'India',
      currency: 'INR',
      flag: '🇮🇳',
      localPrice: 215,
      usdPrice: 2.5,
      fxRate: 0.011643, // 1 / 85.89 rupees a dollar
      sourceSite: 'The Economist Big Mac index',
      available: true,
      wowPct: 8.29, // $2.5032 against $2.3116 in January (204 rupees at 88.25)
    });
    expect(res.body.countries.find((c: { code: string }) => c.code === 'EU')).toMatchObject({
      name: 'Euro Area',
      flag: '🇪🇺',
      usdPrice: 6.72,
      wowPct: -0.38,
    });
    expect(res.body).toMatchObject({
      fetchedAt: '2026-07-01',
      prevFetchedAt: '2026-01-01',
      cheapestCountry: 'IN',
      mostExpensiveCountry: 'CH',
      wowAvgPct: 2.6, // mean of the nine dollar-price changes, all within 20 %
      wowAvailable: true,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });
});

describe('Big Mac rules', () => {
  it('hides a single implausible move and disables the comparison when the average itself is implausible', () => {
    const some = screenChanges([
      { code: 'A', pct: 5 },
      { code: 'B', pct: 35 },
      { code: 'C', pct: 1 },
    ]);
    expect(some).toEqual({
      kept: new Map([
        ['A', 5],
        ['C', 1],
      ]),
      available: true,
      avg: 3,
    });
    expect(
      screenChanges([
        { code: 'A', pct: 40 },
        { code: 'B', pct: 30 },
      ]),
    ).toEqual({ kept: new Map(), available: false, avg: 0 });
    expect(screenChanges([])).toEqual({ kept: new Map(), available: false, avg: 0 });
  });

  it('never keeps a change beyond the cap', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { maxLength: 30 }), (pcts) => {
        const r = screenChanges(pcts.map((pct, i) => ({ code: String(i), pct })));
        for (const v of r.kept.values()) expect(Math.abs(v)).toBeLessThanOrEqual(20);
        if (r.kept.size > 0) expect(Math.abs(r.avg)).toBeLessThanOrEqual(20);
      }),
    );
  });

  it.each([
    ['US', '🇺🇸'],
    ['EU', '🇪🇺'],
    ['usa', ''],
  ])('flag of %s is %s', (code, flag) => expect(flagOf(code)).toBe(flag));

  it('keeps the two newest surveys and skips rows without a price', () => {
    const csv =
      'date,iso_a3,currency_code,name,local_price,dollar_ex\n2025-07-01,USA,USD,United States,5.69,1\n2026-01-01,USA,USD,United States,5.79,1\n2026-07-01,USA,USD,United States,6.01,1\n2026-07-01,JPN,JPY,Japan,,147\n';
    expect(lastTwoSurveys(parseBigMacCsv(csv)).map((r) => r.date)).toEqual(['2026-01-01', '2026-07-01']);
    expect(() => parseBigMacCsv('country,price\n')).toThrow(/header lacks/);
  });
});

describe('list-bigmac-prices without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        countries: [],
        fetchedAt: '',
        cheapestCountry: '',
        mostExpensiveCountry: '',
        wowAvgPct: 0,
        wowAvailable: false,
        prevFetchedAt: '',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
