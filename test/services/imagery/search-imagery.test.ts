import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseStacItems, publicHref } from '../../../src/sources/stac/stac.js';
import { imageryScenesDataset, scenesFromStac } from '../../../src/services/imagery/datasets/scenes.js';
import {
  boxesIntersect,
  collectionMatcher,
  parseBbox,
  parseDatetime,
  type Box,
} from '../../../src/services/imagery/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/imagery/v1/search-imagery';
// The sample is the six per-area searches the live fetch makes (earth-search-items.requests.json).
const AREAS = [1, 2, 3, 4, 5, 6].map((n) =>
  fs.readFileSync(path.join(SAMPLES_DIR, `imagery/earth-search-items/area-${n}.json`), 'utf8'),
);
/** The searches joined as the live fetch joins them: a JSON array of item collections. */
const SAMPLE = `[${AREAS.join(',')}]`;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [imageryScenesDataset] });
});
afterAll(() => app.close());

describe('imagery rules', () => {
  it('reads a bbox and refuses malformed ones', () => {
    expect(parseBbox('30, 44, 35.5, 47')).toEqual([30, 44, 35.5, 47]);
    for (const bad of ['1,2,3', 'a,b,c,d', '10,0,5,5', '0,10,5,5', '-181,0,0,1', '1e1,0,20,5'])
      expect(() => parseBbox(bad)).toThrow();
  });

  it('intersects boxes symmetrically', () => {
    const box = fc
      .tuple(
        fc.double({ min: -180, max: 179, noNaN: true }),
        fc.double({ min: -90, max: 89, noNaN: true }),
        fc.double({ min: 0.1, max: 50, noNaN: true }),
        fc.double({ min: 0.1, max: 50, noNaN: true }),
      )
      .map(([w, s, dw, dh]): Box => [w, s, Math.min(180, w + dw), Math.min(90, s + dh)]);
    fc.assert(fc.property(box, box, (a, b) => boxesIntersect(a, b) === boxesIntersect(b, a) && boxesIntersect(a, a)));
  });

  it.each([
    ['2026-11-18T00:00:00Z', Date.parse('2026-11-18T00:00:00Z'), Date.parse('2026-11-18T00:00:00Z')],
    ['2026-11-18', Date.parse('2026-11-18T00:00:00Z'), Date.parse('2026-11-19T00:00:00Z') - 1],
    ['2026-11-18/..', Date.parse('2026-11-18T00:00:00Z'), Infinity],
    ['../2026-11-18', -Infinity, Date.parse('2026-11-19T00:00:00Z') - 1],
    [
      '2026-11-16T00:00:00Z/2026-11-18T12:00:00+02:00',
      Date.parse('2026-11-16T00:00:00Z'),
      Date.parse('2026-11-18T10:00:00Z'),
    ],
  ])('datetime %s', (text, from, to) => expect(parseDatetime(text)).toEqual({ from, to }));

  it.each(['yesterday', '2026-11-18/2026-11-10', 'a/b/c', '2026-13-01'])('refuses datetime %s', (t) =>
    expect(() => parseDatetime(t)).toThrow(),
  );

  it('matches sources by alias and substring', () => {
    expect(collectionMatcher('sentinel-1')('sentinel-1-grd')).toBe(true);
    expect(collectionMatcher('sentinel-1')('sentinel-2-l2a')).toBe(false);
    expect(collectionMatcher('capella')('sentinel-2-l2a')).toBe(true);
    expect(collectionMatcher('L2A')('sentinel-2-l2a')).toBe(true);
    expect(collectionMatcher(undefined)('anything')).toBe(true);
  });
});

