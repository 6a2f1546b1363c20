import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { parseIpCountryCsv } from '../../../../src/sources/dbip/ip-to-country.js';
import { parseGeoNamesCities } from '../../../../src/sources/geonames/cities.js';
import { gazetteerDataset } from '../../../../src/services/infrastructure/geo/datasets/gazetteer.js';
import {
  ipCountryRangesDataset,
  validRanges,
} from '../../../../src/services/infrastructure/geo/datasets/ip-country-ranges.js';
import {
  buildGrid,
  buildRangeTable,
  ipToBigInt,
  lookupRange,
  nearestPlace,
  publicCountry,
} from '../../../../src/services/infrastructure/geo/rules.js';
import { haversineKm } from '../../../../src/platform/geo.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const IP = '/api/infrastructure/v1/get-ip-geo';
const GEO = '/api/infrastructure/v1/reverse-geocode';
const RANGES = fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/dbip-country-lite-sample.csv'));
const CITIES = fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/geonames-cities-sample.txt'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    samples: [ipCountryRangesDataset, gazetteerDataset],
    config: { CLIENT_IP_HEADER: 'x-forwarded-for' },
  });
});
afterAll(() => app.close());

describe('address rules', () => {
  it.each([
    ['0.0.0.0', 4, 0n],
    ['1.2.3.4', 4, 0x01020304n],
    ['255.255.255.255', 4, 0xffffffffn],
    ['::ffff:8.8.8.8', 4, 0x08080808n],
    ['::1', 6, 1n],
    ['2001:db8::1', 6, 0x20010db8000000000000000000000001n],
    ['2001:4860:4860::8888', 6, 0x20014860486000000000000000008888n],
  ])('%s is IPv%d %s', (ip, family, value) => expect(ipToBigInt(ip)).toEqual({ family, value }));

  it('refuses what is not an address', () => {
    for (const bad of ['', '1.2.3', '300.1.1.1', 'example.com', '1::2::3']) expect(ipToBigInt(bad)).toBeUndefined();
  });

  it('finds exactly the range holding an address', () => {
    const ranges = fc
      .uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 30 })
      .map((starts) =>
        starts
          .sort((a, b) => a - b)
          .map((s, i) => ({ start: BigInt(s * 10), end: BigInt(s * 10 + 5), country: `C${i}` })),
      );
    fc.assert(
      fc.property(ranges, fc.integer({ min: 0, max: 10_010 }), (rs, x) => {
        const expected = rs.find((r) => BigInt(x) >= r.start && BigInt(x) <= r.end)?.country;
        return lookupRange(buildRangeTable(rs), BigInt(x)) === expected;
      }),
    );
  });

  it('answers XX for reserved and unknown codes', () => {
    expect(publicCountry('ZZ')).toBe('XX');
    expect(publicCountry(undefined)).toBe('XX');
    expect(publicCountry('UA')).toBe('UA');
  });

  it('finds the nearest place within the radius, as a brute-force scan would', () => {
    const places = parseGeoNamesCities(CITIES).map((p) => ({
      name: p.name,
      lat: p.lat,
      lon: p.lon,
      countryCode: p.countryCode,
      population: p.population,
    }));
    const grid = buildGrid(places);
    fc.assert(
      fc.property(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const brute = places
            .map((p) => ({ p, km: haversineKm(lat, lon, p.lat, p.lon) }))
            .filter((x) => x.km <= 300)
            .sort((a, b) => a.km - b.km)[0];
          const got = nearestPlace(grid, lat, lon, 300);
          return brute ? got !== undefined && Math.abs(got.km - brute.km) < 1e-9 : got === undefined;
        },
      ),
      { numRuns: 300 },
    );
    expect(nearestPlace(grid, -13.9, 179.9, 300)).toBeUndefined();
    expect(nearestPlace(grid, -18.0, -179.9, 300)?.place.name).toBe('Suva');
  });
});

