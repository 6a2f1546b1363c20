import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tankerPortsDataset } from '../../../../src/services/intelligence/ports/datasets/tanker-ports.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import {
  dailyTankerPortsUrl,
  parseDailyTankerPorts,
  portActivity,
} from '../../../../src/sources/portwatch/port-activity.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/intelligence/v1/get-country-port-activity';
const DAY = 86_400_000;
let app: TestApp;

interface Port {
  portId: string;
  portName: string;
  lat: number;
  lon: number;
  tankerCalls30d: number;
  trendDeltaPct: number;
  importTankerDwt: number;
  exportTankerDwt: number;
  anomalySignal: boolean;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [tankerPortsDataset] });
});
afterAll(() => app.close());

describe('PortWatch port activity', () => {
  const day = (portId: string, d: number, calls: number) => ({
    portId,
    portName: portId,
    iso3: 'SAU',
    date: Date.UTC(2026, 9, 1) + d * DAY,
    tankerCalls: calls,
    importTankerDwt: 10,
    exportTankerDwt: 20,
  });

  it('compares the last 30 days with the 30 before', () => {
    const days = [...Array.from({ length: 60 }, (_, d) => day('a', d, d < 30 ? 1 : 2)), day('b', 59, 3)];
    const [a, b] = portActivity(days, new Map([['a', { lat: 1, lon: 2 }]]));
    expect(a).toMatchObject({
      portId: 'a',
      tankerCalls30d: 60,
      trendDeltaPct: 100,
      importTankerDwt: 300,
      exportTankerDwt: 600,
      lat: 1,
      lon: 2,
    });
    expect(b).toMatchObject({ portId: 'b', tankerCalls30d: 3, trendDeltaPct: 0, lat: 0, lon: 0 });
  });

  it('orders ports busiest first', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            p: fc.constantFrom('a', 'b', 'c'),
            d: fc.integer({ min: 0, max: 59 }),
            n: fc.integer({ min: 0, max: 20 }),
          }),
          { maxLength: 60 },
        ),
        (rows) => {
          const out = portActivity(
            rows.map((r) => day(r.p, r.d, r.n)),
            new Map(),
          );
          return out.every((p, i) => i === 0 || out[i - 1].tankerCalls30d >= p.tankerCalls30d);
        },
      ),
    );
  });

  it('queries the watched countries from a date and rejects an ArcGIS error body', () => {
    const u = new URL(dailyTankerPortsUrl(['SAU', 'ARE'], Date.UTC(2026, 8, 20)));
    expect(u.searchParams.get('where')).toBe("ISO3 IN ('SAU','ARE') AND date >= DATE '2026-09-20'");
    expect(() => parseDailyTankerPorts('{"error":{"code":400,"message":"Invalid query"}}')).toThrow(FormatError);
  });
});

describe('GET get-country-port-activity', () => {
  it('answers every followed port busiest first when no country is given', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const ports = res.body.ports as Port[];
    expect(ports).toHaveLength(9);
    expect(res.body).toMatchObject({ available: true, fetchedAt: '2026-11-20T12:00:00.000Z' });
    const calls = ports.map((p) => p.tankerCalls30d);
    expect([...calls].sort((a, b) => b - a)).toEqual(calls);
    expect(ports.every((p) => p.anomalySignal === false && p.lat !== 0)).toBe(true);
  });

  it('answers one country’s ports by alpha-2 code', async () => {
    const ports = (await app.get(`${PATH}?country_code=%20sa`)).body.ports as Port[];
    expect(ports.map((p) => p.portName).sort()).toEqual(['Jubail', 'Ras Tanura', 'Yanbu']);
    const rt = ports.find((p) => p.portName === 'Ras Tanura')!;
    expect(rt.lat).toBeCloseTo(26.64);
    expect(rt.tankerCalls30d).toBeGreaterThan(100);
  });

  it('says unavailable, uncached, for a country not followed', async () => {
    const res = await app.get(`${PATH}?country_code=FR`);
    expect(res.body).toEqual({ ports: [], fetchedAt: '', available: false });
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it.each([['country_code=FRA'], ['country_code=ZZ'], ['country_code=1']])('rejects %s', async (q) => {
    expectViolation(await app.get(`${PATH}?${q}`), 'country_code');
  });

  it('says unavailable before port data is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({ available: false, ports: [] });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