describe('STAC parser', () => {
  it('reads the item collection and single or concatenated pages', () => {
    // Area 1 (eastern Ukraine) holds two items; the six areas eight between them, none in two areas.
    expect(parseStacItems(AREAS[0]!)).toHaveLength(2);
    expect(parseStacItems(SAMPLE)).toHaveLength(8);
    const twice = `[${[...AREAS, ...AREAS].join(',')}]`;
    expect(parseStacItems(twice)).toHaveLength(16);
    expect(scenesFromStac(twice)).toHaveLength(8);
  });

  it('maps optical and radar items to scenes', () => {
    const scenes = scenesFromStac(SAMPLE);
    expect(scenes[0]).toMatchObject({
      id: 'S2B_37UCQ_20261120_0_L2A',
      satellite: 'sentinel-2b',
      mode: 'MSI',
      resolutionM: 10,
    });
    expect(scenes[0].previewUrl).toMatch(/^https:\/\/sentinel-cogs.*thumbnail\.jpg$/);
    expect(scenes[0].assetUrl).toMatch(/TCI\.tif$/);
    expect(JSON.parse(scenes[0].geometryGeojson).type).toBe('Polygon');
    const radar = scenes.find((s) => s.id.startsWith('S1A_IW'))!;
    expect(radar).toMatchObject({ satellite: 'sentinel-1a', mode: 'IW', resolutionM: 20 });
    expect(radar.assetUrl).toMatch(/^https:\/\/sentinel-s1-l1c\.s3\.amazonaws\.com\/GRD\/.*iw-vv\.tiff$/);
    expect(publicHref('https://x/y')).toBe('https://x/y');
  });

  it.each([
    ['nope', /not JSON/],
    ['{"type":"Feature"}', /not a FeatureCollection/],
    ['{"code":"ServerError","description":"boom"}', /not a FeatureCollection/],
  ])('refuses %s', (text, message) => expect(() => parseStacItems(text)).toThrow(message));
});

describe('GET search-imagery', () => {
  it('answers the empty request with the newest ten scenes of the snapshot', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.totalResults).toBe(8);
    expect(res.body.scenes).toHaveLength(8);
    expect(res.body.cacheHit).toBe(true);
    expect(res.body.scenes[0].id).toBe('S2B_37UCQ_20261120_0_L2A');
    expect(Object.keys(res.body.scenes[0]).sort()).toEqual([
      'assetUrl',
      'datetime',
      'geometryGeojson',
      'id',
      'mode',
      'previewUrl',
      'resolutionM',
      'satellite',
    ]);
  });

  it.each([
    ['bbox=30,44,35,47', ['S1A_IW_GRDH_1SDV_20261119T152233_20261119T152258_067318_07A3B1_5C2E']],
    ['source=sentinel-1&bbox=118,21,123,26', ['S1A_EW_GRDM_1SDH_20261114T095711_20261114T095811_067248_07A0C2_AB12']],
    ['source=sentinel-2&bbox=118,21,123,26', ['S2A_51QTF_20261117_0_L2A']],
    [
      'datetime=2026-11-19',
      ['S1A_IW_GRDH_1SDV_20261119T152233_20261119T152258_067318_07A3B1_5C2E', 'S2C_36RXV_20261119_0_L2A'],
    ],
    ['bbox=0,0,1,1', []],
  ])('%s', async (query, ids) => {
    const res = await app.get(`${PATH}?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.scenes.map((s: { id: string }) => s.id)).toEqual(ids);
    expect(res.body.totalResults).toBe(ids.length);
  });

  it('caps the list at limit and reports the full match count', async () => {
    const res = await app.get(`${PATH}?limit=3`);
    expect(res.body.scenes).toHaveLength(3);
    expect(res.body.totalResults).toBe(8);
    expect((await app.get(`${PATH}?limit=500`)).body.scenes).toHaveLength(8);
  });

  it.each([
    ['bbox=1,2,3', 'bbox'],
    ['bbox=10,0,5,5', 'bbox'],
    ['datetime=last-week', 'datetime'],
    ['limit=ten', 'limit'],
  ])('refuses %s', async (query, field) => expectViolation(await app.get(`${PATH}?${query}`), field));

  it('answers cacheHit false and no-store without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ scenes: [], totalResults: 0, cacheHit: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
