import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseWebcamDetail, parseWebcamPages } from '../../../src/sources/windy/webcams.js';
import { WEBCAMS, webcamsDataset } from '../../../src/services/webcam/datasets/webcams.js';
import { circularMeanLon, clusterCellDeg, inView, quantiseView } from '../../../src/services/webcam/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const LIST = '/api/webcam/v1/list-webcams';
const IMAGE = '/api/webcam/v1/get-webcam-image';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'webcam/windy-webcams.json'));
const KYIV = '1179853521';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [webcamsDataset] });
});
afterAll(() => app.close());

describe('webcam rules', () => {
  it.each([
    [0, 8],
    [2, 8],
    [3, 5],
    [4, 5],
    [6, 2],
    [8, 0.5],
    [9, 0],
  ])('zoom %d groups in %d° cells', (zoom, cell) => expect(clusterCellDeg(zoom)).toBe(cell));

  it('widens views to whole degrees and wraps the antimeridian', () => {
    expect(quantiseView({ w: 10.5, s: -3.2, e: 20.1, n: 4.9 })).toEqual({ w: 10, s: -4, e: 21, n: 5 });
    expect(inView(0, 179, { w: 170, s: -10, e: -170, n: 10 })).toBe(true);
    expect(inView(0, -175, { w: 170, s: -10, e: -170, n: 10 })).toBe(true);
    expect(inView(0, 0, { w: 170, s: -10, e: -170, n: 10 })).toBe(false);
  });

  it('averages longitudes on the circle', () => {
    expect(Math.abs(circularMeanLon([179, -179]))).toBeCloseTo(180, 6);
    expect(circularMeanLon([10, 20])).toBeCloseTo(15, 6);
    fc.assert(
      fc.property(fc.array(fc.double({ min: -30, max: 30, noNaN: true }), { minLength: 1, maxLength: 20 }), (lons) => {
        const m = circularMeanLon(lons);
        return m >= Math.min(...lons) - 1e-3 && m <= Math.max(...lons) + 1e-3;
      }),
    );
  });
});

