import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { priceObservationsDataset } from '../../../src/services/consumer-prices/datasets/observations.js';

const C = '/api/consumer-prices/v1';
const OPERATIONS = [
  'get-consumer-price-overview',
  'get-consumer-price-basket-series',
  'list-consumer-price-categories',
  'list-consumer-price-movers',
  'list-retailer-price-spreads',
  'get-consumer-price-freshness',
];
/** The operator's collector, publishing the bundled observations at the configured address. */
let collector: Upstream;
const configured = () => ({ CONSUMER_PRICES_OBSERVATIONS_URL: `${collector.origin}/prices/observations.csv` });
let app: TestApp;
beforeAll(async () => {
  collector = await startUpstream();
  collector.play((_req, res, url) =>
    url.pathname === '/prices/observations.csv'
      ? void res.end(fs.readFileSync(path.join(SAMPLES_DIR, priceObservationsDataset.sources.observations!.sample)))
      : void res.writeHead(404).end(),
  );
  app = await startTestApp({ samples: [priceObservationsDataset], config: configured() });
});
afterAll(async () => {
  await app.close();
  await collector.close();
});

describe('the observations', () => {
  it('are read from the configured address', async () => {
    const before = app.deps.store.read(priceObservationsDataset.name)!.records.length;
    const r = await app.deps.runner.run(priceObservationsDataset, { origin: { kind: 'live' } });
    expect(r, r.error).toMatchObject({ ok: true, recordCount: before });
    expect(collector.seen.map((x) => x.path)).toEqual(['/prices/observations.csv']);
  });
});

/** Ages are measured at the observations' capture (db/samples/captures.json: 2026-11-20T12:00Z; the live read above ran at that instant too). */
const CAPTURED = Date.parse('2026-11-20T12:00:00Z');
const minutesSince = (iso: string) => Math.round((CAPTURED - Date.parse(iso)) / 60_000);

