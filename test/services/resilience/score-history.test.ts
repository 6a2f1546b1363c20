import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { ipcDataset, whoDataset, worldBankDataset } from '../../../src/services/resilience/datasets/indicators.js';
import {
  SCORE_HISTORY,
  recordScores,
  scoreHistoryDataset,
} from '../../../src/services/resilience/datasets/score-history.js';
import {
  appendScores,
  dayOf,
  HISTORY_POINTS,
  type HistoryPoint,
} from '../../../src/services/resilience/history-rules.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../support/app.js';

const DAY = 86_400_000;
const SCORE = '/api/resilience/v1/get-resilience-score';
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'resilience', f));
/** The WHO sample as the live fetch joins its per-indicator answers (who-gho.requests.json). */
const whoGho = () =>
  Buffer.from(
    JSON.stringify({
      value: ['WHOSIS_000001', 'UHC_INDEX_REPORTED'].flatMap(
        (code) => (JSON.parse(sample(`who-gho/${code}.json`).toString('utf8')) as { value: unknown[] }).value,
      ),
    }),
  );
const samplePayloads = () => ({
  indicators: sample('worldbank-indicators.json'),
  gho: whoGho(),
  analyses: sample('ipc-phase3.csv'),
  seed: sample('score-history.json'),
});
const of = (points: readonly HistoryPoint[], code: string) => points.filter((p) => p.countryCode === code);

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

describe('recordScores (one ingestion of the history)', () => {
  it('scores every country of the indicator documents and appends today to the seed log on a first load', () => {
    const { records, info } = recordScores(samplePayloads(), SAMPLE_NOW);
    expect(info).toEqual({ recordedAt: SAMPLE_NOW, countriesScored: 12 });
    const us = of(records, 'US');
    // 29 seeded days and today; the seed's point of September falls outside the 30 kept.
    expect(us).toHaveLength(30);
    expect(us[0]!.at).toBe(Date.UTC(2026, 9, 22));
    expect(us.at(-2)).toEqual({ countryCode: 'US', at: Date.UTC(2026, 10, 19), score: 56.89 });
    expect(us.at(-1)!.at).toBe(Date.UTC(2026, 10, 20));
  });

  it('starts from today alone on a first load without a seed log', () => {
    const { seed: _seed, ...documents } = samplePayloads();
    const { records } = recordScores(documents, SAMPLE_NOW);
    expect(of(records, 'US')).toEqual([expect.objectContaining({ at: Date.UTC(2026, 10, 20) })]);
  });

  it('is derived from the indicator documents: no upstream address of its own, no live fetch', async () => {
    expect(scoreHistoryDataset.kind).toBe('derived');
    for (const source of Object.values(scoreHistoryDataset.sources)) expect(source.url).toBeUndefined();
  });

  it('appends to the snapshot it replaces, ignoring the seed', () => {
    const previous = {
      records: [{ countryCode: 'NO', at: Date.UTC(2026, 10, 19), score: 60 }],
      info: { recordedAt: 0, countriesScored: 1 },
    };
    const { records } = recordScores(samplePayloads(), SAMPLE_NOW, previous);
    expect(of(records, 'NO').map((p) => p.at)).toEqual([Date.UTC(2026, 10, 19), Date.UTC(2026, 10, 20)]);
    expect(of(records, 'US')).toHaveLength(1);
  });

  it('refuses documents it cannot read, or that score no country', () => {
    expect(() =>
      recordScores({ ...samplePayloads(), indicators: Buffer.from('<html>busy</html>') }, SAMPLE_NOW),
    ).toThrow(/World Bank: not valid JSON/);
    const empty = {
      ...samplePayloads(),
      indicators: Buffer.from('[{"page":1,"pages":1,"total":0},[]]'),
      gho: Buffer.from('{"value":[]}'),
      analyses: Buffer.from('ISO3,Date of analysis,Phase 3+ %\n'),
    };
    expect(() => recordScores(empty, SAMPLE_NOW)).toThrow(/score no country/);
  });
});

describe('the score history, through ingestion and get-resilience-score', () => {
  let app: TestApp;
  const clock = new ManualClock(SAMPLE_NOW);
  const history = () => app.deps.store.read<HistoryPoint>(SCORE_HISTORY)!;
  const ingest = (payloads = samplePayloads()) =>
    app.deps.runner.run(scoreHistoryDataset, { origin: { kind: 'bytes', payloads } });

  beforeAll(async () => {
    app = await startTestApp({ clock, samples: [worldBankDataset, whoDataset, ipcDataset, scoreHistoryDataset] });
  });
  afterAll(() => app.close());

  it('answers the empty request (US) with the trend and 30-day change of the bundled history', async () => {
    const res = await app.get(SCORE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'US',
      level: expect.stringMatching(/^(high|medium|low)$/),
      trend: 'rising',
    });
    // The seeded US history climbs from about 54.8 on 22 October.
    expect(res.body.change30d).toBeGreaterThan(1.5);
    // Today's recorded point is the score the read computes.
    expect(of(history().records, 'US').at(-1)).toEqual({
      countryCode: 'US',
      at: Date.UTC(2026, 10, 20),
      score: res.body.overallScore,
    });
  });

  it('is never written by a read', async () => {
    const version = history().version;
    for (const code of ['US', 'DE', 'FR', 'ZZ'])
      expect((await app.get(`${SCORE}?countryCode=${code}`)).status).toBe(200);
    expect(history().version).toBe(version);
    expect(of(history().records, 'FR')).toEqual([]);
  });

  it('replaces today’s point when ingested again the same day', async () => {
    const before = history().records.length;
    // Norway's GDP per head halves: the same day's new score replaces the one recorded this morning.
    const wb = JSON.parse(sample('worldbank-indicators.json').toString('utf8'));
    for (const row of wb[1])
      if (row.country.id === 'NO' && row.indicator.id === 'NY.GDP.PCAP.KD' && row.value !== null) row.value /= 8;
    const r = await ingest({ ...samplePayloads(), indicators: Buffer.from(JSON.stringify(wb)) });
    expect(r.ok).toBe(true);
    expect(history().records).toHaveLength(before);
    const no = of(history().records, 'NO');
    expect(no).toHaveLength(30);
    expect(no.at(-1)!.at).toBe(Date.UTC(2026, 10, 20));
    expect(no.at(-1)!.score).toBeLessThan(61.78);
  });

  it('appends a point on the next day, dropping the oldest beyond 30', async () => {
    clock.set(SAMPLE_NOW + DAY);
    const r = await ingest();
    expect(r.ok).toBe(true);
    const us = of(history().records, 'US');
    expect(us).toHaveLength(30);
    expect(us[0]!.at).toBe(Date.UTC(2026, 9, 23));
    expect(us.at(-1)!.at).toBe(Date.UTC(2026, 10, 21));
  });

  it('keeps the last good history when an ingestion fails', async () => {
    const before = history();
    clock.set(SAMPLE_NOW + 2 * DAY);
    const r = await ingest({ ...samplePayloads(), gho: Buffer.from('{"error": "upstream busy"}') });
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/WHO GHO response has an unexpected shape/) });
    expect(history().version).toBe(before.version);
    expect(history().records).toEqual(before.records);
    // The answer still reads the recorded history (up to yesterday) with today's computed score.
    const res = await app.get(SCORE);
    expect(res.status).toBe(200);
    expect(res.body.trend).toBe('rising');
    // The next successful run carries on from the kept history.
    expect((await ingest()).ok).toBe(true);
    expect(of(history().records, 'US').at(-1)!.at).toBe(Date.UTC(2026, 10, 22));
  });
});
