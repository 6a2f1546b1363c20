import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { ipcDataset, whoDataset, worldBankDataset } from '../../../src/services/resilience/datasets/indicators.js';
import { scoreHistoryDataset } from '../../../src/services/resilience/datasets/score-history.js';

const SCORE = '/api/resilience/v1/get-resilience-score';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [worldBankDataset, whoDataset, ipcDataset, scoreHistoryDataset] });
});
afterAll(() => app.close());

type Dim = { id: string; score: number; coverage: number; imputationClass: string; freshness: { staleness: string } };
type Domain = { id: string; score: number; weight: number; dimensions: Dim[] };

describe('GET get-resilience-score', () => {
  it('computes the score of a country from the indicator samples', async () => {
    const res = await app.get(`${SCORE}?countryCode=no`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      countryCode: 'NO',
      overallScore: 61.78,
      level: 'high',
      schemaVersion: '2.0',
      lowConfidence: false,
      headlineEligible: true,
      trend: 'stable',
    });
    expect(b.domains.map((d: Domain) => d.id)).toEqual([
      'economic',
      'infrastructure',
      'energy',
      'social-governance',
      'health-food',
      'recovery',
    ]);
    expect(b.pillars.map((p: { id: string; weight: number }) => `${p.id}:${p.weight}`)).toEqual([
      'structural-readiness:0.4',
      'live-shock-exposure:0.35',
      'recovery-capacity:0.25',
    ]);
    const energy = b.domains.find((d: Domain) => d.id === 'energy');
    // Norway is a net energy exporter (net imports far below -100% of use): full marks, but 2015 data is stale.
    expect(energy.dimensions[0]).toMatchObject({
      id: 'import-dependence',
      score: 100,
      coverage: 0.4,
      freshness: { staleness: 'stale' },
    });
    expect(b.dataVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.stressFactor).toBeLessThanOrEqual(0.5);
  });

  it('treats a country without an IPC analysis as not in crisis (imputed), and scores analysed crises low', async () => {
    const no = (await app.get(`${SCORE}?countryCode=NO`)).body;
    const ipcOf = (b: { domains: Domain[] }) =>
      b.domains.find((d) => d.id === 'health-food')!.dimensions.find((x) => x.id === 'acute-food-insecurity')!;
    expect(ipcOf(no)).toMatchObject({ score: 100, imputationClass: 'absence-implies-safe' });
    const sd = (await app.get(`${SCORE}?countryCode=SD`)).body;
    expect(ipcOf(sd).score).toBeLessThan(5);
    expect(sd).toMatchObject({ level: 'low' });
    expect(sd.overallScore).toBeLessThan(no.overallScore);
  });

  it('reads the trend and 30-day change from the score history', async () => {
    const ua = (await app.get(`${SCORE}?countryCode=UA`)).body;
    expect(ua.trend).toBe('falling');
    expect(ua.change30d).toBeLessThan(-3);
    const india = (await app.get(`${SCORE}?countryCode=IN`)).body;
    expect(india.trend).toBe('rising');
    expect(india.change30d).toBeGreaterThan(2);
  });

  it('answers unknown (no-store) for a country without indicators', async () => {
    const res = await app.get(`${SCORE}?countryCode=ZZ`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'ZZ',
      overallScore: 0,
      level: 'unknown',
      lowConfidence: true,
      headlineEligible: false,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers for the United States when countryCode is omitted or empty', async () => {
    for (const q of ['', '?countryCode=', '?countryCode=%20']) {
      const res = await app.get(`${SCORE}${q}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ countryCode: 'US', trend: 'rising' });
    }
  });

  it('refuses a countryCode that is not ISO alpha-2', async () => {
    expectViolation(await app.get(`${SCORE}?countryCode=NOR`), 'countryCode');
    expectViolation(await app.get(`${SCORE}?countryCode=1A`), 'countryCode');
  });

  it('answers unknown without any indicator snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(`${SCORE}?countryCode=US`);
      expect(res.body).toMatchObject({ level: 'unknown', overallScore: 0, dataVersion: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