describe('table parsers', () => {
  it('reads the range CSV, plain or gzipped', () => {
    const rows = parseIpCountryCsv(RANGES);
    expect(rows).toHaveLength(61);
    expect(rows[1]).toEqual({ start: '1.0.0.0', end: '1.0.0.255', country: 'AU' });
    expect(parseIpCountryCsv(gzipSync(RANGES))).toEqual(rows);
    expect(validRanges(rows)).toHaveLength(61);
  });

  it('refuses malformed ranges', () => {
    expect(() => parseIpCountryCsv('1.0.0.0,1.0.0.255')).toThrow(/row 1/);
    expect(() => validRanges([{ start: '1.0.0.9', end: '1.0.0.1', country: 'AU' }])).toThrow(/not a valid range/);
    expect(() => validRanges([{ start: '1.0.0.0', end: '::1', country: 'AU' }])).toThrow(/not a valid range/);
  });

  it('reads the GeoNames dump, plain or zipped', () => {
    const places = parseGeoNamesCities(CITIES);
    expect(places).toHaveLength(160);
    expect(places[0]).toMatchObject({ name: 'Kyiv', countryCode: 'UA', lat: 50.4501 });
    const zipped = Buffer.from(zipSync({ 'cities15000.txt': new Uint8Array(CITIES) }));
    expect(gazetteerDataset.parse({ geonames: zipped }, 0).records).toHaveLength(160);
    expect(() => parseGeoNamesCities('not\ta\tdump')).toThrow(/no readable place/);
  });
});

describe('GET get-ip-geo', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['37.53.10.1', 'UA'],
    ['2a02:2d8::1', 'UA'],
    ['2001:4860:4860::8888', 'US'],
    ['::ffff:94.74.80.2', 'IR'],
    ['192.168.1.10', 'XX'],
    ['9.9.9.9', 'XX'],
    ['garbage', 'XX'],
  ])('%s -> %s', async (ip, country) => {
    const res = await app.get(IP, { 'x-forwarded-for': `${ip}, 10.0.0.1` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ country, region: '', city: '' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('uses the socket address without a trusted proxy header (loopback is reserved)', async () => {
    await withTestApp({ samples: [ipCountryRangesDataset] }, async (direct) => {
      const res = await direct.get(IP, { 'x-forwarded-for': '8.8.8.8' });
      expect(res.body.country).toBe('XX');
    });
  });
});

describe('GET reverse-geocode', () => {
  it.each([
    [50.45, 30.52, 'UA', 'Kyiv, Ukraine'],
    [48.0, 37.9, 'UA', 'Donetsk, Ukraine'],
    [31.52, 34.45, 'PS', 'Gaza, Palestine'],
    [35.0, 139.8, 'JP', 'Tokyo, Japan'],
  ])('(%d, %d) is in %s', async (lat, lon, code, displayName) => {
    const res = await app.get(`${GEO}?lat=${lat}&lon=${lon}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code, displayName, error: '' });
    expect(res.body.country).toBe(displayName.split(', ')[1]);
  });

  it('answers empty without error in open sea', async () => {
    const res = await app.get(`${GEO}?lat=0&lon=-30`);
    expect(res.body).toEqual({ country: '', code: '', displayName: '', error: '' });
  });

  it.each([
    ['lat=10', 'lon'],
    ['lon=10', 'lat'],
    ['lat=91&lon=0', 'lat'],
    ['lat=0&lon=181', 'lon'],
    ['lat=north&lon=0', 'lat'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${GEO}?${q}`), field));

  it('asks the configured live geocoder only beyond the gazetteer, and reports its failures', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.includes('lat=-60')) return void res.writeHead(503).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ display_name: 'Brazil', address: { country: 'Brazil', country_code: 'br' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await withTestApp(
        {
          samples: [gazetteerDataset],
          config: { REVERSE_GEOCODER_URL: 'https://nominatim.example.org', UPSTREAM_BASE_OVERRIDE: base },
        },
        async (live) => {
          expect((await live.get(`${GEO}?lat=-10&lon=-55`)).body).toEqual({
            country: 'Brazil',
            code: 'BR',
            displayName: 'Brazil',
            error: '',
          });
          await live.get(`${GEO}?lat=-10.01&lon=-55.02`);
          expect((await live.get(`${GEO}?lat=50.45&lon=30.52`)).body.code).toBe('UA');
          const failed = await live.get(`${GEO}?lat=-60&lon=-55`);
          expect(failed.body.error).toBe('geocoder HTTP 503');
          expect(failed.headers.get('cache-control')).toBe('no-store');
          expect(hits).toEqual([
            '/reverse?lat=-10&lon=-55&format=json&zoom=3&accept-language=en',
            '/reverse?lat=-60&lon=-55&format=json&zoom=3&accept-language=en',
          ]);
        },
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
