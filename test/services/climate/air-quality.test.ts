import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseOpenAqLatest, parseOpenAqLocations } from '../../../src/sources/openaq/openaq.js';
import { airQualityDataset, stationsFromOpenAq } from '../../../src/services/climate/datasets/air-quality.js';
import { pm25ToAqi, riskLevel } from '../../../src/services/climate/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';

const DATA = '/api/climate/v1/list-air-quality-data';
const ALERTS = '/api/health/v1/list-air-quality-alerts';
const LOCATIONS = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/openaq-locations-pm25.json'));
const LATEST = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/openaq-latest-pm25.json'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [airQualityDataset] });
});
afterAll(() => app.close());

describe('AQI rules', () => {
  it.each([
    [0, 0],
    [9.0, 50],
    [9.09, 50],
    [9.1, 51],
    [35.4, 100],
    [35.5, 101],
    [55.5, 151],
    [125.5, 201],
    [225.5, 301],
    [325.4, 500],
    [900, 500],
  ])('PM2.5 %d µg/m³ is AQI %d', (c, aqi) => expect(pm25ToAqi(c)).toBe(aqi));

  it('never falls as the concentration rises and stays within 0-500', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 600, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (c, d) => {
        const a = pm25ToAqi(c);
        return a >= 0 && a <= 500 && pm25ToAqi(c + d) >= a;
      }),
    );
  });

  it.each([
    [50, 'good'],
    [51, 'moderate'],
    [100, 'moderate'],
    [300, 'unhealthy'],
    [301, 'hazardous'],
  ])('AQI %d is %s', (aqi, risk) => expect(riskLevel(aqi)).toBe(risk));
});

describe('OpenAQ parsers', () => {
  it('reads locations and latest readings', () => {
    expect(parseOpenAqLocations(LOCATIONS)).toHaveLength(25);
    expect(parseOpenAqLatest(LATEST)).toHaveLength(50);
    expect(parseOpenAqLocations(`[${LOCATIONS.toString()},${LOCATIONS.toString()}]`)).toHaveLength(50);
  });

  it.each([
    [() => parseOpenAqLocations('nope'), /not JSON/],
    [() => parseOpenAqLatest('{"detail":"Unauthorized"}'), /no results list/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));

  it('keeps the newest reading per monitor and drops readings two hours older than the newest', () => {
    const stations = stationsFromOpenAq(LOCATIONS, LATEST);
    expect(stations).toHaveLength(24);
    expect(stations.map((s) => s.city)).not.toContain('Kathmandu');
    expect(stations[0]).toEqual({
      city: 'Ulaanbaatar',
      countryCode: 'MN',
      lat: 47.966,
      lng: 106.845,
      pm25: 312.6,
      aqi: 475,
      riskLevel: 'hazardous',
      pollutant: 'pm25',
      measuredAt: Date.parse('2026-11-20T11:00:00Z'),
      source: 'OpenAQ',
    });
    expect(stations.map((s) => s.aqi)).toEqual([...stations.map((s) => s.aqi)].sort((a, b) => b - a));
  });
});

describe('GET list-air-quality-data and list-air-quality-alerts', () => {
  it('serve the same stations under their own field names', async () => {
    const data = await app.get(DATA);
    const alerts = await app.get(ALERTS);
    expect(data.status).toBe(200);
    expect(alerts.status).toBe(200);
    expect(data.body.stations).toHaveLength(24);
    expect(alerts.body.alerts).toEqual(data.body.stations);
    expect(data.body.fetchedAt).toBe(alerts.body.fetchedAt);
    expect(data.body.fetchedAt).toBeGreaterThan(0);
    expect(data.headers.get('cache-control')).toMatch(/max-age=60/);
  });

  it('serve empty lists no-store without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const [p, key] of [
        [DATA, 'stations'],
        [ALERTS, 'alerts'],
      ] as const) {
        const res = await empty.get(p);
        expect(res.body).toEqual({ [key]: [], fetchedAt: 0 });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });
});
