import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { LANE_DATASETS } from '../../../src/services/supply-chain/routes/router.js';
import { comtradeFlowsDataset } from '../../../src/services/trade/datasets/comtrade-flows.js';
import { sampleAsFetched } from '../../support/upstream.js';
import { importRowsByReporter } from '../../../src/services/supply-chain/trade/flows.js';
import { resilienceScoresDataset } from '../../../src/services/resilience/datasets/resilience-scores.js';
import { ALL_DATASETS } from '../../../src/root/datasets.js';

/** The snapshots the resilience scores are computed from. */
const RESILIENCE_INPUTS = ALL_DATASETS.filter((d) => resilienceScoresDataset.inputs!.includes(d.name));

// The Comtrade sample is the per-(reporter, code) answers, joined by the dataset's own fetch as live.
const COMTRADE = await sampleAsFetched(comtradeFlowsDataset.sources.preview!);

const BASE = '/api/supply-chain/v1';
let app: TestApp;
let pro: string;

beforeAll(async () => {
  app = await startTestApp({
    samples: [
      ...SUPPLY_CHAIN_DATASETS.filter((d) => LANE_DATASETS.includes(d.name)),
      comtradeFlowsDataset,
      ...RESILIENCE_INPUTS,
      resilienceScoresDataset,
    ],
  });
  pro = (await app.createKey({ plan: 'pro' })).key;
});
afterAll(() => app.close());

const get = (p: string) => app.get(`${BASE}/${p}`, { 'x-service-key': pro });

describe('imports read from the shared Comtrade flows dataset', () => {
  const { records } = comtradeFlowsDataset.parse({ preview: COMTRADE }, 0);
  const byReporter = importRowsByReporter(records);

  it('keeps imports with ISO alpha-2 partners and the World rows, at real HS codes', () => {
    expect([...byReporter.keys()].sort()).toEqual(['CN', 'DE', 'IN', 'JP', 'TW', 'US']);
    const all = [...byReporter.values()].flat();
    expect(
      all.every(
        (r) =>
          /^\d{4}(\d{2})?$/.test(r.hsCode) &&
          (r.partnerIso2 === '' ? r.partnerCode === 0 : /^[A-Z]{2}$/.test(r.partnerIso2)),
      ),
    ).toBe(true);
    const taiwanChips = byReporter
      .get('CN')!
      .find((r) => r.partnerIso2 === 'TW' && r.hsCode === '8542' && r.year === 2023)!;
    expect(taiwanChips.partnerCode).toBe(490);
    expect(taiwanChips.valueUsd).toBeCloseTo(127.45e9, -6);
    expect(byReporter.get('JP')!.find((r) => r.partnerIso2 === '' && r.hsCode === '270900')!.valueUsd).toBe(
      72_900_000_000,
    );
  });

  it('leaves exports out', () => {
    const exportsOnly = records.filter((r) => r.flowCode === 'X' && r.reporterCode === '156' && r.cmdCode === '847130');
    expect(exportsOnly).toHaveLength(1);
    expect(byReporter.get('CN')!.some((r) => r.hsCode === '847130')).toBe(false);
  });
});

describe('GET get-country-products', () => {
  it('groups imports by HS heading with the five largest suppliers', async () => {
    const res = await get('get-country-products?iso2=JP');
    expect(res.status).toBe(200);
    const [crude] = res.body.products;
    expect(crude).toMatchObject({
      hs4: '2709',
      description: 'Crude petroleum',
      totalValue: 72_900_000_000,
      year: 2023,
    });
    expect(crude.topExporters).toHaveLength(5);
    expect(crude.topExporters[0]).toEqual({ partnerCode: 784, partnerIso2: 'AE', value: 30_100_000_000, share: 0.413 });
    const totals = res.body.products.map((p: any) => p.totalValue);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });

  it('reads China’s crude from the 2709 heading of the latest year, shares of the World row', async () => {
    const crude = (await get('get-country-products?iso2=CN')).body.products.find((p: any) => p.hs4 === '2709');
    expect(crude).toMatchObject({ year: 2024, totalValue: 324_000_000_000 });
    expect(crude.topExporters[0]).toMatchObject({
      partnerIso2: 'RU',
      partnerCode: 643,
      share: Math.round((61.71 / 324) * 1000) / 1000,
    });
    expect(crude.topExporters.reduce((a: number, e: any) => a + e.share, 0)).toBeLessThan(1);
  });

  it('answers an unknown country with no products', async () => {
    expect((await get('get-country-products?iso2=FR')).body.products).toEqual([]);
  });

  it.each([
    ['', 'iso2'],
    ['iso2=jp', 'iso2'],
    ['iso2=JPN', 'iso2'],
  ])('refuses %s', async (q, field) => expectViolation(await get(`get-country-products?${q}`), field));
});

