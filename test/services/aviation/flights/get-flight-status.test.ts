import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import type { Config } from '../../../../src/config.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { flightsDataset } from '../../../../src/services/aviation/flights/datasets/flights.js';
import { appRouter } from '../../../../src/root/app-router.js';
import { procedureEntry } from '../../../../src/http/procedure-table.js';
import { fakeUpstream } from '../support.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/aviation/v1/get-flight-status';
type Flight = {
  flightNumber: string;
  date: string;
  origin: { iata: string };
  codeshareFlightNumbers: string[];
  status: string;
  aircraftIcao24: string;
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [flightsDataset] });
});
afterAll(() => app.close());

describe('GET get-flight-status', () => {
  it('answers from the flights snapshot', async () => {
    const res = await app.get(`${PATH}?flight_number=BA117&date=2026-11-20`);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('snapshot');
    expect(res.body.cacheHit).toBe(true);
    const [f, ...more] = res.body.flights as Flight[];
    expect(more).toEqual([]);
    expect(f).toMatchObject({
      flightNumber: 'BA117',
      date: '2026-11-20',
      origin: { iata: 'LHR' },
      status: 'FLIGHT_INSTANCE_STATUS_AIRBORNE',
      aircraftIcao24: '406b2e',
    });
    expect(f.codeshareFlightNumbers.sort()).toEqual(['AA6139', 'IB4218']);
    expect(res.headers.get('cache-control')).toMatch(/max-age=60/);
  });

  it('keeps dates apart', async () => {
    const res = await app.get(`${PATH}?flight_number=BA117&date=2026-11-19`);
    expect(res.body.flights.map((f: Flight) => [f.date, f.status])).toEqual([
      ['2026-11-19', 'FLIGHT_INSTANCE_STATUS_LANDED'],
    ]);
  });

  it('normalises the flight number and finds a flight by a codeshare number', async () => {
    for (const fn of ['tk01979', 'TK%201979', 'Tk1979']) {
      const res = await app.get(`${PATH}?flight_number=${fn}&date=2026-11-20`);
      expect(res.body.flights.map((f: Flight) => f.flightNumber)).toEqual(['TK1979']);
    }
    const cs = await app.get(`${PATH}?flight_number=AA6139&date=2026-11-20`);
    expect(cs.body.flights.map((f: Flight) => f.flightNumber)).toEqual(['BA117']);
  });

  it('narrows to a departure airport, case-insensitively', async () => {
    expect((await app.get(`${PATH}?flight_number=BA117&date=2026-11-20&origin=lhr`)).body.flights).toHaveLength(1);
    expect((await app.get(`${PATH}?flight_number=BA117&date=2026-11-20&origin=JFK`)).body.flights).toEqual([]);
  });

  it('answers an unknown flight with an empty, healthy list', async () => {
    const res = await app.get(`${PATH}?flight_number=ZZ9999&date=2026-11-20`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ flights: [], source: 'snapshot', cacheHit: true });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('declares tier 1 and the fast cache tier', () => {
    expect(procedureEntry(appRouter, 'aviation.getFlightStatus')?.meta).toMatchObject({
      requiredTier: 1,
      cacheTier: 'fast',
    });
  });

  it.each([
    ['date=2026-11-20', 'flight_number'],
    ['flight_number=&date=2026-11-20', 'flight_number'],
    ['flight_number=BA&date=2026-11-20', 'flight_number'],
    ['flight_number=BA12345678X&date=2026-11-20', 'flight_number'],
    ['flight_number=BA117&flight_number=BA118&date=2026-11-20', 'flight_number'],
    ['flight_number=BA117', 'date'],
    ['flight_number=BA117&date=20261120', 'date'],
    ['flight_number=BA117&date=2026-11-20T08:00', 'date'],
    ['flight_number=BA117&date=2026-1-20', 'date'],
    ['flight_number=BA117&date=2026-11-31', 'date'],
    ['flight_number=BA117&date=2026-02-29', 'date'],
    ['flight_number=BA117&date=2026-11-20&origin=LONDON', 'origin'],
    ['flight_number=BA117&date=2026-11-20&origin=L1R', 'origin'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps serving the last good snapshot when an ingestion brings bad bytes', async () => {
    const before = (await app.get(`${PATH}?flight_number=BA117&date=2026-11-20`)).body;
    const r = await app.deps.runner.run(flightsDataset, {
      origin: { kind: 'bytes', payloads: { flights: Buffer.from('{"data": "nope"}') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get(`${PATH}?flight_number=BA117&date=2026-11-20`)).body).toEqual(before);
  });
});

describe('without a flights snapshot or live provider', () => {
  it('answers an empty list from source "unavailable", never cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${PATH}?flight_number=BA117&date=2026-11-20`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ flights: [], source: 'unavailable', cacheHit: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('with the live provider configured', () => {
  const feed = fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights.sample));
  const live = (origin: string) =>
    ({ UPSTREAM_BASE_OVERRIDE: origin, AVIATIONSTACK_API_KEY: 'test-key' }) as Partial<Config>;

  it('asks the provider, then reuses its answer for two minutes', async () => {
    const upstream = await fakeUpstream(() => ({ body: feed }));
    const t = await startTestApp({ samples: [flightsDataset], config: live(upstream.origin) });
    try {
      const first = await t.get(`${PATH}?flight_number=ba0117&date=2026-11-20&origin=LHR`);
      expect(first.body.source).toBe('aviationstack');
      expect(first.body.cacheHit).toBe(false);
      expect(first.body.flights.map((f: Flight) => [f.flightNumber, f.date])).toEqual([['BA117', '2026-11-20']]);
      const q = upstream.seen[0];
      expect(q.pathname).toBe('/v1/flights');
      expect(Object.fromEntries(q.searchParams)).toMatchObject({
        access_key: 'test-key',
        flight_iata: 'BA117',
        flight_date: '2026-11-20',
        dep_iata: 'LHR',
      });

      const second = await t.get(`${PATH}?flight_number=BA117&date=2026-11-20&origin=LHR`);
      expect(second.body).toEqual({ ...first.body, cacheHit: true });
      expect(upstream.seen).toHaveLength(1);

      (t.clock as unknown as { advance(ms: number): void }).advance(121_000);
      const third = await t.get(`${PATH}?flight_number=BA117&date=2026-11-20&origin=LHR`);
      expect(third.body.cacheHit).toBe(false);
      expect(upstream.seen).toHaveLength(2);
    } finally {
      await t.close();
      await upstream.close();
    }
  });

  it('falls back to the snapshot, uncached, when the provider fails', async () => {
    const upstream = await fakeUpstream(() => ({ status: 503, body: 'busy' }));
    const t = await startTestApp({ samples: [flightsDataset], config: live(upstream.origin) });
    try {
      const res = await t.get(`${PATH}?flight_number=BA117&date=2026-11-20`);
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('snapshot');
      expect(res.body.flights).toHaveLength(1);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(upstream.seen).toHaveLength(1);
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});

describe('live ingestion', () => {
  it('fetches the flights feed from its upstream URL', async () => {
    const feed = fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights.sample));
    const upstream = await fakeUpstream(() => ({ body: feed }));
    const t = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, AVIATIONSTACK_API_KEY: 'test-key' },
    });
    try {
      expect(await t.deps.runner.run(flightsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 360,
      });
      expect(upstream.seen[0].pathname + upstream.seen[0].search).toBe('/v1/flights?limit=1000&access_key=test-key');
      expect((await t.get(`${PATH}?flight_number=UA1&date=2026-11-20`)).body.flights[0].codeshareFlightNumbers).toEqual(
        ['SQ1401'],
      );
    } finally {
      await t.close();
      await upstream.close();
    }
  });

  it('sends the configured access key as AviationStack expects, in the query', async () => {
    const feed = fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights.sample));
    const upstream = await fakeUpstream(() => ({ body: feed }));
    const t = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, AVIATIONSTACK_API_KEY: 'k&1' } as Partial<Config>,
    });
    try {
      expect(await t.deps.runner.run(flightsDataset, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
      expect(Object.fromEntries(upstream.seen[0].searchParams)).toEqual({ limit: '1000', access_key: 'k&1' });
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});
