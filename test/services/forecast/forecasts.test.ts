import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { refreshDerived } from '../../../src/platform/snapshots/derived.js';
import { ALL_DATASETS } from '../../../src/root/datasets.js';
import { startTestApp, withTestApp, SAMPLE_NOW, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { FORECAST_SAMPLES } from './samples.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: FORECAST_SAMPLES });
});
afterAll(() => app.close());

const FORECASTS = '/api/forecast/v1/get-forecasts';
const SCORECARD = '/api/forecast/v1/get-forecast-scorecard';
const DAY = 86_400_000;

interface Card {
  id: string;
  domain: string;
  region: string;
  title: string;
  probability: number;
  confidence: number;
  timeHorizon: string;
  signals: { type: string; value: string }[];
  resolution: { kind: string; deadline: number; metricKey?: string; threshold?: number };
}

describe('GET get-forecasts', () => {
  it('serves the forecast job computed from the samples, dated by the newest input', async () => {
    const res = await app.get(FORECASTS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ generatedAt: SAMPLE_NOW, degraded: false, stale: false, error: '' });
    const cards: Card[] = res.body.forecasts;
    // The detectors the samples trigger: CII escalation and GPS interference in shipping zones. No political
    // card: the highest unrest component of the computed index is France's 38 (the rule needs above 50) and
    // no country has 3 ACLED unrest events in the sample (France and Kenya have 2). No country has 10 UCDP
    // events or 5 cyber threats, no market priced 60-90% names a region.
    expect(new Set(cards.map((c) => c.domain))).toEqual(new Set(['conflict', 'supply_chain']));
    for (const c of cards) expect(c.probability >= 0 && c.probability <= 1).toBe(true);
    // Every scenario says what wrote it.
    for (const c of res.body.forecasts)
      expect(c.scenario).toMatch(/\(Written by rules from the signals, not by a model\.\)$/);
    // Pipeline-only fields are not served.
    expect(cards[0]).not.toHaveProperty('generationOrigin');
    expect(cards[0]).not.toHaveProperty('narrativeSource');
    expect(res.headers.get('cache-control')).toMatch(/max-age=120/);
  });

  it('scores Ukraine by the published conflict formula over its instability score', async () => {
    const cii = app.deps.store.read<{ region: string; combinedScore: number; trend: string }>(
      'intelligence.cii-scores',
    )!;
    const ua = cii.records.find((s) => s.region === 'UA')!;
    const card = (await app.get(`${FORECASTS}?region=ukraine&domain=conflict`)).body.forecasts[0] as Card;
    // min(0.9, norm(score, 50, 100) x 0.6 + 0.1 (the UCDP sample has Ukrainian events) + 0.1 when rising);
    // with the index computed from the samples (83, stable: one computation, nothing to compare with):
    // 0.396 + 0.1 = 0.496.
    const expected = Math.min(
      0.9,
      ((ua.combinedScore - 50) / 50) * 0.6 + 0.1 + (ua.trend === 'TREND_DIRECTION_RISING' ? 0.1 : 0),
    );
    expect(card).toMatchObject({ title: 'Escalation risk: Ukraine', timeHorizon: '7d' });
    expect(card.probability).toBeCloseTo(expected, 3);
    expect(card.signals.map((s) => s.type)).toEqual(['cii', 'ucdp']);
    // Two sources (cii, ucdp), no market: 0.5 x 1/3 + 0.25.
    expect(card.confidence).toBe(0.417);
    // Conflict counts are judged, as published; a judge does not run here.
    expect(card.resolution).toMatchObject({ kind: 'judged', deadline: SAMPLE_NOW + 7 * DAY });
  });

  it('resolves GPS forecasts on the cell count of the GPS dataset', async () => {
    const cards: Card[] = (await app.get(`${FORECASTS}?domain=supply_chain`)).body.forecasts;
    expect(cards.map((c) => c.region)).toEqual([
      'Eastern Mediterranean',
      'Red Sea',
      'Persian Gulf',
      'Black Sea',
      'Baltic Sea',
    ]);
    for (const c of cards) {
      const n = Number(/^(\d+) jamming hexes/.exec(c.signals[0]!.value)![1]);
      // p = min(0.6, norm(n, 2, 30) x 0.5); the rule: at least as many cells a week later.
      expect(c.probability).toBeCloseTo(Math.min(0.6, Math.min(1, Math.max(0, (n - 2) / 28)) * 0.5), 3);
      expect(c.resolution).toMatchObject({
        kind: 'hard',
        metricKey: `intelligence.gps-interference|hexCount(region==${c.region})`,
        threshold: n,
      });
    }
  });

  it('filters by domain and by region substring, in any case', async () => {
    const all: Card[] = (await app.get(FORECASTS)).body.forecasts;
    // Whatever the instability scores are, the filters select exactly the matching cards, in document order.
    const yemen = all.filter((c) => c.region.toLowerCase().includes('yem'));
    expect((await app.get(`${FORECASTS}?region=YEM`)).body.forecasts).toEqual(yemen);
    const gpsRed = all.filter((c) => c.domain === 'supply_chain' && c.region.toLowerCase().includes('red sea'));
    expect((await app.get(`${FORECASTS}?domain=supply_chain&region=red%20SEA`)).body.forecasts).toEqual(gpsRed);
    expect(gpsRed).toHaveLength(1);
  });

  it('refuses a domain outside the list', async () => {
    expectViolation(await app.get(`${FORECASTS}?domain=weather`), 'domain');
  });

  it('flags a missing document as degraded and not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(FORECASTS);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        forecasts: [],
        generatedAt: 0,
        degraded: true,
        stale: false,
        error: 'forecast_backend_unavailable',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('GET get-forecast-scorecard', () => {
  it('has every window of the first document open: hard ones pending, judged ones waiting for a judge', async () => {
    const cards: Card[] = (await app.get(FORECASTS)).body.forecasts;
    const hard = cards.filter((c) => c.resolution.kind === 'hard').length;
    const res = await app.get(SCORECARD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      schemaVersion: 1,
      rollingWindowDays: 180,
      generatedAt: SAMPLE_NOW,
      degraded: false,
      stale: false,
      error: '',
      totals: {
        entries: cards.length,
        resolved: 0,
        pending: hard,
        pendingJudge: cards.length - hard,
        scored: 0,
        void: 0,
        voidRate: 0,
        publicationCoverage: 0,
      },
      byDomain: [],
      byGenerationOrigin: [],
    });
    expect(hard).toBe(5);
    expect(res.body.overall).toBeUndefined();
    expect(res.body.calibration).toHaveLength(10);
    expect(res.headers.get('cache-control')).toMatch(/max-age=60/);
  });

  it('answers an empty, degraded scorecard without a ledger', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(SCORECARD);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        degraded: true,
        error: 'forecast_scorecard_backend_unavailable',
        calibration: [],
        totals: { entries: 0 },
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('resolutions recorded from the data', () => {
  it('resolves the GPS windows from the GPS snapshot of a week later and scores them', async () => {
    const clock = new ManualClock(SAMPLE_NOW);
    await withTestApp({ samples: FORECAST_SAMPLES, clock }, async (later) => {
      const cards: Card[] = (await later.get(`${FORECASTS}?domain=supply_chain`)).body.forecasts;
      // A week later gpsjam serves the same cells (the bundled day file again): each zone has as many jammed cells
      // as its rule asks for (at least the count at publication), so every GPS window resolves yes.
      clock.advance(7 * DAY);
      const gps = ALL_DATASETS.find((d) => d.name === 'intelligence.gps-interference')!;
      const read = (f: string) => fs.readFileSync(`db/samples/intelligence/${f}`);
      const loaded = await later.deps.runner.run(gps, {
        origin: {
          kind: 'bytes',
          payloads: { manifest: read('gpsjam-manifest.csv'), daily: read('gpsjam-2026-11-19-h3_4.csv') },
        },
      });
      expect(loaded.ok).toBe(true);
      await refreshDerived([loaded], ALL_DATASETS, later.deps.runner);

      const ledger = later.deps.store.read<{ forecastId: string; status: string; outcome: string; evidence: string }>(
        'forecast.resolutions',
      )!;
      expect(ledger.capturedAt).toBe(SAMPLE_NOW + 7 * DAY);
      for (const c of cards) {
        const n = c.resolution.threshold!;
        expect(ledger.records.find((e) => e.forecastId === c.id && e.status !== 'pending')).toMatchObject({
          status: 'resolved',
          outcome: 'yes',
          evidence: `${n} >= ${n}`,
        });
      }
      const card = (await later.get(SCORECARD)).body;
      expect(card.totals).toMatchObject({ resolved: 5, scored: 5, void: 0 });
      // Brier (p - 1)^2 averaged over the five: with today's cells (0.5, 0.196, 0.482, 0.5, 0.5) that is
      // (0.25 x 3 + 0.646416 + 0.268324) / 5 = 0.332948.
      const brier = cards.reduce((a, c) => a + (c.probability - 1) ** 2, 0) / cards.length;
      expect(card.overall).toMatchObject({ count: 5 });
      expect(card.overall.brier).toBeCloseTo(brier, 6);
      expect(card.byDomain).toEqual([
        expect.objectContaining({ domain: 'supply_chain', resolved: 5, scored: 5, void: 0, voidRate: 0 }),
      ]);
    });
  });
});
