import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpsInterferenceDataset } from '../../../../src/services/intelligence/gps/datasets/gps-interference.js';
import { classifyRegion, GPS_REGIONS } from '../../../../src/services/intelligence/gps/rules.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { sampleAsFetched, startUpstream } from '../../../support/upstream.js';

const PATH = '/api/intelligence/v1/list-gps-interference';
let app: TestApp;

interface Hex {
  h3: string;
  lat: number;
  lon: number;
  level: string;
  npAvg: number;
  sampleCount: number;
  aircraftCount: number;
}
interface Stats {
  totalHexes: number;
  highCount: number;
  mediumCount: number;
}

/** The sample day read naively, as the oracle: every row with its aircraft counts. */
const SAMPLE_ROWS = (await sampleAsFetched(gpsInterferenceDataset.sources.daily))
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .map(([h3, good, bad]) => ({ h3, total: Number(good) + Number(bad), bad: Number(bad) }));
const pct = (r: { total: number; bad: number }) => (100 * r.bad) / r.total;
const rated = SAMPLE_ROWS.filter((r) => r.total >= 3);

beforeAll(async () => {
  app = await startTestApp({ samples: [gpsInterferenceDataset] });
});
afterAll(() => app.close());

describe('GET list-gps-interference', () => {
  it('answers the empty request with the latest day’s interfered cells, worst first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
    const hexes = res.body.hexes as Hex[];
    const high = rated.filter((r) => pct(r) > 10);
    const medium = rated.filter((r) => pct(r) >= 2 && pct(r) <= 10);
    expect(res.body.stats).toEqual({
      totalHexes: SAMPLE_ROWS.length,
      highCount: high.length,
      mediumCount: medium.length,
    });
    expect(hexes).toHaveLength(high.length + medium.length);
    expect(high.length).toBeGreaterThan(50);
    expect(res.body).toMatchObject({ source: 'gpsjam.org 2026-11-19', fetchedAt: SAMPLE_NOW });
    const firstMedium = hexes.findIndex((h) => h.level === 'INTERFERENCE_LEVEL_MEDIUM');
    expect(hexes.slice(0, firstMedium).every((h) => h.level === 'INTERFERENCE_LEVEL_HIGH')).toBe(true);
    expect(hexes.slice(firstMedium).every((h) => h.level === 'INTERFERENCE_LEVEL_MEDIUM')).toBe(true);
    for (const h of hexes) {
      expect(latLngToCell(h.lat, h.lon, 4)).toBe(h.h3);
      expect(h.npAvg).toBe(h.level === 'INTERFERENCE_LEVEL_HIGH' ? 0.3 : 0.8);
      expect(h.aircraftCount).toBe(SAMPLE_ROWS.find((r) => r.h3 === h.h3)!.total);
    }
    // Rows with fewer than 3 aircraft are never rated, however many of them were bad.
    const thin = SAMPLE_ROWS.filter((r) => r.total < 3 && r.bad > 0).map((r) => r.h3);
    expect(thin.length).toBeGreaterThan(0);
    expect(hexes.some((h) => thin.includes(h.h3))).toBe(false);
  });

  it('covers the known hotspots: Baltic, eastern Mediterranean, Black Sea, Middle East', async () => {
    const hexes = (await app.get(PATH)).body.hexes as Hex[];
    const near = (lat: number, lon: number) => hexes.find((h) => h.h3 === latLngToCell(lat, lon, 4));
    expect(near(54.9, 20.0)?.level).toBe('INTERFERENCE_LEVEL_HIGH'); // Kaliningrad
    expect(near(33.7, 35.6)?.level).toBe('INTERFERENCE_LEVEL_HIGH'); // Lebanon
    expect(near(44.8, 33.8)?.level).toBe('INTERFERENCE_LEVEL_HIGH'); // Crimea
    expect(near(26.6, 53.3)?.level).toBe('INTERFERENCE_LEVEL_HIGH'); // Persian Gulf
    expect(near(48.86, 2.35)).toBeUndefined(); // Paris: quiet
  });

  it('keeps one region, trimmed and case-insensitive, and recounts the stats over it', async () => {
    const all = (await app.get(PATH)).body.hexes as Hex[];
    for (const region of ['levant', 'northern-europe', 'ukraine-russia', 'iran-iraq']) {
      const res = await app.get(`${PATH}?region=%20${region.toUpperCase()}%20`);
      expect(res.status).toBe(200);
      const hexes = res.body.hexes as Hex[];
      expect(hexes).toEqual(all.filter((h) => classifyRegion(h.lat, h.lon) === region));
      expect(hexes.length).toBeGreaterThan(5);
      const stats = res.body.stats as Stats;
      expect(stats.highCount).toBe(hexes.filter((h) => h.level === 'INTERFERENCE_LEVEL_HIGH').length);
      expect(stats.mediumCount).toBe(hexes.length - stats.highCount);
      expect(stats.totalHexes).toBeGreaterThanOrEqual(hexes.length);
    }
  });

  it('counts every cell of the region in totalHexes, and the regions add up to the day', async () => {
    let total = 0;
    for (const region of GPS_REGIONS)
      total += ((await app.get(`${PATH}?region=${region}`)).body.stats as Stats).totalHexes;
    expect(total).toBe(SAMPLE_ROWS.length);
  });

  it('answers a region without interference with no cells, still cacheable', async () => {
    const res = await app.get(`${PATH}?region=north-america`);
    expect(res.body).toMatchObject({
      hexes: [],
      stats: { highCount: 0, mediumCount: 0 },
      source: 'gpsjam.org 2026-11-19',
    });
    expect(res.body.stats.totalHexes).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it.each([['region=atlantis'], ['region=levant&region=other'], [`region=${'x'.repeat(80)}`]])(
    'rejects %s',
    async (q) => {
      expectViolation(await app.get(`${PATH}?${q}`), 'region', { only: true });
    },
  );

  it('names the valid labels when refusing one', async () => {
    const res = await app.get(`${PATH}?region=baltic`);
    expect(res.body.violations[0].description).toMatch(/northern-europe/);
  });

  it('answers empty, uncached, before any day is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        hexes: [],
        stats: { totalHexes: 0, highCount: 0, mediumCount: 0 },
        source: '',
        fetchedAt: 0,
      });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});

