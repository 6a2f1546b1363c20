import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  EXPOSURE_COUNTRIES,
  populationReferenceDataset,
  populationTable,
} from '../../../src/services/displacement/datasets/population-reference.js';
import { densityPerKm2, exposedPopulation, nearestCountry } from '../../../src/services/displacement/rules.js';
import { parseWorldBankIndicator } from '../../../src/sources/worldbank/indicators.js';

const PATH = '/api/displacement/v1/get-population-exposure';
const pop = fs.readFileSync(path.join(SAMPLES_DIR, 'displacement/worldbank-sp.pop.totl.json'));
const area = fs.readFileSync(path.join(SAMPLES_DIR, 'displacement/worldbank-ag.lnd.totl.k2.json'));

describe('World Bank indicator parser', () => {
  it('reads the bundled population and area', () => {
    const table = populationTable(pop, area);
    expect(table.map((c) => c.code)).toEqual([...EXPOSURE_COUNTRIES]);
    expect(table.find((c) => c.code === 'UKR')).toMatchObject({ population: 37860221, areaKm2: 579400 });
  });
  it('refuses the API error form and skips null values', () => {
    expect(() =>
      parseWorldBankIndicator(
        '[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]',
      ),
    ).toThrow(/World Bank: upstream error: The provided parameter/);
    expect(
      parseWorldBankIndicator(
        '[{"page":1},[{"indicator":{"id":"X"},"country":{"id":"UA"},"date":"2024","value":null}]]',
      ),
    ).toMatchObject([{ indicator: 'X', countryIso2: 'UA', year: 2024, value: null }]);
    expect(parseWorldBankIndicator('[{"page":0,"total":0},null]')).toEqual([]);
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
    expect(res.body.countries).toHaveLength(19);
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
