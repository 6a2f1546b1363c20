import { replayRecorded } from '../../../src/platform/snapshots/request-log.js';
import { testConfig } from '../../../src/config.js';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { detectionsFromFirms, fireDetectionsDataset } from '../../../src/services/wildfire/datasets/fire-detections.js';
import { buildClusters } from '../../../src/services/thermal/queries.js';
import {
  baselineAround,
  clusterDetections,
  persistenceHours,
  sampleStdDev,
  strategicRelevance,
  thermalConfidence,
  thermalContext,
  thermalStatus,
  zScore,
  type StatusInput,
} from '../../../src/services/thermal/rules.js';
import type { FireDetection } from '../../../src/services/wildfire/schemas.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/thermal/v1/list-thermal-escalations';
// The FIRMS sample is the per-product, per-region CSVs the live fetch requests, joined by its own fetch.
const firms = fireDetectionsDataset.sources.firms!;
const DETECTIONS = detectionsFromFirms(
  await replayRecorded(firms, path.join(SAMPLES_DIR, firms.sample), testConfig(), SAMPLE_NOW),
);
const H = 3_600_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fireDetectionsDataset] });
});
afterAll(() => app.close());

function detection(lat: number, lon: number, at: number, frp = 10): FireDetection {
  return {
    id: `${lat}-${lon}-${at}`,
    location: { latitude: lat, longitude: lon },
    brightness: 330,
    frp,
    confidence: 'FIRE_CONFIDENCE_NOMINAL',
    satellite: 'NOAA-20',
    detectedAt: at,
    region: 'Ukraine',
    dayNight: 'N',
    possibleExplosion: false,
    source: 'firms',
    kind: 'hotspot',
    emergency: false,
    agencyFireId: '',
    agencyCode: '',
    fireSize: 0,
  };
}

const base: StatusInput = {
  observationCount: 1,
  totalFrp: 5,
  maxFrp: 5,
  countDelta: 0,
  frpDelta: 0,
  zScore: 0,
  persistenceHours: 0,
  hasBaseline: true,
};

describe('thermal rules', () => {
  it.each<[Partial<StatusInput>, string]>([
    [{}, 'THERMAL_STATUS_NORMAL'],
    [{ persistenceHours: 12, countDelta: 3 }, 'THERMAL_STATUS_PERSISTENT'],
    [{ persistenceHours: 12, maxFrp: 80 }, 'THERMAL_STATUS_PERSISTENT'],
    [{ persistenceHours: 11.9, countDelta: 3 }, 'THERMAL_STATUS_ELEVATED'],
    [{ zScore: 2.5 }, 'THERMAL_STATUS_SPIKE'],
    [{ countDelta: 6 }, 'THERMAL_STATUS_SPIKE'],
    [{ frpDelta: 120 }, 'THERMAL_STATUS_SPIKE'],
    [{ observationCount: 8, totalFrp: 150 }, 'THERMAL_STATUS_SPIKE'],
    [{ zScore: 1.5 }, 'THERMAL_STATUS_ELEVATED'],
    [{ frpDelta: 50 }, 'THERMAL_STATUS_ELEVATED'],
    [{ hasBaseline: false, observationCount: 5 }, 'THERMAL_STATUS_ELEVATED'],
    [{ hasBaseline: true, observationCount: 5 }, 'THERMAL_STATUS_NORMAL'],
  ])('%j -> %s', (over, expected) => expect(thermalStatus({ ...base, ...over })).toBe(expected));

  it('scores deviations only against a varying baseline', () => {
    expect(zScore(10, 2, 0)).toBe(0);
    expect(zScore(10, 2, 4)).toBe(2);
    expect(sampleStdDev([1])).toBe(0);
    expect(sampleStdDev([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
  });

  it('clusters every detection exactly once, members within twice the radius of each other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 47, max: 49, noNaN: true }), fc.double({ min: 36, max: 38, noNaN: true })), {
          maxLength: 30,
        }),
        (points) => {
          const ds = points.map(([lat, lon], i) => ({ ...detection(lat, lon, i), id: `p${i}` }));
          const clusters = clusterDetections(ds);
          return clusters.flat().length === ds.length && new Set(clusters.flat().map((d) => d.id)).size === ds.length;
        },
      ),
    );
  });

  it('counts the baseline per whole day before the window', () => {
    const start = Date.UTC(2026, 10, 20);
    const history = [
      detection(48, 37, start - 1 * H),
      detection(48, 37, start - 2 * H),
      detection(48, 37, start - 30 * H),
      detection(48, 37, start - 7 * 24 * H),
      detection(49, 39, start - H),
    ];
    expect(baselineAround(history, 48, 37, start).dailyCounts).toEqual([2, 1, 0, 0, 0, 0]);
  });

  it('measures persistence until a gap of a whole day', () => {
    const last = 100 * H;
    expect(persistenceHours([last, last - 10 * H, last - 30 * H, last - 60 * H], last)).toBe(30);
    expect(persistenceHours([last], last)).toBe(0);
  });

  it.each([
    ['Ukraine', [], 'THERMAL_CONTEXT_CONFLICT_ADJACENT'],
    ['Ukraine', [{ kind: 'energy' }], 'THERMAL_CONTEXT_MIXED'],
    ['Saudi Arabia', [{ kind: 'energy' }], 'THERMAL_CONTEXT_ENERGY_ADJACENT'],
    ['Iran', [{ kind: 'logistics' }], 'THERMAL_CONTEXT_LOGISTICS_ADJACENT'],
    ['Turkey', [], 'THERMAL_CONTEXT_WILDLAND'],
  ])('context of %s near %j is %s', (region, assets, expected) =>
    expect(thermalContext(region, assets)).toBe(expected),
  );

  it('grades confidence and relevance', () => {
    expect(thermalConfidence(3, 2)).toBe('THERMAL_CONFIDENCE_HIGH');
    expect(thermalConfidence(3, 1)).toBe('THERMAL_CONFIDENCE_MEDIUM');
    expect(thermalConfidence(1, 1)).toBe('THERMAL_CONFIDENCE_LOW');
    expect(strategicRelevance('THERMAL_STATUS_SPIKE', 'THERMAL_CONTEXT_CONFLICT_ADJACENT')).toBe(
      'THERMAL_RELEVANCE_HIGH',
    );
    expect(strategicRelevance('THERMAL_STATUS_NORMAL', 'THERMAL_CONTEXT_ENERGY_ADJACENT')).toBe(
      'THERMAL_RELEVANCE_MEDIUM',
    );
    expect(strategicRelevance('THERMAL_STATUS_SPIKE', 'THERMAL_CONTEXT_WILDLAND')).toBe('THERMAL_RELEVANCE_LOW');
  });
});