describe('gpsjam live ingestion', () => {
  it('reads the manifest’s last day and keeps the last good day when a file is broken', async () => {
    const upstream = await startUpstream();
    const cyprus = latLngToCell(35.0, 33.3, 4);
    const quiet = latLngToCell(48.86, 2.35, 4);
    let day = `hex,count_good_aircraft,count_bad_aircraft\n${cyprus},60,40\n${quiet},900,1\nnot-a-cell,3,3\n`;
    try {
      upstream.play((_req, res, url) => {
        res.setHeader('content-type', 'text/csv');
        if (url.pathname === '/data/manifest.csv')
          return void res.end('date,suspect,num_bad_aircraft_hexes\n2026-11-20,false,3000\n2026-11-21,false,3100\n');
        if (url.pathname === '/data/2026-11-21-h3_4.csv') return void res.end(day);
        res.writeHead(404).end();
      });
      await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } }, async (live) => {
        expect(await live.deps.runner.run(gpsInterferenceDataset, { origin: { kind: 'live' } })).toMatchObject({
          ok: true,
        });
        expect(upstream.seen.map((s) => s.path)).toContain('/data/2026-11-21-h3_4.csv');
        const res = await live.get(PATH);
        expect(res.body).toMatchObject({
          source: 'gpsjam.org 2026-11-21',
          stats: { totalHexes: 2, highCount: 1, mediumCount: 0 },
        });
        expect((res.body.hexes as Hex[]).map((h) => h.h3)).toEqual([cyprus]);

        day = 'cell,good,bad\nx,1,1\n';
        expect(await live.deps.runner.run(gpsInterferenceDataset, { origin: { kind: 'live' } })).toMatchObject({
          ok: false,
        });
        expect((await live.get(PATH)).body.source).toBe('gpsjam.org 2026-11-21');
      });
    } finally {
      await upstream.close();
    }
  });
});
