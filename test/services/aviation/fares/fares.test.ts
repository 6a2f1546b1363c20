import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePricesForDates } from '../../../../src/sources/travelpayouts/prices.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fakeUpstream } from '../support.js';

const PRICES = '/api/aviation/v1/search-flight-prices';
const GF = '/api/aviation/v1/search-google-flights';
const GD = '/api/aviation/v1/search-google-dates';
const ROUTE = 'origin=IST&destination=LHR&departure_date=2026-12-14';

const v3 = JSON.stringify({
  success: true,
  currency: 'usd',
  data: [
    {
      origin: 'IST',
      destination: 'LHR',
      price: 231,
      airline: 'TK',
      flight_number: '1979',
      departure_at: '2026-12-14T08:25:00+03:00',
      return_at: '',
      transfers: 0,
      duration_to: 260,
      expires_at: '2026-11-21T12:00:00Z',
    },
    {
      origin: 'IST',
      destination: 'LHR',
      price: 174,
      airline: 'PC',
      flight_number: 1171,
      departure_at: '2026-12-14T06:10:00+03:00',
      return_at: '',
      transfers: 1,
      duration_to: 385,
    },
    { origin: 'IST', destination: 'LHR', price: -5, airline: 'XX', departure_at: 'bad' },
  ],
});

describe('Travelpayouts reader', () => {
  it('reads fares and refuses an unsuccessful answer', () => {
    const { fares, currency } = parsePricesForDates(Buffer.from(v3));
    expect(currency).toBe('USD');
    expect(fares.map((f) => [f.airline, f.flightNumber, f.price, f.transfers, f.durationMinutes])).toEqual([
      ['TK', '1979', 231, 0, 260],
      ['PC', '1171', 174, 1, 385],
    ]);
    expect(() => parsePricesForDates(Buffer.from('{"success":false,"error":"unauthorized"}'))).toThrow(/unauthorized/);
  });
});

