import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { parseSatellites, satellitesDataset } from '../../../../src/services/intelligence/orbit/datasets/satellites.js';
import { readGpElementSets } from '../../../../src/sources/celestrak/gp.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/intelligence/v1/list-satellites';
const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [satellitesDataset] });
});
afterAll(() => app.close());

interface Sat {
  id: string;
  name: string;
  country: string;
  type: string;
  alt: number;
  velocity: number;
  inclination: number;
  line1: string;
  line2: string;
}

describe('CelesTrak TLE reading', () => {
  it('pairs each element set with its raw lines', () => {
    const sets = readGpElementSets(read(satellitesDataset.sources.military.sample));
    expect(sets).toHaveLength(7);
    for (const s of sets) {
      expect(s.line1).toHaveLength(69);
      expect(s.line2.startsWith(`2 ${String(s.tle.noradId).padStart(5, '0')}`)).toBe(true);
    }
  });

  it('rejects a corrupted line with a FormatError naming TLE', () => {
    const text = read(satellitesDataset.sources.military.sample).toString('utf8').replace('35.0041', '35.0042');
    expect(() => readGpElementSets(text)).toThrow(FormatError);
    expect(() => readGpElementSets(text)).toThrow(/TLE/);
  });

  it('keeps tracked constellations only, once per NORAD id across groups', () => {
    const sats = parseSatellites([
      read(satellitesDataset.sources.military.sample),
      read(satellitesDataset.sources.resource.sample),
    ]);
    // 7 military + 15 resource, minus NOAA 20 (not tracked) and Yaogan-30 A (in both groups).
    expect(sats).toHaveLength(20);
    expect(sats.some((s) => s.name.startsWith('NOAA'))).toBe(false);
    expect(sats.filter((s) => s.id === '43028')).toHaveLength(1);
  });
});

describe('GET list-satellites', () => {
  it('answers every tracked satellite with orbit figures computed from the elements', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const sats = res.body.satellites as Sat[];
    expect(sats).toHaveLength(20);
    expect(sats.map((s) => s.name)).toEqual([...sats.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
    for (const s of sats) {
      expect(s.alt).toBeGreaterThan(300);
      expect(s.alt).toBeLessThan(2000);
      expect(s.velocity).toBeGreaterThan(6.9);
      expect(s.velocity).toBeLessThan(7.8);
      expect(s.inclination).toBeGreaterThan(0);
      expect(s.line2.slice(8, 16).trim()).toBe(s.inclination.toFixed(4));
    }
    // Sentinel-1A: 14.59 revolutions a day is a ~700 km orbit at ~7.5 km/s.
    const s1a = sats.find((s) => s.name === 'SENTINEL-1A')!;
    expect(s1a).toMatchObject({ id: '39634', country: 'EU', type: 'sar', inclination: 98.182 });
    expect(s1a.alt).toBeCloseTo(700, -1);
    expect(s1a.velocity).toBeCloseTo(7.5, 1);
  });

  it('filters by operator country, trimmed and case-insensitive', async () => {
    const res = await app.get(`${PATH}?country=%20cn%20`);
    expect(res.status).toBe(200);
    const names = (res.body.satellites as Sat[]).map((s) => s.name);
    expect(names).toEqual(['GAOFEN-3', 'JILIN-1 GAOFEN 03D01', 'YAOGAN-30 A', 'YAOGAN-34']);
    expect((await app.get(`${PATH}?country=ZZ`)).body.satellites).toEqual([]);
  });

  it('rejects an over-long or repeated country', async () => {
    expectViolation(await app.get(`${PATH}?country=${'X'.repeat(20)}`), 'country');
    expectViolation(await app.get(`${PATH}?country=US&country=CN`), 'country');
  });

  it('answers an empty, uncached list before any element sets are loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ satellites: [] });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
