import { replayRecorded } from '../../../src/platform/snapshots/request-log.js';
import { testConfig } from '../../../src/config.js';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseFirmsCsv } from '../../../src/sources/nasa-firms/firms.js';
import {
  FIRE_DETECTIONS,
  detectionsFromFirms,
  fireDetectionsDataset,
} from '../../../src/services/wildfire/datasets/fire-detections.js';
import {
  compareSignificance,
  fireConfidence,
  inBox,
  isPossibleExplosion,
  regionOf,
} from '../../../src/services/wildfire/rules.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/wildfire/v1/list-fire-detections';
// The sample is the 27 area CSVs the live fetch requests (3 VIIRS products x 9 regions), joined by its own fetch.
const firms = fireDetectionsDataset.sources.firms!;
const SAMPLE = await replayRecorded(firms, path.join(SAMPLES_DIR, firms.sample), testConfig(), SAMPLE_NOW);
const HEADER =
  'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fireDetectionsDataset] });
});
afterAll(() => app.close());

describe('fire rules', () => {
  it.each([
    ['h', 'FIRE_CONFIDENCE_HIGH'],
    ['n', 'FIRE_CONFIDENCE_NOMINAL'],
    ['l', 'FIRE_CONFIDENCE_LOW'],
    ['85', 'FIRE_CONFIDENCE_HIGH'],
    ['50', 'FIRE_CONFIDENCE_NOMINAL'],
    ['10', 'FIRE_CONFIDENCE_LOW'],
    ['?', 'FIRE_CONFIDENCE_UNSPECIFIED'],
  ])('confidence %s -> %s', (raw, expected) => expect(fireConfidence(raw)).toBe(expected));

  it.each([
    [81, 381, true],
    [80, 390, false],
    [120, 380, false],
  ])('possible explosion at FRP %d and %d K: %s', (frp, k, expected) =>
    expect(isPossibleExplosion(frp, k)).toBe(expected),
  );

  it.each([
    [48.0, 37.8, 'Ukraine'],
    [50.6, 36.6, 'Russia'],
    [25.93, 49.67, 'Saudi Arabia'],
    [31.3, 48.7, 'Iran'],
    [31.4, 34.4, 'Israel/Gaza'],
    [51.5, -0.1, ''],
  ])('(%d, %d) lies in %s', (lat, lon, region) => expect(regionOf(lat, lon)).toBe(region));

  it('handles boxes across the antimeridian', () => {
    const box = { swLat: -10, swLon: 170, neLat: 10, neLon: -170 };
    expect(inBox(0, 175, box)).toBe(true);
    expect(inBox(0, -175, box)).toBe(true);
    expect(inBox(0, 0, box)).toBe(false);
  });

  it('orders detections totally and consistently', () => {
    const rows = detectionsFromFirms(SAMPLE);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: rows.length - 1 }),
        fc.integer({ min: 0, max: rows.length - 1 }),
        (i, j) => {
          const a = compareSignificance(rows[i], rows[j]);
          const b = compareSignificance(rows[j], rows[i]);
          return i === j ? a === 0 : Math.sign(a) === -Math.sign(b) && a !== 0;
        },
      ),
    );
  });
});

