import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { REFERENCE_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  EXPOSURE_COUNTRIES,
  populationReferenceDataset,
  populationTable,
} from '../../../src/services/displacement/datasets/population-reference.js';
import { densityPerKm2, exposedPopulation, nearestCountry } from '../../../src/services/displacement/rules.js';

const PATH = '/api/displacement/v1/get-population-exposure';
const file = path.join(REFERENCE_DIR, populationReferenceDataset.sources.table!.sample);
const table = fs.readFileSync(file);

describe('population reference table', () => {
  it('holds every country and territory of the published table, Taiwan included', () => {
    const rows = populationTable(table);
    expect(rows.map((c) => c.code)).toEqual([...EXPOSURE_COUNTRIES]);
    expect(rows).toHaveLength(20);
    // World Bank 2024 population and 2022 land area; Taiwan from its Ministry of the Interior (end 2024).
    expect(rows.find((c) => c.code === 'UKR')).toMatchObject({ population: 37860221, areaKm2: 579400 });
    expect(rows.find((c) => c.code === 'TWN')).toMatchObject({ name: 'Taiwan', population: 23400220, areaKm2: 36197 });
  });
  it('states who publishes its figures and when they were checked', () => {
    const doc = JSON.parse(table.toString('utf8')) as { provenance: { publishers: string[]; checkedAt: string } };
    expect(doc.provenance.publishers.join(' ')).toMatch(/World Bank.*Ministry of the Interior/s);
    expect(doc.provenance.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('refuses a table that lacks a covered country', () => {
    const doc = JSON.parse(table.toString('utf8')) as { countries: { code: string }[] };
    const short = { countries: doc.countries.filter((c) => c.code !== 'TWN') };
    expect(() => populationTable(Buffer.from(JSON.stringify(short)))).toThrow(/no row for TWN/);
  });
});

describe('exposure rules', () => {
  it.each([
    [1000, 10, 100],
    [5, 0, 0],
    [1, 3, 0],
  ])('density of %i people on %i km² is %i', (p, a, d) => expect(densityPerKm2(p, a)).toBe(d));
  it('spreads density over the circle', () => {
    expect(exposedPopulation(100, 50)).toBe(785398);
    fc.assert(
      fc.property(
        fc.nat(20000),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (d, r1, r2) => {
          if (r1 <= r2) expect(exposedPopulation(d, r1)).toBeLessThanOrEqual(exposedPopulation(d, r2));
        },
      ),
    );
  });
  it('picks the nearest centroid in degrees', () => {
    const cs = [
      { id: 'a', lat: 0, lon: 0 },
      { id: 'b', lat: 10, lon: 10 },
    ];
    expect(nearestCountry(cs, 6, 6)!.id).toBe('b');
    expect(nearestCountry([], 1, 1)).toBeUndefined();
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [populationReferenceDataset] });
});
afterAll(() => app.close());

describe('GET get-population-exposure', () => {
  it('lists the covered countries by default', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.countries).toHaveLength(20);
    expect(res.body.countries.find((c: { code: string }) => c.code === 'PSE')).toEqual({
      code: 'PSE',
      name: expect.any(String),
      population: 5289152,
      densityPerKm2: 879,
    });
    expect(res.body).not.toHaveProperty('exposure');
  });
  it('estimates people around a point in exposure mode', async () => {
    const res = await app.get(`${PATH}?mode=exposure&lat=50.45&lon=30.52&radius=20`);
    expect(res.body).toEqual({
      success: true,
      countries: [],
      exposure: {
        nearestCountry: 'UKR',
        densityPerKm2: 65,
        exposureRadiusKm: 20,
        exposedPopulation: exposedPopulation(65, 20),
      },
    });
    const dflt = await app.get(`${PATH}?mode=exposure&lat=31.9&lon=35.2`);
    expect(dflt.body.exposure).toMatchObject({ exposureRadiusKm: 50, nearestCountry: 'PSE' });
  });
  it('counts a point in Taipei as Taiwan at its own density', async () => {
    // 23,400,220 people on 36,197 km² is 646 per km²; before Taiwan was in the table the point fell
    // to Myanmar (54.5 M on 652,670 km², 84 per km²), about an eighth of it.
    const res = await app.get(`${PATH}?mode=exposure&lat=25.033&lon=121.565&radius=10`);
    expect(res.body.exposure).toEqual({
      nearestCountry: 'TWN',
      densityPerKm2: 646,
      exposureRadiusKm: 10,
      exposedPopulation: exposedPopulation(646, 10),
    });
  });
  it.each([
    ['lat=91', 'lat'],
    ['lon=-181', 'lon'],
    ['radius=-1', 'radius'],
    ['radius=1001', 'radius'],
    ['radius=1e3', 'radius'],
  ])('refuses %s', async (q, f) => {
    expectViolation(await app.get(`${PATH}?mode=exposure&${q}`), f);
  });
  it('without a snapshot answers success false, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ success: false, countries: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
