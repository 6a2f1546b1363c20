import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import {
  TEMPORAL_BASELINES,
  baselineDocument,
  parseBaselineDocument,
  temporalBaselinesDataset,
} from '../../../../src/services/infrastructure/baselines/datasets/temporal-baselines.js';
import {
  EMPTY_WELFORD,
  absZ,
  anomalyMessage,
  baselineKey,
  multiplierOf,
  severityOfZ,
  welfordAdd,
  welfordStdDev,
} from '../../../../src/services/infrastructure/baselines/rules.js';
import { fireDetectionsDataset } from '../../../../src/services/wildfire/datasets/fire-detections.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const GET = '/api/infrastructure/v1/get-temporal-baseline';
const RECORD = '/api/infrastructure/v1/record-baseline-snapshot';
const ANOMALIES = '/api/infrastructure/v1/list-temporal-anomalies';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/temporal-baseline-samples.json'));
let app: TestApp;

/** An operator key: only operators record counts into the shared baseline. */
const OPERATOR = 'operator-key-for-baseline-tests-1';
const withOperator = { OPERATOR_KEYS: OPERATOR };

function post(a: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return a.request(RECORD, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': OPERATOR, ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  app = await startTestApp({ samples: [temporalBaselinesDataset, fireDetectionsDataset], config: withOperator });
});
afterAll(() => app.close());

describe('baseline rules', () => {
  it('Welford matches the two-pass mean and sample deviation', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 100 }), (xs) => {
        const w = xs.reduce(welfordAdd, EMPTY_WELFORD);
        const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
        const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1));
        return (
          w.n === xs.length &&
          Math.abs(w.mean - mean) <= 1e-6 * Math.max(1, mean) &&
          Math.abs(welfordStdDev(w) - sd) <= 1e-6 * Math.max(1, sd)
        );
      }),
    );
    expect(welfordStdDev(welfordAdd(EMPTY_WELFORD, 5))).toBe(0);
  });

  it.each([
    [3, 'critical'],
    [2.99, 'high'],
    [2, 'high'],
    [1.5, 'medium'],
    [1.49, 'normal'],
  ])('z %d is %s', (z, s) => expect(severityOfZ(z)).toBe(s));

  it.each([
    [10, 5, 2],
    [0, 0, 1],
    [3, 0, 999],
    [1, 3, 0.33],
  ])('multiplier of %d over mean %d is %d', (c, m, x) => expect(multiplierOf(c, m)).toBe(x));

  it('scores the absolute distance and refuses to score a flat baseline', () => {
    expect(absZ(4, 10, 2)).toBe(3);
    expect(absZ(40, 10, 0)).toBe(0);
  });

  it('buckets by UTC weekday and month and writes the published message', () => {
    expect(baselineKey('news', 'global', SAMPLE_NOW)).toBe('news:global:5:11');
    expect(anomalyMessage('Satellite fire detections', 2.83, SAMPLE_NOW, 51, 18.04)).toBe(
      'Satellite fire detections 2.8x normal for Friday (November) — 51 vs baseline 18',
    );
    expect(anomalyMessage('News velocity', 12.4, SAMPLE_NOW, 500, 40)).toBe(
      'News velocity 12x normal for Friday (November) — 500 vs baseline 40',
    );
  });
});

