import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/platform/clock.js';
import { pizzintDataset } from '../../../../src/services/intelligence/signals/datasets/pizzint.js';
import { defconOf, tensionOf } from '../../../../src/services/intelligence/signals/rules.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parsePizzintDashboard } from '../../../../src/sources/pizzint/dashboard.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { samplePayloads } from '../../../support/upstream.js';

const PATH = '/api/intelligence/v1/get-pizzint-status';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [pizzintDataset] });
});
afterAll(() => app.close());

describe('pizzint rules and parser', () => {
  it.each([
    [90, 1, 'Maximum Activity'],
    [85, 1, 'Maximum Activity'],
    [70, 2, 'High Activity'],
    [66.3, 3, 'Elevated Activity'],
    [25, 4, 'Above Normal'],
    [24.9, 5, 'Normal Activity'],
  ])('activity %d -> DEFCON %d', (activity, level, label) => expect(defconOf(activity)).toEqual({ level, label }));

  it('DEFCON never rises as activity falls', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) =>
        a <= b ? defconOf(a).level >= defconOf(b).level : true,
      ),
    );
  });

  it.each([
    [[41.2, 44], 'TREND_DIRECTION_RISING', 6.8],
    [[52.4, 47], 'TREND_DIRECTION_FALLING', -10.3],
    [[36.1, 35.8], 'TREND_DIRECTION_STABLE', -0.8],
    [[0, 22.5], 'TREND_DIRECTION_STABLE', 0],
    [[], 'TREND_DIRECTION_STABLE', 0],
  ])('tension %j -> %s %d', (points, trend, changePercent) =>
    expect(tensionOf(points)).toMatchObject({ trend, changePercent }),
  );

  it('rejects an unsuccessful dashboard answer', () => {
    expect(() => parsePizzintDashboard('{"success":false,"error":"rate limited"}')).toThrow(FormatError);
  });
});

describe('GET get-pizzint-status', () => {
  it('replays the capture with its derived level, flagged stale once old', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const p = res.body.pizzint;
    expect(p).toMatchObject({
      defconLevel: 3,
      defconLabel: 'Elevated Activity',
      aggregateActivity: 46,
      activeSpikes: 2,
      locationsMonitored: 7,
      locationsOpen: 6,
    });
    expect(p.updatedAt).toBe(Date.UTC(2026, 10, 20, 2, 10));
    // The site recorded it ten hours before the sample's capture (12:00): stale, and not cached.
    expect(p.dataFreshness).toBe('DATA_FRESHNESS_STALE');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(p.locations.find((l: { name: string }) => l.name === 'Pizzato Pizza')).toMatchObject({
      isClosedNow: true,
      dataFreshness: 'DATA_FRESHNESS_STALE',
    });
    expect(res.body.tensionPairs).toEqual([]);
  });

  it('adds the tension pairs with include_gdelt=true', async () => {
    const pairs = (await app.get(`${PATH}?include_gdelt=true`)).body.tensionPairs as {
      id: string;
      countries: string[];
      label: string;
      trend: string;
      region: string;
    }[];
    expect(pairs.map((p) => p.id)).toEqual([
      'usa_russia',
      'russia_ukraine',
      'usa_china',
      'china_taiwan',
      'usa_iran',
      'usa_venezuela',
    ]);
    expect(pairs[3]).toMatchObject({
      countries: ['china', 'taiwan'],
      label: 'CHINA - TAIWAN',
      trend: 'TREND_DIRECTION_FALLING',
      region: 'global',
    });
    expect((await app.get(`${PATH}?include_gdelt=false`)).body.tensionPairs).toEqual([]);
  });

  it('is fresh and cacheable when read right after the site recorded it', async () => {
    // The same dashboard read at 03:00, fifty minutes after the site's 02:10 record.
    await withTestApp({ samples: 'none', clock: new ManualClock(Date.UTC(2026, 10, 20, 3, 0)) }, async (early) => {
      const r = await early.deps.runner.run(pizzintDataset, {
        origin: { kind: 'bytes', payloads: await samplePayloads(pizzintDataset) },
      });
      expect(r.ok).toBe(true);
      const res = await early.get(PATH);
      expect(res.body.pizzint.dataFreshness).toBe('DATA_FRESHNESS_FRESH');
      expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
    });
  });

  it('rejects a non-boolean include_gdelt', async () => {
    expectViolation(await app.get(`${PATH}?include_gdelt=yes`), 'include_gdelt');
  });

  it('answers no status, uncached, before a capture is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ tensionPairs: [] });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
