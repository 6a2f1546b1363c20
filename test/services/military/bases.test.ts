import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFile } from '../../../src/platform/snapshots/samples.js';
import {
  militaryBasesDataset,
  parseMilitaryBases,
} from '../../../src/services/military/bases/datasets/military-bases.js';
import {
  clusterBases,
  clusterCellDegrees,
  hitCap,
  tierVisible,
  type BaseRecord,
} from '../../../src/services/military/bases/rules.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/military/v1/list-military-bases';
type Base = { id: string; tier: number; countryIso2: string; type: string; kind: string; name: string };

describe('military bases file', () => {
  it('reads the bundled set', () => {
    const { records, info } = parseMilitaryBases(fs.readFileSync(bundledFile(militaryBasesDataset.sources.bases!)));
    expect(info.version).toBe('2026-10-28');
    expect(records).toHaveLength(57);
    expect(records[0]).toEqual({
      id: 'mirta-0001',
      name: 'Ramstein Air Base',
      latitude: 49.4369,
      longitude: 7.6003,
      kind: 'airfield',
      countryIso2: 'DE',
      type: 'us-nato',
      tier: 1,
      catAirforce: true,
      catNaval: false,
      catNuclear: false,
      catSpace: false,
      catTraining: false,
      branch: 'US Air Force',
      status: 'active',
    });
  });

  it('skips unreadable entries and refuses a file without a base list', () => {
    const doc = {
      version: 'v',
      bases: [
        { id: 'a', name: 'A', lat: 1, lon: 2, kind: 'base', country_iso2: 'FR' },
        { id: 'b', name: 'B', lat: 95, lon: 0, kind: 'base', country_iso2: 'FR' },
        { id: 'c' },
      ],
    };
    const { records } = parseMilitaryBases(Buffer.from(JSON.stringify(doc)));
    expect(records.map((r) => [r.id, r.type, r.tier])).toEqual([['a', 'other', 2]]);
    expect(() => parseMilitaryBases(Buffer.from('[]'))).toThrow(/no `version`/);
  });
});

const base = (i: number, lat: number, lon: number, type = 'other'): BaseRecord => ({
  id: `b${i}`,
  name: `B${i}`,
  latitude: lat,
  longitude: lon,
  kind: 'base',
  countryIso2: 'XX',
  type,
  tier: 1,
  catAirforce: false,
  catNaval: false,
  catNuclear: false,
  catSpace: false,
  catTraining: false,
  branch: '',
  status: 'active',
});

describe('zoom rules', () => {
  it.each([
    [0, 1, true],
    [4, 2, false],
    [5, 2, true],
    [7, 3, false],
    [8, 3, true],
  ] as const)('zoom %i shows tier %i: %s', (zoom, tier, shown) => expect(tierVisible(zoom, tier)).toBe(shown));

  it.each([
    [3, 5, 2000],
    [5, 2, 5000],
    [7, 0.5, 5000],
    [8, 0, 10000],
  ] as const)('zoom %i: cell %f°, cap %i', (zoom, cell, cap) => {
    expect(clusterCellDegrees(zoom)).toBe(cell);
    expect(hitCap(zoom)).toBe(cap);
  });

  it('clusters only above 200 bases, keeping singleton cells as bases', () => {
    const few = Array.from({ length: 200 }, (_, i) => base(i, 10, 10));
    expect(clusterBases(few, 3).clusters).toEqual([]);
    const many = [
      ...Array.from({ length: 200 }, (_, i) => base(i, 11, 11, i < 120 ? 'china' : 'russia')),
      base(999, -40, -40),
    ];
    const out = clusterBases(many, 3);
    expect(out.bases.map((b) => b.id)).toEqual(['b999']);
    expect(out.clusters).toEqual([
      { latitude: 11, longitude: 11, count: 200, dominantType: 'china', expansionZoom: 6 },
    ]);
    expect(clusterBases(many, 8).clusters).toEqual([]);
  });

  it('loses no base when clustering (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true })),
          { minLength: 195, maxLength: 260 },
        ),
        fc.integer({ min: 0, max: 9 }),
        (pts, zoom) => {
          const out = clusterBases(
            pts.map(([la, lo], i) => base(i, la, lo)),
            zoom,
          );
          expect(out.bases.length + out.clusters.reduce((s, c) => s + c.count, 0)).toBe(pts.length);
        },
      ),
      { numRuns: 30 },
    );
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [militaryBasesDataset] });
});
afterAll(() => app.close());

const basesOf = async (q = '') => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { bases: Base[]; clusters: unknown[]; totalInView: number; truncated: boolean };
};

describe('GET list-military-bases', () => {
  it('answers the empty request with the tier-1 installations of the world', async () => {
    const body = await basesOf();
    expect(body.totalInView).toBe(38);
    expect(body.bases).toHaveLength(38);
    expect(body.bases.every((b) => b.tier === 1)).toBe(true);
    expect(body).toMatchObject({ clusters: [], truncated: false });
  });

  it('shows more tiers as the zoom grows', async () => {
    expect((await basesOf('?zoom=6')).totalInView).toBe(52);
    expect((await basesOf('?zoom=10')).totalInView).toBe(57);
  });

  it('filters by box, nearest the centre first', async () => {
    const body = await basesOf('?sw_lat=49&sw_lon=-6&ne_lat=60&ne_lon=2&zoom=8');
    expect(body.bases.map((b) => b.countryIso2)).toEqual(['GB', 'GB', 'GB', 'GB', 'GB', 'GB']);
    expect(body.bases[0]!.name).toBe('HMNB Clyde'); // about 240 km from the centre (54.5N 2W)
  });

  it('crosses the antimeridian', async () => {
    const body = await basesOf('?sw_lat=0&sw_lon=140&ne_lat=30&ne_lon=-150&zoom=8');
    expect(body.bases.map((b) => b.name).sort()).toEqual(['Andersen Air Force Base', 'Joint Base Pearl Harbor-Hickam']);
  });

  it('filters by type, kind and country', async () => {
    expect((await basesOf('?type=russia&zoom=8')).bases.map((b) => b.id).sort()).toEqual([
      'curated-0032',
      'curated-0033',
      'curated-0034',
      'curated-0035',
      'curated-0036',
      'curated-0037',
      'curated-0038',
      'osm-0055',
    ]);
    expect((await basesOf('?kind=naval_base&country=gb')).bases.map((b) => b.name).sort()).toEqual([
      'HMNB Clyde',
      'HMNB Portsmouth',
    ]);
  });

  it('rejects bad input', async () => {
    expectViolation(await app.get(`${PATH}?zoom=23`), 'zoom');
    expectViolation(await app.get(`${PATH}?type=martian`), 'type');
    expectViolation(await app.get(`${PATH}?kind=castle`), 'kind');
    expectViolation(await app.get(`${PATH}?country=GBR`), 'country');
    expectViolation(await app.get(`${PATH}?sw_lat=-91`), 'sw_lat');
  });

  it('answers empty and uncached without a snapshot', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(PATH);
      expect(res.body).toEqual({ bases: [], clusters: [], totalInView: 0, truncated: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