describe('baseline document', () => {
  it('reads the bundled history and round-trips through the writer', () => {
    const { samples, rejected } = parseBaselineDocument(SAMPLE, SAMPLE_NOW);
    expect(samples).toHaveLength(936);
    expect(rejected).toBe(0);
    expect(parseBaselineDocument(baselineDocument(samples), SAMPLE_NOW).samples).toEqual(samples);
  });

  it('is recorded: no upstream address, and a live refresh is refused before any request', async () => {
    expect(temporalBaselinesDataset.sources.baseline).toEqual({
      sample: 'infrastructure/temporal-baseline-samples.json',
    });
    await withTestApp({ samples: 'none' }, async (bare) => {
      const r = await bare.deps.runner.run(temporalBaselinesDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/recorded dataset/);
    });
  });

  it('skips invalid samples, drops those past 90 days', () => {
    const doc = {
      format: 'mds-temporal-baseline',
      version: 1,
      samples: [
        { type: 'news', region: 'global', count: 3, recordedAt: '2026-11-20T00:00:00Z' },
        { type: 'weather', region: 'global', count: 3, recordedAt: '2026-11-20T00:00:00Z' },
        { type: 'news', region: 'global', count: -1, recordedAt: '2026-11-20T00:00:00Z' },
        { type: 'news', region: 'global', count: 3, recordedAt: 'whenever' },
        { type: 'news', region: 'global', count: 3, recordedAt: '2026-07-01T00:00:00Z' },
      ],
    };
    expect(parseBaselineDocument(JSON.stringify(doc), SAMPLE_NOW)).toMatchObject({
      rejected: 3,
      samples: [{ count: 3 }],
    });
  });

  it.each(['nope', '{"samples":[]}', '{"format":"mds-temporal-baseline","version":2,"samples":[]}'])(
    'refuses %s',
    (text) => {
      expect(() => parseBaselineDocument(text, SAMPLE_NOW)).toThrow(/temporal baseline document/);
    },
  );
});

describe('GET get-temporal-baseline', () => {
  it('gives the Friday-in-November baseline for a type', async () => {
    const res = await app.get(`${GET}?type=news`);
    expect(res.status).toBe(200);
    expect(res.body.learning).toBe(false);
    expect(res.body.sampleCount).toBe(20);
    expect(res.body.baseline.sampleCount).toBe(20);
    expect(res.body.baseline.mean).toBeGreaterThan(35);
    expect(res.body.baseline.mean).toBeLessThan(50);
    expect(res.body).not.toHaveProperty('anomaly');
  });

  it('scores a count: anomalous far away, nothing near the mean', async () => {
    const { baseline } = (await app.get(`${GET}?type=vessels`)).body;
    const far = await app.get(`${GET}?type=vessels&count=${Math.round(baseline.mean + 4 * baseline.stdDev)}`);
    expect(far.body.anomaly.severity).toBe('critical');
    expect(far.body.anomaly.zScore).toBeGreaterThanOrEqual(3);
    const near = await app.get(`${GET}?type=vessels&count=${baseline.mean}`);
    expect(near.body).not.toHaveProperty('anomaly');
  });

  it('is learning for a region with no history', async () => {
    expect((await app.get(`${GET}?type=news&region=UA`)).body).toEqual({
      learning: true,
      sampleCount: 0,
      samplesNeeded: 10,
      error: '',
    });
  });

  it.each([
    ['', 'type'],
    ['type=weather', 'type'],
    ['type=news&count=-1', 'count'],
    ['type=news&count=lots', 'count'],
  ])('refuses %j', async (q, field) => expectViolation(await app.get(`${GET}?${q}`), field));
});

describe('POST record-baseline-snapshot', () => {
  it('records counts into a new baseline version that the reads see', async () => {
    await withTestApp(
      { samples: [temporalBaselinesDataset], clock: new ManualClock(SAMPLE_NOW), config: withOperator },
      async (local) => {
        const before = (await local.get(`${GET}?type=protests&region=UA`)).body;
        expect(before.sampleCount).toBe(0);
        const updates = Array.from({ length: 25 }, (_, i) => ({ type: 'protests', region: 'UA', count: 10 + (i % 3) }));
        const res = await post(local, { updates: [...updates, { type: 'weather', count: 1 }] });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ updated: 20, error: '' });
        const after = (await local.get(`${GET}?type=protests&region=UA&count=30`)).body;
        expect(after.learning).toBe(false);
        expect(after.sampleCount).toBe(20);
        expect(after.anomaly.severity).toBe('critical');
        expect(local.deps.store.meta(TEMPORAL_BASELINES)?.recordCount).toBe(956);
      },
    );
  });

  it('skips unknown kinds and unusable counts, and says so for an empty body', async () => {
    await withTestApp({ samples: [temporalBaselinesDataset], config: withOperator }, async (local) => {
      expect(
        (await post(local, { updates: [{ type: 'weather', count: 3 }, { type: 'news' }, { type: 'news', count: -2 }] }))
          .body,
      ).toEqual({ updated: 0, error: '' });
      expect((await post(local, {})).body).toEqual({ updated: 0, error: 'Body must have updates array' });
      expect((await post(local, { updates: [] })).body.error).toBe('Body must have updates array');
      expect(local.deps.store.meta(TEMPORAL_BASELINES)?.recordCount).toBe(936);
    });
  });

  it('refuses an update without a type', async () => {
    expectViolation(await post(app, { updates: [{ count: 3 }] }), 'updates[0].type');
    expectViolation(await post(app, { updates: [{ type: '', count: 3 }] }), 'updates[0].type');
  });

  it('replays a retried call with the same Idempotency-Key instead of recording twice', async () => {
    await withTestApp({ samples: [temporalBaselinesDataset], config: withOperator }, async (local) => {
      const body = { updates: [{ type: 'news', count: 41 }] };
      const first = await post(local, body, { 'idempotency-key': 'rec-1' });
      const again = await post(local, body, { 'idempotency-key': 'rec-1' });
      expect(first.body).toEqual({ updated: 1, error: '' });
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(local.deps.store.meta(TEMPORAL_BASELINES)?.recordCount).toBe(937);
    });
  });

  it('serialises concurrent recordings so none is lost', async () => {
    await withTestApp({ samples: [temporalBaselinesDataset], config: withOperator }, async (local) => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => post(local, { updates: [{ type: 'ais_gaps', count: i }] })),
      );
      expect(results.map((r) => r.body.updated)).toEqual([1, 1, 1, 1, 1]);
      expect(local.deps.store.meta(TEMPORAL_BASELINES)?.recordCount).toBe(941);
    });
  });
});

