import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import {
  groceryObservationsDataset,
  parseGroceryObservations,
} from '../../../../src/services/economic/prices/datasets/grocery.js';
import { GROCERY_ITEMS, withoutOutliers } from '../../../../src/services/economic/prices/rules.js';

const PATH = '/api/economic/v1/list-grocery-basket-prices';
/** The operator's collector (a relay): the observations are served only while it is configured. */
const COLLECTOR = { GROCERY_OBSERVATIONS_URL: 'http://127.0.0.1:9/observations.csv' };
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [groceryObservationsDataset], config: COLLECTOR });
});
afterAll(() => app.close());

describe('GET list-grocery-basket-prices', () => {
  it('prices the basket per country from the dated observations, cheapest first, saying when and where', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      fetchedAt: '2026-11-16',
      prevFetchedAt: '2026-11-09',
      upstreamUnavailable: false,
      wowAvailable: true,
    });
    expect(b.countries).toHaveLength(5);
    const totals = b.countries.map((c: { totalUsd: number }) => c.totalUsd);
    expect([...totals].sort((x: number, y: number) => x - y)).toEqual(totals);
    const us = b.countries.find((c: { code: string }) => c.code === 'US');
    expect(us).toMatchObject({ name: 'United States', currency: 'USD', flag: '🇺🇸', fxRate: 1 });
    expect(us.items.map((i: { itemId: string }) => i.itemId)).toEqual(GROCERY_ITEMS.map((i) => i.id));
    expect(us.items[0]).toEqual({
      itemId: 'sugar',
      itemName: 'Sugar',
      unit: '1 kg',
      localPrice: 1.06,
      usdPrice: 1.06,
      currency: 'USD',
      sourceSite: 'walmart.com (observed 2026-11-16)',
      available: true,
    });
    expect(us.totalUsd).toBeCloseTo(
      us.items.reduce((s: number, i: { usdPrice: number }) => s + i.usdPrice, 0),
      2,
    );
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('marks an implausible price and a missing item unavailable', async () => {
    const c = (await app.get(PATH)).body.countries;
    const inRice = c
      .find((x: { code: string }) => x.code === 'IN')
      .items.find((i: { itemId: string }) => i.itemId === 'rice');
    expect(inRice).toMatchObject({ available: false, usdPrice: 0, localPrice: 0 });
    const jpOil = c
      .find((x: { code: string }) => x.code === 'JP')
      .items.find((i: { itemId: string }) => i.itemId === 'oil');
    expect(jpOil).toMatchObject({ available: false, sourceSite: '' });
  });

  it('ranks cheapest and dearest among well-covered baskets and averages the weekly changes', async () => {
    const b = (await app.get(PATH)).body;
    expect(b.cheapestCountry).toBe(b.countries[0].code);
    expect(b.mostExpensiveCountry).toBe(b.countries.at(-1).code);
    const changes = b.countries
      .map((c: { wowPct?: number }) => c.wowPct)
      .filter((v: number | undefined) => v !== undefined);
    expect(changes).toHaveLength(5);
    expect(b.wowAvgPct).toBeCloseTo(changes.reduce((s: number, v: number) => s + v, 0) / changes.length, 2);
  });
});

describe('grocery rules', () => {
  it('drops prices more than four times off the median of three or more countries', () => {
    const p = (itemId: string, usdPrice: number) => ({ itemId, usdPrice });
    expect(withoutOutliers([p('rice', 1), p('rice', 1.2), p('rice', 9)]).map((x) => x.usdPrice)).toEqual([1, 1.2]);
    expect(withoutOutliers([p('rice', 1), p('rice', 9)])).toHaveLength(2);
  });

  it('keeps every price within a factor four of its item median', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: 3, maxLength: 20 }),
        (prices) => {
          const kept = withoutOutliers(prices.map((usdPrice) => ({ itemId: 'x', usdPrice })));
          const s = [...prices].sort((a, b) => a - b);
          const m = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
          for (const k of kept) expect(k.usdPrice <= m * 4 && k.usdPrice >= m / 4).toBe(true);
        },
      ),
    );
  });

  it('refuses a file without usable observations', () => {
    expect(() =>
      parseGroceryObservations(
        Buffer.from(
          'observed_at,country,item_id,local_price,currency,usd_per_unit,source_site\n2026-11-16,US,rice,,USD,1,x\n',
        ),
      ),
    ).toThrow(/no usable row/);
  });
});

describe('list-grocery-basket-prices without observations', () => {
  it.each([
    ['no snapshot', { samples: 'none' as const, config: COLLECTOR }],
    // The bundled sample is loaded, but without the collector it is not current data.
    ['no collector configured', { samples: [groceryObservationsDataset] }],
  ])('is empty with upstreamUnavailable and uncached: %s', async (_why, options) => {
    await withTestApp(options, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        countries: [],
        fetchedAt: '',
        cheapestCountry: '',
        mostExpensiveCountry: '',
        upstreamUnavailable: true,
        wowAvgPct: 0,
        wowAvailable: false,
        prevFetchedAt: '',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('grocery observations source', () => {
  it('is read only from the operator-run collector: without GROCERY_OBSERVATIONS_URL a live refresh makes no request', async () => {
    expect(groceryObservationsDataset.kind).toBe('relay');
    await withTestApp({ samples: 'none' }, async (unconfigured) => {
      const r = await unconfigured.deps.runner.run(groceryObservationsDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/GROCERY_OBSERVATIONS_URL.*no request was made/);
    });
  });

  it('skips the comment lines that label the bundled file a sample', () => {
    const rows = parseGroceryObservations(
      Buffer.from(
        '# written for the sample\nobserved_at,country,item_id,local_price,currency,usd_per_unit,source_site\n2026-11-09,US,salt,0.69,USD,1,kroger.com\n',
      ),
    );
    expect(rows).toEqual([
      {
        observedAt: '2026-11-09',
        country: 'US',
        itemId: 'salt',
        localPrice: 0.69,
        currency: 'USD',
        usdPerUnit: 1,
        sourceSite: 'kroger.com',
      },
    ]);
  });
});