describe('GET get-country-chokepoint-index', () => {
  it('ranks every chokepoint for Japan’s fuel imports, Hormuz and Malacca first', async () => {
    const res = await get('get-country-chokepoint-index?iso2=JP');
    expect(res.status).toBe(200);
    expect(res.body.exposures).toHaveLength(13);
    const top = res.body.exposures
      .slice(0, 2)
      .map((e: any) => e.chokepointId)
      .sort();
    expect(top).toEqual(['hormuz_strait', 'malacca_strait']);
    expect(res.body.exposures[0].coastSide).toBe('east');
    expect(res.body.exposures.slice(1).every((e: any) => e.coastSide === '')).toBe(true);
    const [a, b, c] = res.body.exposures.map((e: any) => e.exposureScore);
    expect(res.body.vulnerabilityIndex).toBeCloseTo(0.5 * a + 0.3 * b + 0.2 * c, 1);
    expect(res.body.primaryChokepointId).toBe(res.body.exposures[0].chokepointId);
  });

  it('weighs a chapter by its own suppliers: German car imports barely touch Hormuz', async () => {
    const res = await get('get-country-chokepoint-index?iso2=DE&hs2=87');
    expect(res.body.hs2).toBe('87');
    const score = (id: string) => res.body.exposures.find((e: any) => e.chokepointId === id).exposureScore;
    expect(score('hormuz_strait')).toBe(0);
    expect(score('dover_strait')).toBeGreaterThan(0);
  });

  it('falls back to the route overlap of the country’s ports without flows', async () => {
    const res = await get('get-country-chokepoint-index?iso2=NL&hs2=27');
    expect(res.body.exposures[0].exposureScore).toBeGreaterThan(0);
  });

  it.each([
    ['', 'iso2'],
    ['iso2=JP&hs2=abc', 'hs2'],
    ['iso2=JP&hs2=270', 'hs2'],
  ])('refuses %s', async (q, field) => expectViolation(await get(`get-country-chokepoint-index?${q}`), field));
});

describe('GET get-sector-dependency', () => {
  it('names the largest supplier with its share and the most exposed chokepoint', async () => {
    const res = await get('get-sector-dependency?iso2=CN&hs2=26');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      iso2: 'CN',
      hs2: '26',
      hs2Label: 'Ores, slag and ash',
      primaryExporterIso2: 'AU',
      primaryChokepointId: 'lombok_strait',
      hasViableBypass: true,
    });
    expect(res.body.primaryExporterShare).toBeCloseTo(81.2 / 118.4, 3);
    expect(res.body.flags).toEqual(['DEPENDENCY_FLAG_DIVERSIFIABLE']);
  });

  it('defaults to chapter 27 and reads real HS codes (exporter share is never lost to code padding)', async () => {
    const res = await get('get-sector-dependency?iso2=IN');
    expect(res.body.hs2).toBe('27');
    expect(res.body.primaryExporterIso2).toBe('RU');
    expect(res.body.primaryExporterShare).toBeGreaterThan(0.3);
  });

  it('has nothing to say about a country without flows, and says so with no-store', async () => {
    const res = await get('get-sector-dependency?iso2=FR&hs2=27');
    expect(res.body).toMatchObject({ primaryExporterIso2: '', primaryExporterShare: 0 });
  });
});