describe('get-consumer-price-overview', () => {
  it('answers the UAE basket by default', async () => {
    const res = await app.get(`${C}/get-consumer-price-overview`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      marketCode: 'ae',
      currencyCode: 'AED',
      upstreamUnavailable: false,
      coveragePct: 100,
      asOf: String(Date.parse('2026-11-20T10:05:00Z')),
    });
    expect(b.essentialsIndex).toBeGreaterThan(100);
    expect(b.retailerSpreadPct).toBeGreaterThan(0);
    expect(b.topCategories[0]).toMatchObject({ slug: 'produce', name: 'Produce', momPct: 0, sparkline: [] });
    const dist = b.topCategories.map((c: { currentIndex: number }) => Math.abs(c.currentIndex - 100));
    expect([...dist].sort((x, y) => y - x)).toEqual(dist);
    // Mean of the retailers' data age, measured on the request clock.
    const ages = ['2026-11-20T09:40:00Z', '2026-11-20T10:05:00Z', '2026-11-18T08:55:00Z'].map(minutesSince);
    expect(b.freshnessLagMin).toBe(Math.round(ages.reduce((s, x) => s + x, 0) / 3));
  });
  it('says another market is not in the snapshot, uncached', async () => {
    const res = await app.get(`${C}/get-consumer-price-overview?market_code=gb`);
    expect(res.body).toMatchObject({
      marketCode: 'gb',
      upstreamUnavailable: true,
      currencyCode: '',
      topCategories: [],
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('get-consumer-price-basket-series', () => {
  it('defaults to 30 days of observation days, oldest first', async () => {
    const b = (await app.get(`${C}/get-consumer-price-basket-series`)).body;
    expect(b).toMatchObject({ basketSlug: 'essentials-ae', range: '30d' });
    const dates = b.essentialsSeries.map((p: { date: string }) => p.date);
    expect(dates[0] > '2026-10-21').toBe(true);
    expect(dates.at(-1)).toBe('2026-11-20');
    expect([...dates].sort()).toEqual(dates);
    expect(b.valueSeries.map((p: { date: string }) => p.date)).toEqual(dates);
  });
  it('takes a range and a basket; an unknown basket is not covered', async () => {
    expect((await app.get(`${C}/get-consumer-price-basket-series?range=7d`)).body.essentialsSeries).toHaveLength(7);
    const ninety = (await app.get(`${C}/get-consumer-price-basket-series?range=90d`)).body.essentialsSeries.length;
    expect(ninety).toBeGreaterThan(30);
    expect((await app.get(`${C}/get-consumer-price-basket-series?range=bogus`)).body.range).toBe('30d');
    expect(
      (await app.get(`${C}/get-consumer-price-basket-series?basket_slug=premium-ae`)).body.upstreamUnavailable,
    ).toBe(true);
  });
});

describe('list-consumer-price-categories', () => {
  it('puts the 7-day change in wowPct and a longer one in momPct, with a sparkline of the window', async () => {
    const week = (await app.get(`${C}/list-consumer-price-categories?range=7d`)).body.categories;
    const month = (await app.get(`${C}/list-consumer-price-categories`)).body.categories;
    expect(week[0].slug).toBe('produce');
    expect(week[0].momPct).toBe(0);
    expect(week[0].wowPct).toBeGreaterThan(0);
    expect(week[0].sparkline).toHaveLength(7);
    expect(month[0].wowPct).toBe(0);
    expect(month.find((c: { slug: string }) => c.slug === 'staples')).toMatchObject({ itemCount: 3, coveragePct: 100 });
  });
});

describe('list-consumer-price-movers', () => {
  it('lists 10 risers and fallers by default (not an empty list)', async () => {
    const b = (await app.get(`${C}/list-consumer-price-movers?range=7d`)).body;
    expect(b.risers[0]).toMatchObject({
      productId: 'carrefour-uae:tomatoes-1kg:1035',
      category: 'produce',
      retailerSlug: 'carrefour-uae',
      currencyCode: 'AED',
    });
    expect(b.risers[0].changePct).toBeGreaterThan(15);
    expect(b.fallers[0]).toMatchObject({ retailerSlug: 'lulu-hypermarket', category: 'staples' });
    expect(b.risers.length).toBeLessThanOrEqual(10);
    const monthly = (await app.get(`${C}/list-consumer-price-movers`)).body;
    expect(monthly.range).toBe('30d');
    expect(monthly.risers.length + monthly.fallers.length).toBeGreaterThan(0);
  });
  it('filters by category and limits', async () => {
    const dairy = (await app.get(`${C}/list-consumer-price-movers?range=7d&category_slug=dairy&limit=1`)).body;
    expect(dairy.risers.length).toBeLessThanOrEqual(1);
    for (const m of [...dairy.risers, ...dairy.fallers]) expect(m.category).toBe('dairy');
  });
  it.each([
    ['limit=ten', 'limit'],
    ['limit=1.5', 'limit'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${C}/list-consumer-price-movers?${q}`), f));
});

describe('list-retailer-price-spreads', () => {
  it('lists retailers cheapest first over the common items', async () => {
    const b = (await app.get(`${C}/list-retailer-price-spreads`)).body;
    expect(b.retailers.map((r: { slug: string }) => r.slug)).toEqual(['lulu-hypermarket', 'carrefour-uae', 'spinneys']);
    expect(b.retailers[0]).toMatchObject({ deltaVsCheapest: 0, deltaVsCheapestPct: 0, itemCount: 7 });
    const [first, , last] = b.retailers;
    expect(b.spreadPct).toBe(Math.round(((last.basketTotal - first.basketTotal) / first.basketTotal) * 1000) / 10);
  });
});

describe('get-consumer-price-freshness', () => {
  it('reports the real age of each retailer’s observations', async () => {
    const b = (await app.get(`${C}/get-consumer-price-freshness`)).body;
    const spinneys = b.retailers.find((r: { slug: string }) => r.slug === 'spinneys');
    expect(spinneys).toMatchObject({
      status: 'stalled',
      lastRunAt: String(Date.parse('2026-11-18T08:55:00Z')),
      freshnessMin: minutesSince('2026-11-18T08:55:00Z'),
    });
    expect(b.stalledCount).toBe(b.retailers.filter((r: { freshnessMin: number }) => r.freshnessMin > 240).length);
    const lulu = b.retailers.find((r: { slug: string }) => r.slug === 'lulu-hypermarket');
    expect(lulu.parseSuccessRate).toBe(0.875);
  });
  it('measures ages at the capture, not the clock: a day later the same observations answer the same', async () => {
    const before = await app.get(`${C}/get-consumer-price-freshness`);
    await withTestApp({ samples: [priceObservationsDataset], config: configured() }, async (later) => {
      (later.clock as unknown as { set(t: number): void }).set(SAMPLE_NOW + 86_400_000);
      const b = await later.get(`${C}/get-consumer-price-freshness`);
      // Spinneys (last seen 2026-11-18) is stalled; the two seen that morning are not.
      expect(b.body.stalledCount).toBe(1);
      expect(b.text).toBe(before.text);
    });
  });
});

describe('without a snapshot', () => {
  it('every operation answers upstreamUnavailable, uncached', async () => {
    await withTestApp({ samples: 'none', config: configured() }, async (empty) => {
      for (const op of OPERATIONS) {
        const res = await empty.get(`${C}/${op}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ upstreamUnavailable: true, asOf: '0', marketCode: 'ae' });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });
});

describe('without the collector address', () => {
  it('every operation answers upstreamUnavailable, uncached, even with the sample loaded', async () => {
    await withTestApp({ samples: [priceObservationsDataset] }, async (bare) => {
      for (const op of OPERATIONS) {
        const res = await bare.get(`${C}/${op}`);
        expect(res.body).toMatchObject({ upstreamUnavailable: true, asOf: '0', marketCode: 'ae' });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });
});
