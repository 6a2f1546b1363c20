import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { INTELLIGENCE_DATASETS } from '../../../../src/services/intelligence/datasets/index.js';
import { withInputs } from '../../../support/derived-inputs.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { sdnDataset } from '../../../../src/services/sanctions/datasets/sdn.js';

const PATH = '/api/intelligence/v1/get-risk-scores';

describe('get-risk-scores from the bundled inputs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: withInputs([...INTELLIGENCE_DATASETS, sdnDataset]) });
  });
  afterAll(() => app.close());

  it('scores every exported country, highest first, with the global strategic risk', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ degraded: false, stale: false });
    expect(res.body.ciiScores.length).toBeGreaterThan(30);
    const combined = res.body.ciiScores.map((s: { combinedScore: number }) => s.combinedScore);
    expect([...combined].sort((a, b) => b - a)).toEqual(combined);
    // UA: 0.4 x 70 + 0.6 x 88.535 (events) + 15 (do-not-travel) = 96.1 -> 96; the model's 24 h change 18.4, no advisory change.
    const ua = res.body.ciiScores.find((s: { region: string }) => s.region === 'UA');
    expect(ua).toMatchObject({
      combinedScore: 96,
      staticBaseline: 70,
      dynamicScore: 18.4,
      trend: 'TREND_DIRECTION_RISING',
      advisoryLevel: 'do-not-travel',
      advisoryProvenance: 'live',
      methodologyVersion: 'mds-cii-blend-1',
    });
    expect(res.body.strategicRisks).toHaveLength(1);
    const top5 = res.body.ciiScores.slice(0, 5).map((s: { region: string }) => s.region);
    expect(res.body.strategicRisks[0]).toMatchObject({
      region: 'global',
      level: 'SEVERITY_LEVEL_HIGH',
      factors: top5,
      trend: 'TREND_DIRECTION_STABLE',
    });
  });

  it('applies the advisory floor and the sanctions boost', async () => {
    const res = await app.get(PATH);
    for (const s of res.body.ciiScores) {
      if (s.advisoryLevel === 'do-not-travel') expect(s.combinedScore).toBeGreaterThanOrEqual(60);
      if (s.advisoryLevel === 'reconsider') expect(s.combinedScore).toBeGreaterThanOrEqual(50);
    }
  });

  it('keeps one country with region (any case), and answers empty lists for anything else', async () => {
    const one = await app.get(`${PATH}?region=%20ua%20`);
    expect(one.body.ciiScores.map((s: { region: string }) => s.region)).toEqual(['UA']);
    expect(one.body.strategicRisks).toEqual([]);
    const bad = await app.get(`${PATH}?region=Ukraine`);
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ ciiScores: [], strategicRisks: [] });
    expect((await app.get(`${PATH}?region=ZZ`)).body.ciiScores).toEqual([]);
  });
});

describe('get-risk-scores with inputs missing', () => {
  it('without advisories and sanctions: scores without their boosts, degraded and not stored', async () => {
    await withTestApp({ samples: [ciiScoresDataset] }, async (app) => {
      const res = await app.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body.degraded).toBe(true);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      const ua = res.body.ciiScores.find((s: { region: string }) => s.region === 'UA');
      expect(ua).toMatchObject({ combinedScore: 81, advisoryLevel: '', advisoryProvenance: 'absent' });
    });
  });

  it('without the instability export: empty, degraded', async () => {
    await withTestApp({ samples: 'none' }, async (app) => {
      const res = await app.get(PATH);
      expect(res.body).toEqual({ ciiScores: [], strategicRisks: [], degraded: true, stale: false });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