describe('GET get-multi-sector-cost-shock', () => {
  it('costs a 30-day Hormuz closure for Japan, fuels first', async () => {
    const res = await get('get-multi-sector-cost-shock?iso2=JP&chokepointId=hormuz_strait');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      iso2: 'JP',
      chokepointId: 'hormuz_strait',
      closureDays: 30,
      warRiskTier: 'WAR_RISK_TIER_WAR_ZONE',
      unavailableReason: '',
    });
    expect(res.body.sectors).toHaveLength(10);
    const [fuel] = res.body.sectors;
    expect(fuel).toMatchObject({ hs2: '27', hs2Label: 'Energy', warRiskPremiumBps: 300, closureDays: 30 });
    expect(fuel.totalCostShock).toBe(fuel.totalCostShock30Days);
    expect(fuel.totalCostShock90Days).toBeCloseTo(fuel.totalCostShockPerDay * 90, -2);
    expect(res.body.totalAddedCost).toBe(res.body.sectors.reduce((a: number, s: any) => a + s.totalCostShock, 0));
  });

  it('scales with closureDays', async () => {
    const a = (await get('get-multi-sector-cost-shock?iso2=JP&chokepointId=hormuz_strait&closureDays=10')).body;
    expect(a.closureDays).toBe(10);
    expect(a.sectors[0].totalCostShock).toBeCloseTo(a.sectors[0].totalCostShockPerDay * 10, -1);
  });

  it('says why everything is zero for a country without flows', async () => {
    const res = await get('get-multi-sector-cost-shock?iso2=BR&chokepointId=suez');
    expect(res.body.unavailableReason).toMatch(/no import flows/);
    expect(res.body.totalAddedCost).toBe(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['chokepointId=suez', 'iso2'],
    ['iso2=JP', 'chokepointId'],
    ['iso2=JP&chokepointId=atlantis', 'chokepointId'],
    ['iso2=JP&chokepointId=suez&closureDays=0', 'closureDays'],
    ['iso2=JP&chokepointId=suez&closureDays=400', 'closureDays'],
  ])('refuses %s', async (q, field) => expectViolation(await get(`get-multi-sector-cost-shock?${q}`), field));
});

describe('GET get-route-impact', () => {
  it('values the Saudi crude lane into Japan and names its chokepoints', async () => {
    const res = await get('get-route-impact?fromIso2=SA&toIso2=JP');
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.laneValueUsd).toBe(29_700_000_000);
    expect(b).toMatchObject({ primaryExporterIso2: 'AE', hs2InSeededUniverse: true, comtradeSource: 'bilateral-hs4' });
    expect(b.topStrategicProducts.map((p: any) => p.hs4)).toEqual(['2709', '2711']);
    expect(b.topStrategicProducts[0]).toMatchObject({
      label: 'Crude petroleum',
      topExporterIso2: 'AE',
      primaryChokepointId: 'hormuz_strait',
    });
    expect(b.dependencyFlags).toEqual(['DEPENDENCY_FLAG_DIVERSIFIABLE']);
    // Japan's overall score computed from the resilience indicator samples (see get-resilience-ranking.test.ts).
    expect(b.resilienceScore).toBe(75.93);
  });

  it('tells an importer without flows from a chapter it does not import', async () => {
    expect((await get('get-route-impact?fromIso2=SA&toIso2=FR')).body).toMatchObject({
      comtradeSource: 'empty',
      hs2InSeededUniverse: false,
      laneValueUsd: 0,
      topStrategicProducts: [],
    });
    expect((await get('get-route-impact?fromIso2=SA&toIso2=JP&hs2=62')).body).toMatchObject({
      comtradeSource: 'bilateral-hs4',
      hs2InSeededUniverse: false,
    });
  });

  it.each([
    ['toIso2=JP', 'fromIso2'],
    ['fromIso2=SA', 'toIso2'],
    ['fromIso2=SA&toIso2=JP&hs2=x', 'hs2'],
  ])('refuses %s', async (q, field) => expectViolation(await get(`get-route-impact?${q}`), field));
});

describe('without the flows dataset', () => {
  it('answers with empty data and no-store', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const k = (await empty.createKey({ plan: 'pro' })).key;
      const res = await empty.get(`${BASE}/get-country-products?iso2=JP`, { 'x-service-key': k });
      expect(res.body).toEqual({ iso2: 'JP', products: [], fetchedAt: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const idx = await empty.get(`${BASE}/get-country-chokepoint-index?iso2=JP`, { 'x-service-key': k });
      expect(idx.body).toMatchObject({ exposures: [], vulnerabilityIndex: 0, fetchedAt: '' });
      expect(idx.headers.get('cache-control')).toBe('no-store');
    });
  });
});