describe('the shared baseline belongs to the operator', () => {
  it("another account's POST is refused (403, saying why), and every account's anomalies stay as they were", async () => {
    await withTestApp(
      { samples: [temporalBaselinesDataset, fireDetectionsDataset], config: withOperator },
      async (local) => {
        const first = await local.createKey({ plan: 'api_business' });
        const second = await local.createKey({ plan: 'free' });
        const seen = async () => (await local.get(ANOMALIES, { 'x-service-key': second.key })).body.anomalies;
        const before = await seen();
        expect(before).toHaveLength(1);
        // Enough counts to lift the fire baseline over the current count, were they recorded.
        const flood = { updates: Array.from({ length: 20 }, () => ({ type: 'satellite_fires', count: 500 })) };
        for (const key of [first.key, second.key, local.defaultKey.key]) {
          const res = await post(local, flood, { 'x-service-key': key });
          expect(res.status).toBe(403);
          expect(res.body.error).toMatch(/^Operator key required: .*only operator keys \(OPERATOR_KEYS\) may call it$/);
        }
        expect(local.deps.store.meta(TEMPORAL_BASELINES)?.recordCount).toBe(936);
        expect(await seen()).toEqual(before);
        // The operator's recording is what changes the shared baseline, for everyone.
        expect((await post(local, flood)).body).toEqual({ updated: 20, error: '' });
        expect(await seen()).not.toEqual(before);
      },
    );
  });
});

describe('GET list-temporal-anomalies', () => {
  it('flags the surge in satellite fire detections against the Friday baseline', async () => {
    const res = await app.get(ANOMALIES);
    expect(res.status).toBe(200);
    expect(res.body.trackedTypes).toEqual(['news', 'satellite_fires']);
    expect(res.body.computedAt).toBe(new Date(SAMPLE_NOW).toISOString());
    expect(res.body.anomalies).toHaveLength(1);
    const a = res.body.anomalies[0];
    expect(a).toMatchObject({ type: 'satellite_fires', region: 'global', currentCount: 51, severity: 'critical' });
    expect(a.expectedCount).toBeGreaterThan(14);
    expect(a.expectedCount).toBeLessThan(22);
    expect(a.message).toMatch(
      /^Satellite fire detections \d\.\dx normal for Friday \(November\) — 51 vs baseline \d+$/,
    );
  });

  it('lists nothing without fire detections or baselines', async () => {
    await withTestApp({ samples: [temporalBaselinesDataset] }, async (noFires) => {
      expect((await noFires.get(ANOMALIES)).body.anomalies).toEqual([]);
    });
    await withTestApp({ samples: [fireDetectionsDataset] }, async (noBaseline) => {
      expect((await noBaseline.get(ANOMALIES)).body.anomalies).toEqual([]);
    });
  });
});