describe('FIRMS CSV parser', () => {
  it('reads the bundled sample: concatenated bodies, header repeated', () => {
    const hotspots = parseFirmsCsv(SAMPLE);
    // 138 detections; the 37 inside two overlapping regions (Russia/Ukraine, Syria/Turkey, ...) come twice.
    expect(hotspots).toHaveLength(175);
    expect(hotspots.find((h) => h.latitude === 31.37758)).toEqual({
      latitude: 31.37758,
      longitude: 34.39758,
      brightness: 369.94,
      frp: 29.13,
      acquiredAt: Date.parse('2026-11-14T01:12:00Z'), // a night pass over Gaza, about 03:30 local
      satellite: 'N',
      instrument: 'VIIRS',
      confidence: 'h',
      daynight: 'N',
    });
    const twice = parseFirmsCsv(`${SAMPLE.toString()}\n${SAMPLE.toString()}`);
    expect(twice).toHaveLength(350);
    expect(detectionsFromFirms(`${SAMPLE.toString()}\n${SAMPLE.toString()}`)).toHaveLength(138);
  });

  it('skips rows with unreadable coordinates or times', () => {
    const text = `${HEADER}\nabc,37.1,330,0.4,0.4,2026-11-20,0100,N,VIIRS,n,2.0NRT,300,5,N\n48.1,37.1,330,0.4,0.4,2026-13-40,0100,N,VIIRS,n,2.0NRT,300,5,N\n48.1,37.1,330,0.4,0.4,2026-11-20,0100,N,VIIRS,n,2.0NRT,300,5,N`;
    expect(parseFirmsCsv(text)).toHaveLength(1);
  });

  it.each([
    ['Invalid MAP_KEY.', /expected a header/],
    ['lat,lon\n1,2', /expected a header|header lacks/],
    ['latitude,longitude\n1,2', /header lacks acq_date/],
  ])('refuses %j', (text, message) => expect(() => parseFirmsCsv(text)).toThrow(message));
});

describe('GET list-fire-detections', () => {
  it('returns every detection of the week, most significant first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.dataAvailable).toBe(true);
    expect(res.body.fetchedAt).toBeGreaterThan(0);
    expect(res.body.fireDetections).toHaveLength(138);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 138 });
    const first = res.body.fireDetections[0];
    expect(first.possibleExplosion).toBe(true);
    expect(first.region).toBe('Ukraine');
    expect(first.source).toBe('firms');
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('filters by an inclusive acquisition window', async () => {
    const start = Date.parse('2026-11-20T00:00:00Z');
    const res = await app.get(`${PATH}?start=${start}`);
    const got = res.body.fireDetections as { detectedAt: number }[];
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((d) => d.detectedAt >= start)).toBe(true);
    const all = (await app.get(PATH)).body.fireDetections as { detectedAt: number }[];
    expect(got).toHaveLength(all.filter((d) => d.detectedAt >= start).length);
    const exact = got[0].detectedAt;
    expect(
      (await app.get(`${PATH}?start=${exact}&end=${exact}`)).body.fireDetections.every(
        (d: { detectedAt: number }) => d.detectedAt === exact,
      ),
    ).toBe(true);
  });

  it('filters by a bounding box', async () => {
    const res = await app.get(`${PATH}?sw_lat=44&sw_lon=22&ne_lat=50.4&ne_lon=40.5`);
    expect(res.body.fireDetections.length).toBe(41);
    expect(res.body.fireDetections.every((d: { region: string }) => d.region === 'Ukraine')).toBe(true);
  });

  it('pages with a cursor and a real default page size', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const res = await app.get(`${PATH}?page_size=50${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.fireDetections.map((d: { id: string }) => d.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual((await app.get(PATH)).body.fireDetections.map((d: { id: string }) => d.id));
    expect((await app.get(`${PATH}?page_size=0`)).body.fireDetections).toHaveLength(138);
  });

  it.each([
    ['page_size=-1', 'page_size'],
    ['start=soon', 'start'],
    ['start=20&end=10', 'end'],
    ['ne_lat=91&ne_lon=0&sw_lat=0&sw_lon=0', 'ne_lat'],
    ['ne_lat=50', 'sw_lat'],
    ['ne_lat=10&ne_lon=10&sw_lat=20&sw_lon=0', 'sw_lat'],
    ['cursor=nope!', 'cursor'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    expectViolation(await app.get(`${PATH}?${query}`), field);
  });
});

describe('degraded and live ingestion', () => {
  it('says dataAvailable false, no-store, without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        fireDetections: [],
        pagination: { nextCursor: '', totalCount: 0 },
        fetchedAt: 0,
        dataAvailable: false,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('refuses live ingestion without FIRMS_MAP_KEY and keeps the snapshot', async () => {
    await withTestApp({ samples: [fireDetectionsDataset] }, async (local) => {
      const r = await local.deps.runner.run(fireDetectionsDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/FIRMS_MAP_KEY/);
      expect(local.deps.store.meta(FIRE_DETECTIONS)?.recordCount).toBe(138);
    });
  });
});
