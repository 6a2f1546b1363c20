import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { RESILIENCE_DATASETS } from '../../../src/services/resilience/datasets/index.js';
import { foodStocksDataset } from '../../../src/services/resilience/datasets/food-stocks.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: RESILIENCE_DATASETS });
});
afterAll(() => app.close());

const FOOD = '/api/resilience/v1/get-food-stocks';
const DEMO = '/api/resilience/v1/get-demographics-capability';
const MANIFEST = '/api/resilience/v1/get-runtime-manifest';

describe('GET get-food-stocks', () => {
  it('lists every balance sheet of the PSD sample', async () => {
    const res = await app.get(FOOD);
    expect(res.status).toBe(200);
    expect(res.body.unavailable).toBe(false);
    // 8 countries + the world, 6 commodities each.
    expect(res.body.records).toHaveLength(54);
    expect(res.body.calorieWeightedStocksToUse).toBe(0);
    const usWheat = res.body.records.find(
      (r: { countryCode: string; commodity: string }) => r.countryCode === 'US' && r.commodity === 'wheat',
    );
    expect(usWheat).toEqual({
      countryCode: 'US',
      commodity: 'wheat',
      marketingYear: '2025/26',
      stocksToUse: 46,
      hasStocksToUse: true,
      endingStocksTmt: 24500,
      hasEndingStocks: true,
      totalUseTmt: 53300,
      productionTmt: 53600,
      consumptionTmt: 30900,
      importsTmt: 3800,
      exportsTmt: 22400,
      unit: '1000 MT',
      source: 'psd',
    });
  });

  it('filters by country (PSD codes mapped to ISO) and commodity aliases, and weights by calories for one country', async () => {
    const cn = (await app.get(`${FOOD}?countryCode=cn`)).body;
    expect(cn.records.map((r: { commodity: string }) => r.commodity)).toEqual([
      'barley',
      'corn',
      'palmOil',
      'rice',
      'soybeans',
      'wheat',
    ]);
    expect(cn.calorieWeightedStocksToUse).toBeGreaterThan(30);
    const world = (await app.get(`${FOOD}?countryCode=_WORLD&commodity=maize`)).body.records;
    expect(world).toEqual([
      expect.objectContaining({ countryCode: 'WORLD', commodity: 'corn', totalUseTmt: 1270000, stocksToUse: 23 }),
    ]);
    expect((await app.get(`${FOOD}?commodity=palm-oil`)).body.records).toHaveLength(9);
  });

  it('refuses unknown countries and commodities', async () => {
    expectViolation(await app.get(`${FOOD}?countryCode=USA`), 'countryCode');
    expectViolation(await app.get(`${FOOD}?commodity=coffee`), 'commodity');
  });

  it('flags a missing snapshot as unavailable (no-store)', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(FOOD);
      expect(res.body).toEqual({ records: [], fetchedAt: '', unavailable: true, calorieWeightedStocksToUse: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('refuses live ingestion without the USDA key, before any request', async () => {
    const result = await app.deps.runner.run(foodStocksDataset, { origin: { kind: 'live' } });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toMatch(/USDA_FAS_PSD_API_KEY/);
  });
});

describe('GET get-demographics-capability', () => {
  it('groups the validated observations of a country', async () => {
    const res = await app.get(`${DEMO}?countryCode=de`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ countryCode: 'DE', available: true, fetchedAt: '2026-11-03T03:00:00.000Z' });
    expect(b.stages.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'wpp:fresh',
      'education:fresh',
      'ilostat:retained',
    ]);
    expect(b.ageStructure.medianAgeYears).toEqual({
      available: true,
      value: 45.5,
      year: 2025,
      source: 'UN WPP 2024',
      unit: 'years',
    });
    expect(b.industrialWorkforce.trainedIndustrialWorkforcePeople.value).toBe(8_000_000);
  });

  it('drops invalid observations and reports missing ones as unavailable', async () => {
    // France's researcher figure is labelled in the wrong unit in the export.
    expect((await app.get(`${DEMO}?countryCode=FR`)).body.education.researchersPerMillion).toEqual({
      available: false,
      value: 0,
      year: 0,
      source: '',
      unit: '',
    });
    const ng = (await app.get(`${DEMO}?countryCode=NG`)).body;
    expect(ng.industrialWorkforce.craftTradesEmploymentPeople.available).toBe(false);
    expect(ng.industrialWorkforce.available).toBe(true);
  });

  it('answers available:false (no-store) for a country without data', async () => {
    const res = await app.get(`${DEMO}?countryCode=ZZ`);
    expect(res.status).toBe(200);
    expect(res.body.available).toBe(false);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers for the United States when countryCode is omitted, and refuses a code that is not ISO alpha-2', async () => {
    const res = await app.get(DEMO);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ countryCode: 'US', available: true });
    expectViolation(await app.get(`${DEMO}?countryCode=DEU`), 'countryCode');
  });
});

describe('GET get-runtime-manifest', () => {
  it('reports the freshness of every resilience dataset from the snapshot store', async () => {
    const res = await app.get(MANIFEST);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      manifestVersion: 5,
      generatedAt: new Date(app.clock.now()).toISOString(),
      // The scores are computed here with the published pillar-combined formula.
      formulaTag: 'pc',
      vercelEnv: '',
      // The day the indicator samples describe (the scores' capture time).
      dataVersion: '2026-11-20',
      constructVersions: { energy: 'legacy', education: 'active' },
    });
    expect(b.flags.map((f: { name: string }) => f.name)).toEqual(RESILIENCE_DATASETS.map((d) => `${d.name}:fresh`));
    expect(b.flags.find((f: { name: string }) => f.name === 'resilience.food-stocks:fresh').enabled).toBe(true);
    // The twelve countries of the indicator samples, every one scored.
    expect(b.rankingCache).toMatchObject({ count: 12, scored: 12, total: 12 });
    // No score intervals are computed here.
    expect(b.intervals).toEqual({ available: false, methodology: '', sampleCountry: 'US', lastObservedAt: '' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reports nothing fresh without snapshots', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const b = (await bare.get(MANIFEST)).body;
      expect(b.formulaTag).toBe('');
      expect(b.flags.every((f: { enabled: boolean }) => !f.enabled)).toBe(true);
      expect(b.rankingCache).toEqual({ fetchedAt: '', count: 0, scored: 0, total: 0 });
    });
  });
});
