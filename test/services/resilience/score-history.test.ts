import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { refreshDerived } from '../../../src/platform/snapshots/derived.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { ALL_DATASETS } from '../../../src/root/datasets.js';
import { worldBankDataset } from '../../../src/services/resilience/datasets/indicators.js';
import { resilienceScoresDataset } from '../../../src/services/resilience/datasets/resilience-scores.js';
import { SCORE_HISTORY, scoreHistoryDataset } from '../../../src/services/resilience/datasets/score-history.js';
import {
  appendScores,
  dayOf,
  detectTrend,
  HISTORY_POINTS,
  trendAndChange,
  type HistoryPoint,
} from '../../../src/services/resilience/history-rules.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../support/app.js';

const DAY = 86_400_000;
const SCORE = '/api/resilience/v1/get-resilience-score';
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'resilience', f));
const of = (points: readonly HistoryPoint[], code: string) => points.filter((p) => p.countryCode === code);

/** The World Bank sample as the live fetch joins its two answers, with Norway's reserves set to `months`. */
function worldBankWithNorwayReserves(months: number): Buffer {
  const rows = ['worldbank/wdi.json', 'worldbank/wgi.json'].flatMap(
    (f) => (JSON.parse(sample(f).toString('utf8')) as [unknown, Record<string, any>[]])[1],
  );
  for (const r of rows) if (r.country.id === 'NO' && r.indicator.id === 'FI.RES.TOTL.MO') r.value = months;
  return Buffer.from(JSON.stringify([{ page: 1, pages: 1, total: rows.length }, rows]));
}

describe('appendScores (history rules)', () => {
  const d0 = Date.UTC(2026, 10, 1);

  it('appends one point per scored country for the day, oldest first', () => {
    const history = [{ countryCode: 'DE', at: d0, score: 57 }];
    const out = appendScores(
      history,
      new Map([
        ['DE', 58],
        ['FR', 61],
      ]),
      d0 + DAY + 5 * 3_600_000,
    );
    expect(out).toEqual([
      { countryCode: 'DE', at: d0, score: 57 },
      { countryCode: 'DE', at: d0 + DAY, score: 58 },
      { countryCode: 'FR', at: d0 + DAY, score: 61 },
    ]);
    expect(history).toHaveLength(1); // the input is not changed
  });

  it('replaces a point of the same day: the newest score of a day is kept', () => {
    const morning = appendScores([], new Map([['DE', 57]]), d0 + 6 * 3_600_000);
    const evening = appendScores(morning, new Map([['DE', 59.5]]), d0 + 20 * 3_600_000);
    expect(evening).toEqual([{ countryCode: 'DE', at: d0, score: 59.5 }]);
  });

  it('keeps the newest 30 days per country', () => {
    let history: HistoryPoint[] = [];
    for (let i = 0; i < 45; i++) history = appendScores(history, new Map([['DE', i]]), d0 + i * DAY);
    expect(history).toHaveLength(HISTORY_POINTS);
    expect(history[0]).toEqual({ countryCode: 'DE', at: d0 + 15 * DAY, score: 15 });
    expect(history.at(-1)).toEqual({ countryCode: 'DE', at: d0 + 44 * DAY, score: 44 });
  });

  it('holds for any sequence of runs: at most 30 distinct days per country, ascending, the latest run last', () => {
    const run = fc.record({
      dayOffset: fc.integer({ min: 0, max: 90 }),
      hour: fc.integer({ min: 0, max: 23 }),
      scores: fc.dictionary(fc.constantFrom('DE', 'FR', 'NO'), fc.double({ min: 0, max: 100, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 60 }), (runs) => {
        let history: HistoryPoint[] = [];
        const latest = new Map<string, { at: number; score: number }>();
        for (const r of runs) {
          const at = d0 + r.dayOffset * DAY + r.hour * 3_600_000;
          history = appendScores(history, new Map(Object.entries(r.scores)), at);
          for (const [c, score] of Object.entries(r.scores)) {
            const prev = latest.get(c);
            if (!prev || dayOf(at) >= prev.at) latest.set(c, { at: dayOf(at), score });
          }
        }
        for (const [c, last] of latest) {
          const points = of(history, c);
          expect(points.length).toBeLessThanOrEqual(HISTORY_POINTS);
          expect(points.every((p, i) => i === 0 || p.at > points[i - 1]!.at)).toBe(true);
          expect(points.at(-1)).toEqual({ countryCode: c, ...last });
        }
      }),
    );
  });
});

describe('trend and 30-day change (published rules)', () => {
  it.each([
    [[60, 61], 'stable'], // fewer than 3 points
    [[60, 60, 60], 'stable'],
    [[60, 61, 62], 'rising'], // slope 1 over mean 61: 1.6% a point
    [[60, 60.2, 60.4], 'stable'], // slope .2 over mean 60.2: 0.33% a point, under 0.5%
    [[62, 61, 60], 'falling'],
  ] as const)('%j is %s', (values, trend) => expect(detectTrend(values)).toBe(trend));

  it('reads a series backwards as the opposite trend', () => {
    const opposite = { rising: 'falling', falling: 'rising', stable: 'stable' } as const;
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: 3, maxLength: 30 }), (v) => {
        expect(detectTrend([...v].reverse())).toBe(opposite[detectTrend(v)]);
      }),
    );
    expect(detectTrend(Array(10).fill(42))).toBe('stable');
  });

  it('compares the current score with the oldest point of an earlier day', () => {
    const d = Date.UTC(2026, 10, 18);
    const points = [
      { countryCode: 'NO', at: d, score: 50 },
      { countryCode: 'NO', at: d + DAY, score: 52 },
      { countryCode: 'NO', at: d + 2 * DAY, score: 99 }, // today's own point: not history
    ];
    // series 50, 52, 55: slope 2.5 over mean 52.33 = 4.8% a point
    expect(trendAndChange(points, 55, d + 2 * DAY + 3_600_000)).toEqual({ trend: 'rising', change30d: 5 });
    expect(trendAndChange([], 55, d)).toEqual({ trend: 'stable', change30d: 0 });
  });
});