describe('clusters of the bundled week', () => {
  const clusters = buildClusters(DETECTIONS);

  it('finds the frontline surge persistent and the new forest fire a spike', () => {
    const donetsk = clusters.find((c) => c.id === 'ukraine:48.0:37.8')!;
    expect(donetsk.status).toBe('THERMAL_STATUS_PERSISTENT');
    expect(donetsk.strategicRelevance).toBe('THERMAL_RELEVANCE_HIGH');
    expect(donetsk.observationCount).toBeGreaterThan(donetsk.baselineExpectedCount * 3);
    const antalya = clusters.find((c) => c.regionLabel === 'Turkey')!;
    expect(antalya.status).toBe('THERMAL_STATUS_SPIKE');
    expect(antalya.narrativeFlags).toContain('new_activity');
    expect(antalya.baselineExpectedCount).toBe(0);
    const flare = clusters.find((c) => c.regionLabel === 'Saudi Arabia')!;
    expect(flare.nearbyAssets).toEqual(['Abqaiq oil processing plant']);
    expect(flare.context).toBe('THERMAL_CONTEXT_ENERGY_ADJACENT');
  });

  it('orders spikes first, normal last', () => {
    const ranks = clusters.map((c) =>
      ['THERMAL_STATUS_SPIKE', 'THERMAL_STATUS_PERSISTENT', 'THERMAL_STATUS_ELEVATED', 'THERMAL_STATUS_NORMAL'].indexOf(
        c.status,
      ),
    );
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
});

describe('GET list-thermal-escalations', () => {
  it('answers the empty request with the clusters of the sample', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.dataAvailable).toBe(true);
    expect(res.body.observationWindowHours).toBe(24);
    expect(res.body.clusters).toHaveLength(9);
    expect(res.body.summary.clusterCount).toBe(9);
    expect(res.body.summary.persistentCount).toBe(4);
    expect(res.body.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('limits to max_items and recounts the summary over the slice', async () => {
    const res = await app.get(`${PATH}?max_items=2`);
    expect(res.body.clusters).toHaveLength(2);
    expect(res.body.summary).toEqual({
      clusterCount: 2,
      elevatedCount: 0,
      spikeCount: 2,
      persistentCount: 0,
      conflictAdjacentCount: 1,
      highRelevanceCount: 1,
    });
    expect((await app.get(`${PATH}?max_items=0`)).body.clusters).toHaveLength(9);
    expect((await app.get(`${PATH}?max_items=-4`)).body.clusters).toHaveLength(9);
  });

  it('refuses a malformed max_items', async () => {
    expectViolation(await app.get(`${PATH}?max_items=two`), 'max_items');
  });

  it('says dataAvailable false without a fire snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body.dataAvailable).toBe(false);
      expect(res.body.clusters).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