describe('without providers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('answers fares as missing credentials, uncached, never invented', async () => {
    const res = await app.get(`${PRICES}?${ROUTE}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      quotes: [],
      provider: 'none',
      isDemoMode: false,
      updatedAt: 0,
      isIndicative: true,
      degraded: true,
      error: 'missing_credentials',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('validates the fare search', async () => {
    expectViolation(await app.get(PRICES), 'origin');
    expectViolation(await app.get(`${PRICES}?${ROUTE.replace('2026-12-14', '2026-02-30')}`), 'departure_date');
    expectViolation(await app.get(`${PRICES}?${ROUTE}&adults=10`), 'adults');
    expectViolation(await app.get(`${PRICES}?${ROUTE}&max_results=51`), 'max_results');
    expectViolation(await app.get(`${PRICES}?${ROUTE}&currency=dollars`), 'currency');
  });

  it('answers Google searches with the reason they cannot run', async () => {
    const empty = await app.get(GF);
    expect(empty.body).toEqual({
      flights: [],
      degraded: true,
      error: 'origin, destination and departure_date (YYYY-MM-DD) are required',
    });
    expect(empty.headers.get('cache-control')).toBe('no-store');
    const noRelay = await app.get(`${GF}?${ROUTE}`);
    expect(noRelay.body).toMatchObject({
      flights: [],
      degraded: true,
      error: expect.stringMatching(/^unavailable: .*RELAY_URL/),
    });
    expect((await app.get(`${GF}?${ROUTE}&cabin_class=LUXURY`)).body.error).toMatch(/cabin_class must be one of/);
    expect((await app.get(GD)).body).toEqual({
      dates: [],
      degraded: true,
      error: 'origin, destination, start_date and end_date (YYYY-MM-DD) are required',
    });
    expect(
      (await app.get(`${GD}?origin=IST&destination=LHR&start_date=2026-12-10&end_date=2026-12-01`)).body.error,
    ).toBe('end_date is before start_date');
    expect(
      (await app.get(`${GD}?origin=IST&destination=LHR&start_date=2026-12-01&end_date=2026-12-10&is_round_trip=true`))
        .body.error,
    ).toBe('a round trip needs trip_duration');
    expect(
      (await app.get(`${GD}?origin=IST&destination=LHR&start_date=2026-12-01&end_date=2026-12-10`)).body.error,
    ).toMatch(/^unavailable: /);
  });
});

describe('with Travelpayouts and the relay configured', () => {
  let app: TestApp;
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  beforeAll(async () => {
    upstream = await fakeUpstream((url) => {
      if (url.pathname === '/aviasales/v3/prices_for_dates')
        return url.searchParams.get('destination') === 'JFK'
          ? { body: '{"success":true,"data":[],"currency":"usd"}' }
          : { body: v3 };
      if (url.pathname === '/google-flights/search')
        return {
          body: JSON.stringify({
            flights: [
              {
                legs: [
                  {
                    airlineCode: 'TK',
                    flightNumber: '1979',
                    departureAirport: 'IST',
                    arrivalAirport: 'LHR',
                    departureDatetime: '2026-12-14T08:25',
                    arrivalDatetime: '2026-12-14T10:45',
                    durationMinutes: 260,
                  },
                ],
                price: 240,
                durationMinutes: 260,
                stops: 0,
              },
            ],
          }),
        };
      if (url.pathname === '/google-flights/search-dates')
        return { body: JSON.stringify({ dates: [{ date: '2026-12-01', returnDate: '', price: 150 }], partial: true }) };
      return { status: 404, body: '{}' };
    });
    app = await startTestApp({
      samples: 'none',
      config: {
        TRAVELPAYOUTS_API_TOKEN: 'tp-test',
        RELAY_URL: 'http://relay.test',
        RELAY_SHARED_SECRET: 'relay-secret',
        UPSTREAM_BASE_OVERRIDE: upstream.origin,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('returns live fares cheapest first, filtered and limited', async () => {
    const res = await app.get(`${PRICES}?${ROUTE}`);
    expect(res.body).toMatchObject({ provider: 'travelpayouts_data', degraded: false, error: '', isDemoMode: false });
    expect(
      res.body.quotes.map((q: { priceAmount: number; carrier: { iataCode: string } }) => [
        q.carrier.iataCode,
        q.priceAmount,
      ]),
    ).toEqual([
      ['PC', 174],
      ['TK', 231],
    ]);
    expect(res.body.quotes[1]).toMatchObject({
      currency: 'USD',
      stops: 0,
      durationMinutes: 260,
      isIndicative: true,
      expiresAt: Date.UTC(2026, 10, 21, 12),
    });
    const asked = upstream.seen.find((u) => u.pathname === '/aviasales/v3/prices_for_dates')!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      origin: 'IST',
      destination: 'LHR',
      departure_at: '2026-12-14',
      direct: 'false',
      limit: '10',
    });
    const nonstop = await app.get(`${PRICES}?${ROUTE}&nonstop_only=true&max_results=1`);
    expect(nonstop.body.quotes.map((q: { carrier: { iataCode: string } }) => q.carrier.iataCode)).toEqual(['TK']);
  });

  it('says no_results or unsupported_cabin rather than inventing', async () => {
    expect((await app.get(`${PRICES}?origin=IST&destination=JFK&departure_date=2026-12-14`)).body).toMatchObject({
      quotes: [],
      degraded: true,
      error: 'no_results',
    });
    expect((await app.get(`${PRICES}?${ROUTE}&cabin=CABIN_CLASS_BUSINESS`)).body).toMatchObject({
      quotes: [],
      degraded: true,
      error: 'unsupported_cabin',
    });
  });

  it('runs Google searches through the relay', async () => {
    const res = await app.get(`${GF}?${ROUTE}&airlines=tk,pc&passengers=2`);
    expect(res.body).toMatchObject({ degraded: false, error: '', flights: [{ price: 240, stops: 0 }] });
    const asked = upstream.seen.find((u) => u.pathname === '/google-flights/search')!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      origin: 'IST',
      destination: 'LHR',
      departure_date: '2026-12-14',
      airlines: 'PC,TK',
      passengers: '2',
    });
    const dates = await app.get(`${GD}?origin=IST&destination=LHR&start_date=2026-12-01&end_date=2026-12-10`);
    expect(dates.body).toEqual({
      dates: [{ date: '2026-12-01', returnDate: '', price: 150 }],
      degraded: true,
      error: 'partial results: part of the date range could not be priced',
    });
  });
});
