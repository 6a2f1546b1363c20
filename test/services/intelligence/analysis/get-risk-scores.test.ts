import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { withInputs } from '../../../support/derived.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { travelAdvisoriesDataset } from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';

const PATH = '/api/intelligence/v1/get-risk-scores';

describe('get-risk-scores from the index computed over the bundled inputs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: withInputs(ciiScoresDataset) });
  });
  afterAll(() => app.close());

  it('scores the 31 tier-1 countries, highest first, with the global strategic risk', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    // The AIS relay is not configured in tests: withheld by design, not a degradation.
    expect(res.body).toMatchObject({ degraded: false, stale: false });
    expect(res.body.ciiScores).toHaveLength(31);
    const combined = res.body.ciiScores.map((s: { combinedScore: number }) => s.combinedScore);
    expect([...combined].sort((a, b) => b - a)).toEqual(combined);
    // Ukraine (baseline 50, multiplier 0.8) from the samples: ACLED 1 battle (6 deaths), 2 explosions (2 deaths)
    // within 7 days and 1 explosion 18 days old (0.4), a partial internet outage, a moderate climate anomaly,
    // 41 fire detections (24 hot), 30 interfered GPS cells, 1 own and 3 foreign military aircraft, 6,743,000
    // displaced (UNHCR), do-not-travel.
    //   unrest 5 (the outage); conflict round(70 ln(1 + (3 + 2.4 x 4) x 0.8) / ln 4001) = 20 + round(5 x 0.8 sqrt 8) = 11 -> 31;
    //   security min(50, 3 x (1 + 2 x 3)) = 21 + min(35, 5 high + 2 medium of 30 cells) = 35 -> 56; information 0 (not ingested).
    //   0.4 x 50 + 0.6 x (1.25 + 9.3 + 11.2) + climate 8 + fire 8 + advisory 15 + displacement 19 = 83.05 -> 83.
    const ua = res.body.ciiScores.find((s: { region: string }) => s.region === 'UA');
    expect(ua).toEqual({
      region: 'UA',
      staticBaseline: 50,
      dynamicScore: 0,
      combinedScore: 83,
      trend: 'TREND_DIRECTION_STABLE',
      components: { newsActivity: 0, ciiContribution: 5, geoConvergence: 31, militaryActivity: 56 },
      computedAt: Date.UTC(2026, 10, 20, 12),
      methodologyVersion: 'v8',
      eventMultiplier: 0.8,
      advisoryLevel: 'do-not-travel',
      advisoryProvenance: 'live',
    });
    // Top five: UA 83, SY 70, MM 66, IQ 62, then the first 60 in the published table's order, RU.
    // (83 + 0.85 x 70 + 0.7 x 66 + 0.55 x 62 + 0.4 x 60) / 3.5 = 70.51; round(0.7 x 70.51 + 15) = 64.
    expect(res.body.strategicRisks).toEqual([
      {
        region: 'global',
        level: 'SEVERITY_LEVEL_MEDIUM',
        score: 64,
        factors: ['UA', 'SY', 'MM', 'IQ', 'RU'],
        trend: 'TREND_DIRECTION_STABLE',
      },
    ]);
  });

  it('applies the advisory floors', async () => {
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
  it('with the advisories only: their boosts and floors, degraded and not stored', async () => {
    await withTestApp({ samples: [travelAdvisoriesDataset, ciiScoresDataset] }, async (app) => {
      const res = await app.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body.degraded).toBe(true);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      const by = (r: string) => res.body.ciiScores.find((s: { region: string }) => s.region === r);
      // 0.4 x 50 + 15 = 35, floored at 60 by do-not-travel.
      expect(by('UA')).toMatchObject({ combinedScore: 60, advisoryLevel: 'do-not-travel', advisoryProvenance: 'live' });
      // 0.4 x 5 + caution 5 = 7.
      expect(by('DE')).toMatchObject({ combinedScore: 7, advisoryLevel: 'caution', advisoryProvenance: 'live' });
      // Not in the State Department feed, not in the fallback table.
      expect(by('QA')).toMatchObject({ combinedScore: 4, advisoryLevel: '', advisoryProvenance: 'absent' });
    });
  });

  it('without any input: empty, degraded', async () => {
    await withTestApp({ samples: 'none' }, async (app) => {
      const res = await app.get(PATH);
      expect(res.body).toEqual({ ciiScores: [], strategicRisks: [], degraded: true, stale: false });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