describe('Windy parsers', () => {
  it('reads a page or an array of pages', () => {
    const cams = parseWebcamPages(SAMPLE);
    expect(cams).toHaveLength(45);
    expect(cams[0]).toMatchObject({
      webcamId: KYIV,
      title: 'Kyiv: Independence Square',
      countryCode: 'UA',
      categories: ['city', 'square'],
    });
    expect(parseWebcamPages(`[${SAMPLE.toString()},${SAMPLE.toString()}]`)).toHaveLength(90);
  });

  it('reads a webcam detail with its current image', () => {
    const d = parseWebcamDetail(
      JSON.stringify({
        webcamId: 1,
        title: 'X',
        lastUpdatedOn: '2026-11-20T11:58:00.000Z',
        images: { current: { preview: 'https://images-webcams.windy.com/p.jpg' } },
        urls: { detail: 'https://www.windy.com/webcams/1' },
        player: { day: 'https://webcams.windy.com/webcams/public/embed/player/1/day' },
      }),
    );
    expect(d).toEqual({
      title: 'X',
      thumbnailUrl: 'https://images-webcams.windy.com/p.jpg',
      playerUrl: 'https://webcams.windy.com/webcams/public/embed/player/1/day',
      detailUrl: 'https://www.windy.com/webcams/1',
      lastUpdatedOn: '2026-11-20T11:58:00.000Z',
    });
  });

  it.each([
    [() => parseWebcamPages('nope'), /not JSON/],
    [() => parseWebcamPages('{"message":"Unauthorized"}'), /no webcams list/],
    [() => parseWebcamDetail('[]'), /unexpected shape/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('GET list-webcams', () => {
  it('answers the empty request with the whole world at zoom 3', async () => {
    const res = await app.get(LIST);
    expect(res.status).toBe(200);
    expect(res.body.totalInView).toBe(45);
    const grouped = res.body.clusters.reduce((s: number, c: { count: number }) => s + c.count, 0);
    expect(grouped + res.body.webcams.length).toBe(45);
    expect(res.body.clusters.length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('lists every camera alone above zoom 8 and respects the view', async () => {
    const res = await app.get(`${LIST}?zoom=10&bound_w=22&bound_s=44&bound_e=41&bound_n=53`);
    expect(res.body.clusters).toEqual([]);
    expect(res.body.webcams.map((w: { webcamId: string }) => w.webcamId).sort()).toEqual([
      '1179853521',
      '1179853588',
      '1267712301',
      '1432210077',
      '1432210115',
    ]);
    expect(res.body.totalInView).toBe(5);
  });

  it('groups Kyiv cameras at zoom 5 and crosses the antimeridian', async () => {
    const kyiv = await app.get(`${LIST}?zoom=5&bound_w=30&bound_s=50&bound_e=31&bound_n=51`);
    expect(kyiv.body.clusters).toEqual([
      {
        lat: expect.closeTo(50.4468, 3),
        lng: expect.closeTo(30.5442, 3),
        count: 2,
        categories: ['city', 'square', 'water'],
      },
    ]);
    const pacific = await app.get(`${LIST}?zoom=12&bound_w=170&bound_s=-40&bound_e=-170&bound_n=0`);
    expect(pacific.body.webcams.map((w: { title: string }) => w.title).sort()).toEqual([
      'Apia: waterfront',
      'Auckland: Sky Tower',
      'Suva: harbour',
    ]);
  });

  it.each([
    ['zoom=-1', 'zoom'],
    ['zoom=23', 'zoom'],
    ['bound_w=200', 'bound_w'],
    ['bound_s=10&bound_n=0', 'bound_s'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${LIST}?${q}`), field));
});

describe('GET get-webcam-image', () => {
  it('answers unavailable with the catalogue metadata when no provider is configured', async () => {
    const res = await app.get(`${IMAGE}?webcam_id=${KYIV}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      thumbnailUrl: '',
      playerUrl: '',
      title: 'Kyiv: Independence Square',
      windyUrl: `https://www.windy.com/webcams/${KYIV}`,
      lastUpdated: '',
      error: 'unavailable',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a missing or malformed id; an unknown one is unavailable with no title', async () => {
    expectViolation(await app.get(IMAGE), 'webcam_id');
    expectViolation(await app.get(`${IMAGE}?webcam_id=a/b`), 'webcam_id');
    const unknown = await app.get(`${IMAGE}?webcam_id=999`);
    expect(unknown.body).toMatchObject({
      title: '',
      error: 'unavailable',
      windyUrl: 'https://www.windy.com/webcams/999',
    });
  });

  it('fetches the current image live with a key, once per five minutes', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.headers['x-windy-api-key'] !== 'test-windy') {
        res.writeHead(401).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          webcamId: Number(KYIV),
          title: 'Kyiv',
          lastUpdatedOn: '2026-11-20T11:58:00.000Z',
          images: {
            current: { preview: 'https://images-webcams.windy.com/21/1179853521/current/preview/1179853521.jpg' },
          },
          urls: { detail: `https://www.windy.com/webcams/${KYIV}` },
          player: { live: '', day: 'https://webcams.windy.com/webcams/public/embed/player/1179853521/day' },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await withTestApp(
        { samples: [webcamsDataset], config: { WINDY_API_KEY: 'test-windy', UPSTREAM_BASE_OVERRIDE: base } },
        async (live) => {
          const res = await live.get(`${IMAGE}?webcam_id=${KYIV}`);
          expect(res.body).toMatchObject({
            error: '',
            title: 'Kyiv: Independence Square',
            lastUpdated: '2026-11-20T11:58:00.000Z',
          });
          expect(res.body.thumbnailUrl).toMatch(/preview\/1179853521\.jpg$/);
          expect(res.body.playerUrl).toMatch(/day$/);
          await live.get(`${IMAGE}?webcam_id=${KYIV}`);
          expect(hits).toEqual([`/webcams/api/v3/webcams/${KYIV}?include=images,urls,player`]);
        },
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('still answers unavailable without a webcam snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${IMAGE}?webcam_id=${KYIV}`);
      expect(res.body.error).toBe('unavailable');
      const list = await empty.get(LIST);
      expect(list.body).toEqual({ webcams: [], clusters: [], totalInView: 0 });
    });
  });

  it('refuses live webcam ingestion without a key', async () => {
    await withTestApp({ samples: [webcamsDataset] }, async (local) => {
      const r = await local.deps.runner.run(webcamsDataset, { origin: { kind: 'live' } });
      expect(r.error).toMatch(/WINDY_API_KEY/);
      expect(local.deps.store.meta(WEBCAMS)?.recordCount).toBe(45);
    });
  });
});
