import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { MONITORED_AIRPORTS } from '../../../../src/services/aviation/delays/airports.js';
import { faaStatusDataset } from '../../../../src/services/aviation/delays/datasets/faa-status.js';
import { flightsDataset } from '../../../../src/services/aviation/flights/datasets/flights.js';
import { fakeUpstream } from '../support.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/aviation/v1/list-airport-delays';
const UNCOVERED = ['ACC', 'AKL', 'AMM', 'CMN', 'KUL', 'LIM', 'LOS'];
type Alert = {
  id: string;
  iata: string;
  severity: string;
  delayType: string;
  source: string;
  region: string;
  reason: string;
  updatedAt: number;
  totalFlights: number;
  avgDelayMinutes: number;
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [faaStatusDataset, flightsDataset] });
});
afterAll(() => app.close());

const alertsOf = async (query = '') => {
  const res = await app.get(`${PATH}${query}`);
  expect(res.status).toBe(200);
  return res.body.alerts as Alert[];
};

describe('GET list-airport-delays', () => {
  it('reports every monitored airport exactly once, worst first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const alerts = res.body.alerts as Alert[];
    expect(alerts.map((a) => a.iata).sort()).toEqual(MONITORED_AIRPORTS.map((a) => a.iata).sort());
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: MONITORED_AIRPORTS.length });
    expect(alerts.slice(0, 3).map((a) => a.id)).toEqual(['faa-EWR', 'aviationstack-PEK', 'faa-SAN']);
    expect(alerts.slice(-UNCOVERED.length).map((a) => a.iata)).toEqual(UNCOVERED);
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('takes US airports from the FAA feed: listed ones with their programme, the rest normal', async () => {
    const by = Object.fromEntries((await alertsOf()).map((a) => [a.iata, a]));
    expect(by.EWR).toMatchObject({
      delayType: 'FLIGHT_DELAY_TYPE_GROUND_STOP',
      severity: 'FLIGHT_DELAY_SEVERITY_SEVERE',
      source: 'FLIGHT_DELAY_SOURCE_FAA',
      updatedAt: Date.UTC(2026, 10, 20, 11, 52, 31),
    });
    expect(by.SFO).toMatchObject({
      id: 'faa-SFO',
      delayType: 'FLIGHT_DELAY_TYPE_GROUND_DELAY',
      avgDelayMinutes: 72,
      reason: 'low ceilings',
    });
    expect(by.ATL).toMatchObject({
      id: 'status-ATL',
      severity: 'FLIGHT_DELAY_SEVERITY_NORMAL',
      reason: 'Normal operations',
      source: 'FLIGHT_DELAY_SOURCE_FAA',
    });
    // Airports outside the monitored list (ASE, TEB) are not reported even though the FAA lists them.
    expect(by.ASE).toBeUndefined();
    expect(by.TEB).toBeUndefined();
  });

  it('computes other hubs from their departures and marks thin or absent coverage UNKNOWN', async () => {
    const by = Object.fromEntries((await alertsOf()).map((a) => [a.iata, a]));
    expect(by.PEK).toMatchObject({
      severity: 'FLIGHT_DELAY_SEVERITY_SEVERE',
      delayType: 'FLIGHT_DELAY_TYPE_DEPARTURE_DELAY',
      source: 'FLIGHT_DELAY_SOURCE_AVIATIONSTACK',
      totalFlights: 10,
    });
    expect(by.CDG).toMatchObject({
      id: 'status-CDG',
      severity: 'FLIGHT_DELAY_SEVERITY_NORMAL',
      source: 'FLIGHT_DELAY_SOURCE_AVIATIONSTACK',
    });
    for (const iata of UNCOVERED) {
      expect(by[iata]).toMatchObject({
        id: `unknown-${iata}`,
        severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN',
        reason: 'Coverage unavailable',
        source: 'FLIGHT_DELAY_SOURCE_UNSPECIFIED',
        updatedAt: 0,
      });
    }
  });

  it('filters by region', async () => {
    const alerts = await alertsOf('?region=AIRPORT_REGION_AFRICA');
    expect(alerts.map((a) => a.iata).sort()).toEqual(['ACC', 'ADD', 'CMN', 'CPT', 'JNB', 'LOS', 'NBO']);
  });

  it('filters by minimum severity; UNKNOWN selects the uncovered airports', async () => {
    expect((await alertsOf('?min_severity=FLIGHT_DELAY_SEVERITY_SEVERE')).map((a) => a.iata)).toEqual([
      'EWR',
      'PEK',
      'SAN',
    ]);
    const moderate = await alertsOf('?min_severity=FLIGHT_DELAY_SEVERITY_MODERATE');
    expect(moderate.map((a) => a.iata)).toEqual(['EWR', 'PEK', 'SAN', 'DEL', 'IST', 'SFO', 'AMS', 'FRA', 'LHR', 'ORD']);
    expect((await alertsOf('?min_severity=FLIGHT_DELAY_SEVERITY_UNKNOWN')).map((a) => a.iata)).toEqual(UNCOVERED);
    expect(await alertsOf('?region=AIRPORT_REGION_EUROPE&min_severity=FLIGHT_DELAY_SEVERITY_MAJOR')).toEqual([
      expect.objectContaining({ iata: 'IST' }),
    ]);
  });

  it('pages with an opaque cursor over the same order', async () => {
    const all = (await alertsOf()).map((a) => a.id);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await app.get(`${PATH}?page_size=20${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.alerts.map((a: Alert) => a.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it.each([
    ['region=AIRPORT_REGION_ANTARCTICA', 'region'],
    ['region=europe', 'region'],
    ['region=AIRPORT_REGION_UNSPECIFIED', 'region'],
    ['min_severity=FLIGHT_DELAY_SEVERITY_BAD', 'min_severity'],
    ['min_severity=3', 'min_severity'],
    ['page_size=abc', 'page_size'],
    ['page_size=-1', 'page_size'],
    ['page_size=1e2', 'page_size'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps serving the last good snapshots when an ingestion brings bad bytes', async () => {
    const before = await alertsOf();
    const faa = await app.deps.runner.run(faaStatusDataset, {
      origin: { kind: 'bytes', payloads: { status: Buffer.from('<html>502 Bad Gateway</html>') } },
    });
    const flights = await app.deps.runner.run(flightsDataset, {
      origin: { kind: 'bytes', payloads: { flights: Buffer.from('{"error":{"code":"usage_limit_reached"}}') } },
    });
    expect([faa.ok, flights.ok]).toEqual([false, false]);
    expect(flights.error).toMatch(/usage_limit_reached/);
    expect(await alertsOf()).toEqual(before);
  });
});

describe('with a feed missing', () => {
  it('reports the airports that feed covers as UNKNOWN and is never cached', async () => {
    await withTestApp({ samples: [faaStatusDataset] }, async (partial) => {
      const res = await partial.get(PATH);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const alerts = res.body.alerts as Alert[];
      expect(alerts).toHaveLength(MONITORED_AIRPORTS.length);
      for (const a of alerts.filter((x) => !MONITORED_AIRPORTS.find((m) => m.iata === x.iata)!.faa))
        expect(a.severity).toBe('FLIGHT_DELAY_SEVERITY_UNKNOWN');
      expect(alerts.find((a) => a.iata === 'EWR')!.severity).toBe('FLIGHT_DELAY_SEVERITY_SEVERE');
    });
  });

  it('with no feed at all, still lists every airport, all UNKNOWN', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(new Set(res.body.alerts.map((a: Alert) => a.severity))).toEqual(
        new Set(['FLIGHT_DELAY_SEVERITY_UNKNOWN']),
      );
      expect(res.body.alerts).toHaveLength(MONITORED_AIRPORTS.length);
    });
  });
});

describe('live ingestion', () => {
  it('fetches the FAA XML and the flights feed from their upstream URLs', async () => {
    const faaBytes = fs.readFileSync(path.join(SAMPLES_DIR, faaStatusDataset.sources.status.sample));
    const flightBytes = fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights.sample));
    const upstream = await fakeUpstream((url) =>
      url.pathname === '/api/airport-status-information'
        ? { body: faaBytes, type: 'application/xml' }
        : url.pathname === '/v1/flights'
          ? { body: flightBytes }
          : { status: 404, body: '' },
    );
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, AVIATIONSTACK_API_KEY: 'test-key' },
    });
    try {
      expect(await live.deps.runner.run(faaStatusDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 7,
      });
      expect(await live.deps.runner.run(flightsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 360,
      });
      expect(upstream.seen.map((u) => u.pathname)).toEqual(['/api/airport-status-information', '/v1/flights']);
      const res = await live.get(PATH);
      expect(res.headers.get('cache-control')).not.toBe('no-store');
      expect(res.body.alerts[0].id).toBe('faa-EWR');
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
