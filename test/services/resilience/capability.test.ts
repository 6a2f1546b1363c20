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
  it('groups the observations computed from the WPP, World Bank and ILOSTAT samples', async () => {
    const res = await app.get(`${DEMO}?countryCode=de`);
    expect(res.status).toBe(200);
    const b = res.body;
    // The capability is as of its newest input: the three samples were all captured on 20 November 2026.
    expect(b).toMatchObject({ countryCode: 'DE', available: true, fetchedAt: '2026-11-20T12:00:00.000Z' });
    expect(b.stages).toEqual([
      // WPP's newest year is the reference year (the year of its capture), not the +10 projection.
      {
        name: 'wpp',
        status: 'fresh',
        fetchedAt: '2026-11-20T12:00:00.000Z',
        recordCount: 10,
        newestObservationYear: 2026,
      },
      {
        name: 'education',
        status: 'fresh',
        fetchedAt: '2026-11-20T12:00:00.000Z',
        recordCount: 10,
        newestObservationYear: 2022,
      },
      // Eight countries report occupations, ten the economic-activity series; the newest year is 2024 (Japan's lone craft row, unused).
      {
        name: 'ilostat',
        status: 'fresh',
        fetchedAt: '2026-11-20T12:00:00.000Z',
        recordCount: 10,
        newestObservationYear: 2023,
      },
    ]);
    expect(b.ageStructure.medianAgeYears).toEqual({
      available: true,
      value: 45.8,
      year: 2026,
      source: 'UN World Population Prospects 2024',
      unit: 'years',
    });
    expect(b.ageStructure.workingAgePopulationProjected10yPeople).toMatchObject({ value: 49_300_000, year: 2036 });
    // Engineering 23.6 + science 8.3 + ICT 4.9 of 2022.
    expect(b.education.stemGraduatesSharePercent).toMatchObject({ value: 36.8, year: 2022, unit: '%' });
    // ISCO-08 groups 7 and 8, 5,100.0 and 2,900.0 thousand in 2023.
    expect(b.industrialWorkforce.trainedIndustrialWorkforcePeople).toMatchObject({ value: 8_000_000, year: 2023 });
    // Manufacturing 8,004.9 of 43,505.0 thousand employed: 18.399954 %, to six decimals.
    expect(b.industrialWorkforce.manufacturingEmploymentSharePercent.value).toBe(18.399954);
  });

  it('takes the latest complete year of each series and reports missing ones as unavailable', async () => {
    // Japan: the 2022 graduate shares lack ICT, so the STEM share is 2021's 16.2 + 3.0 + 0.9; ILOSTAT's
    // 2024 craft figure has no operators figure beside it, so the workforce is 2023's.
    const jp = (await app.get(`${DEMO}?countryCode=JP`)).body;
    expect(jp.education.stemGraduatesSharePercent).toMatchObject({ value: 20.1, year: 2021 });
    expect(jp.industrialWorkforce.craftTradesEmploymentPeople).toMatchObject({ value: 6_900_000, year: 2023 });
    // The United States: tertiary enrolment of 2023 is not published yet (null), 2022's 79.4 stands.
    const us = (await app.get(`${DEMO}?countryCode=US`)).body;
    expect(us.education.tertiaryEnrollmentGrossPercent).toMatchObject({ value: 79.4, year: 2022 });
    // China reports no graduates by field.
    const cn = (await app.get(`${DEMO}?countryCode=CN`)).body;
    expect(cn.education.stemGraduatesSharePercent).toEqual({
      available: false,
      value: 0,
      year: 0,
      source: '',
      unit: '',
    });
    expect(cn.education.available).toBe(true);
    // Nigeria reports no occupations; its manufacturing share (4,505.7 of 65,300.0 thousand) is there.
    const ng = (await app.get(`${DEMO}?countryCode=NG`)).body;
    expect(ng.industrialWorkforce.craftTradesEmploymentPeople.available).toBe(false);
    expect(ng.industrialWorkforce.manufacturingEmploymentSharePercent).toMatchObject({ value: 6.9, year: 2023 });
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
