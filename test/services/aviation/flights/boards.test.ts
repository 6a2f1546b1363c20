import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { flightsDataset } from '../../../../src/services/aviation/flights/datasets/flights.js';
import { carrierOps } from '../../../../src/services/aviation/flights/rules.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fakeUpstream } from '../support.js';

const FLIGHTS = '/api/aviation/v1/list-airport-flights';
const CARRIERS = '/api/aviation/v1/get-carrier-ops';
type Flight = {
  flightNumber: string;
  origin: { iata: string };
  destination: { iata: string };
  scheduledDeparture: number;
};
const carrier = (iataCode: string) => ({ iataCode, icaoCode: '', name: iataCode });

describe('carrier aggregation', () => {
  it('groups by carrier, counts 15+ minute delays and cancellations, worst first', () => {
    const rows = [
      ...Array.from({ length: 4 }, (_, i) => ({ carrier: carrier('AA'), delayMinutes: i * 10, cancelled: false })),
      { carrier: carrier('BB'), delayMinutes: 0, cancelled: true },
      { carrier: carrier('BB'), delayMinutes: 40, cancelled: false },
      { carrier: carrier('BB'), delayMinutes: 0, cancelled: false },
      { carrier: carrier('CC'), delayMinutes: 90, cancelled: false },
    ];
    expect(carrierOps(rows, 3)).toEqual([
      {
        carrier: carrier('BB'),
        totalFlights: 3,
        delayedCount: 1,
        cancelledCount: 1,
        avgDelayMinutes: 20,
        delayPct: 50,
        cancellationRate: 33.3,
      },
      {
        carrier: carrier('AA'),
        totalFlights: 4,
        delayedCount: 2,
        cancelledCount: 0,
        avgDelayMinutes: 15,
        delayPct: 50,
        cancellationRate: 0,
      },
    ]);
    expect(carrierOps(rows, 0).map((c) => c.carrier.iataCode)).toEqual(['BB', 'CC', 'AA']);
  });

  it('accounts for every flight (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            carrier: fc.constantFrom(carrier('AA'), carrier('BB'), carrier('CC')),
            delayMinutes: fc.integer({ min: 0, max: 300 }),
            cancelled: fc.boolean(),
          }),
        ),
        (rows) => {
          const out = carrierOps(rows, 0);
          expect(out.reduce((s, c) => s + c.totalFlights, 0)).toBe(rows.length);
          for (const c of out) expect(c.delayedCount + c.cancelledCount).toBeLessThanOrEqual(c.totalFlights);
        },
      ),
    );
  });
});

describe('from the stored flights feed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [flightsDataset] });
  });
  afterAll(() => app.close());

  it('replays departures, labelled as a snapshot with its read time', async () => {
    const res = await app.get(`${FLIGHTS}?airport=lhr`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ totalAvailable: 14, source: 'snapshot', updatedAt: SAMPLE_NOW });
    const flights = res.body.flights as Flight[];
    expect(flights.every((f) => f.origin.iata === 'LHR')).toBe(true);
    expect(flights.map((f) => f.scheduledDeparture)).toEqual(
      [...flights.map((f) => f.scheduledDeparture)].sort((a, b) => a - b),
    );
  });

  it('answers arrivals, both sides, an ICAO code and a limit', async () => {
    // The sample has 28 operating flights into Heathrow (codeshare rows fold into them) and 14 out.
    expect((await app.get(`${FLIGHTS}?airport=LHR&direction=FLIGHT_DIRECTION_ARRIVAL`)).body.totalAvailable).toBe(28);
    expect((await app.get(`${FLIGHTS}?airport=LHR&direction=FLIGHT_DIRECTION_BOTH`)).body.totalAvailable).toBe(42);
    expect((await app.get(`${FLIGHTS}?airport=EGLL`)).body.totalAvailable).toBe(14);
    const two = await app.get(`${FLIGHTS}?airport=LHR&limit=2`);
    expect(two.body.flights).toHaveLength(2);
  });

  it('rejects bad input', async () => {
    expectViolation(await app.get(FLIGHTS), 'airport');
    expectViolation(await app.get(`${FLIGHTS}?airport=LONDON`), 'airport');
    expectViolation(await app.get(`${FLIGHTS}?airport=ZZZZ`), 'airport');
    expectViolation(await app.get(`${FLIGHTS}?airport=LHR&limit=101`), 'limit');
    expectViolation(await app.get(`${CARRIERS}?airports=IST,LHR,FRA,CDG,AMS,DXB,PEK`), 'airports');
    expectViolation(await app.get(`${CARRIERS}?airports=EGLL`), 'airports');
  });

  it('aggregates carriers at the default airports', async () => {
    const res = await app.get(CARRIERS);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('snapshot');
    expect(
      res.body.carriers.map(
        (c: { airport: string; carrier: { iataCode: string } }) => `${c.carrier.iataCode}@${c.airport}`,
      ),
    ).toEqual(['TK@IST', 'BA@LHR', 'LH@FRA']);
    expect(res.body.carriers[0]).toMatchObject({
      totalFlights: 12,
      delayedCount: 11,
      cancelledCount: 1,
      avgDelayMinutes: 50,
      delayPct: 100,
      cancellationRate: 8.3,
      updatedAt: SAMPLE_NOW,
    });
    expect((await app.get(`${CARRIERS}?airports=CDG&min_flights=8`)).body.carriers).toEqual([]);
  });

  it('says unavailable, uncached, with no feed at all', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(`${FLIGHTS}?airport=LHR`);
      expect(res.body).toEqual({ flights: [], totalAvailable: 0, source: 'unavailable', updatedAt: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});

describe('with AviationStack configured', () => {
  const feed = fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights!.sample));
  let app: TestApp;
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  beforeAll(async () => {
    upstream = await fakeUpstream((url) =>
      url.searchParams.get('dep_iata') === 'FRA' ? { status: 500, body: 'down' } : { body: feed },
    );
    app = await startTestApp({
      samples: [flightsDataset],
      config: { AVIATIONSTACK_API_KEY: 'as-test', UPSTREAM_BASE_OVERRIDE: upstream.origin },
    });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('reads the board live, once per 5 minutes', async () => {
    const res = await app.get(`${FLIGHTS}?airport=LHR`);
    expect(res.body).toMatchObject({ source: 'aviationstack', totalAvailable: 14 });
    const asked = upstream.seen.filter((u) => u.searchParams.get('dep_iata') === 'LHR');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('access_key')).toBe('as-test');
    await app.get(`${FLIGHTS}?airport=LHR&limit=5`);
    expect(upstream.seen.filter((u) => u.searchParams.get('dep_iata') === 'LHR')).toHaveLength(1);
  });

  it('falls back to the snapshot when the live call fails, uncached', async () => {
    const res = await app.get(`${FLIGHTS}?airport=FRA`);
    expect(res.body).toMatchObject({ source: 'snapshot', totalAvailable: 10 });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