describe('the score history, appended from the computed scores', () => {
  let app: TestApp;
  const clock = new ManualClock(SAMPLE_NOW);
  const history = () => app.deps.store.read<HistoryPoint>(SCORE_HISTORY)!;
  /** A new World Bank snapshot (captured at the clock's time), then the models that read it. */
  const ingestWorldBank = async (payload: Buffer) => {
    const r = await app.deps.runner.run(worldBankDataset, {
      origin: { kind: 'bytes', payloads: { indicators: payload } },
    });
    return { r, derived: await refreshDerived([r], ALL_DATASETS, app.deps.runner) };
  };

  beforeAll(async () => {
    app = await startTestApp({
      clock,
      samples: [
        ...ALL_DATASETS.filter((d) => resilienceScoresDataset.inputs!.includes(d.name)),
        resilienceScoresDataset,
        scoreHistoryDataset,
      ],
    });
  });
  afterAll(() => app.close());

  it('starts with one point per scored country, on the samples’ capture day', async () => {
    expect(history().records).toHaveLength(12);
    expect(of(history().records, 'NO')).toEqual([{ countryCode: 'NO', at: Date.UTC(2026, 10, 20), score: 64.39 }]);
    expect((await app.get(`${SCORE}?countryCode=NO`)).body).toMatchObject({ trend: 'stable', change30d: 0 });
  });

  it('is never written by a read, nor by a recomputation from the same input versions', async () => {
    const version = history().version;
    for (const code of ['US', 'DE', 'FR', 'ZZ'])
      expect((await app.get(`${SCORE}?countryCode=${code}`)).status).toBe(200);
    const again = await app.deps.runner.run(scoreHistoryDataset, { origin: { kind: 'live' } });
    expect(again).toMatchObject({ ok: true, unchanged: true });
    expect(history().version).toBe(version);
  });

  it('appends the next day’s scores when an input brings new data', async () => {
    // Norway's reserves reach 12 months: currency 100 (coverage .4) and liquid reserves 100. Economic
    // (100 × .2 + 100 × .4 + 95 × .2) / .8 = 98.75 -> structural 91.17; recovery (22.5 + 3.75 + 71.2 + 100 × .5)
    // / 1.825 = 80.79; live shock 97.4 unchanged: (36.47 + 34.09 + 20.2) × (1 − .5 × (1 − .8079)) = 82.04.
    clock.set(SAMPLE_NOW + DAY);
    const { r, derived } = await ingestWorldBank(worldBankWithNorwayReserves(12));
    expect(r.ok).toBe(true);
    expect(derived.map((d) => [d.dataset, d.ok])).toEqual([
      ['resilience.scores', true],
      ['resilience.score-history', true],
    ]);
    expect(of(history().records, 'NO').map((p) => p.score)).toEqual([64.39, 82.04]);
    const no = (await app.get(`${SCORE}?countryCode=NO`)).body;
    // two points are too few for a trend; the change is against the first day: 82.04 − 64.39
    expect(no).toMatchObject({ overallScore: 82.04, trend: 'stable', change30d: 17.65 });
  });

  it('reads a falling trend once three days are recorded', async () => {
    // One month of reserves: currency and liquid reserves 0. Economic (20 + 0 + 19) / .8 = 48.75 -> structural 73.63;
    // recovery 97.45 / 1.825 = 53.4: (29.45 + 34.09 + 13.35) × (1 − .5 × (1 − .534)) = 58.98.
    // Series 64.39, 82.04, 58.98: slope −2.705 over mean 68.47 = −4.0% a point.
    clock.set(SAMPLE_NOW + 2 * DAY);
    expect((await ingestWorldBank(worldBankWithNorwayReserves(1))).r.ok).toBe(true);
    const no = (await app.get(`${SCORE}?countryCode=NO`)).body;
    expect(no).toMatchObject({ overallScore: 58.98, trend: 'falling', change30d: -5.41 });
    const ranked = (await app.get('/api/resilience/v1/get-resilience-ranking')).body.greyedOut.find(
      (i: { countryCode: string }) => i.countryCode === 'NO',
    );
    expect(ranked.overallScore).toBe(58.98);
  });

  it('keeps the last good history when an input ingestion fails', async () => {
    const before = history();
    clock.set(SAMPLE_NOW + 3 * DAY);
    const { r, derived } = await ingestWorldBank(Buffer.from('[{"message":[{"key":"Invalid value"}]}]'));
    expect(r.ok).toBe(false);
    expect(derived).toEqual([]);
    expect(history().version).toBe(before.version);
    expect(history().records).toEqual(before.records);
  });
});
