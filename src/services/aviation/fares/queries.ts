import { z } from 'zod';
import { fetchUrl } from '../../../platform/snapshots/fetch.js';
import { LiveCache, relayConfigured, relayGet } from '../../../sources/relay/client.js';
import { parsePricesForDates, pricesUrl, travelpayoutsToken } from '../../../sources/travelpayouts/prices.js';
import type { AppDeps } from '../../../trpc/context.js';
import {
  GOOGLE_OPTIONS,
  GoogleFlightResult,
  DatePriceEntry,
  type SearchFlightPricesRequest,
  type SearchFlightPricesResponse,
  type SearchGoogleDatesRequest,
  type SearchGoogleDatesResponse,
  type SearchGoogleFlightsRequest,
  type SearchGoogleFlightsResponse,
} from './schemas.js';

/** Live fare calls give up after this long. */
export const FARE_TIMEOUT_MS = 10_000;
const PRICE_TTL_MS = 3_600_000;
const GOOGLE_TTL_MS = 600_000;
const DEFAULT_MAX_RESULTS = 10;

const priceCaches = new WeakMap<AppDeps, LiveCache<SearchFlightPricesResponse>>();
const googleCaches = new WeakMap<AppDeps, LiveCache<unknown>>();
const cacheFor = <T>(map: WeakMap<AppDeps, LiveCache<T>>, deps: AppDeps, ttl: number) => {
  let c = map.get(deps);
  if (!c) map.set(deps, (c = new LiveCache<T>(ttl)));
  return c;
};

const noQuotes = (provider: string, updatedAt: number, error: string): SearchFlightPricesResponse => ({
  quotes: [],
  provider,
  isDemoMode: false,
  updatedAt,
  isIndicative: true,
  degraded: true,
  error,
});

/**
 * Indicative fares from Travelpayouts when a token is configured (10 s timeout, reused for an
 * hour); without one the answer says `missing_credentials`. No fare is ever made up.
 */
export async function searchFlightPrices(
  deps: AppDeps,
  req: SearchFlightPricesRequest,
): Promise<SearchFlightPricesResponse> {
  const token = travelpayoutsToken(deps.config);
  if (!token) return noQuotes('none', 0, 'missing_credentials');
  const cabin = req.cabin ?? 'CABIN_CLASS_UNSPECIFIED';
  if (cabin !== 'CABIN_CLASS_UNSPECIFIED' && cabin !== 'CABIN_CLASS_ECONOMY')
    return noQuotes('travelpayouts_data', 0, 'unsupported_cabin');
  const q = {
    origin: req.origin.toUpperCase(),
    destination: req.destination.toUpperCase(),
    departureDate: req.departure_date,
    returnDate: req.return_date,
    nonstop: req.nonstop_only ?? false,
    currency: (req.currency ?? 'USD').toUpperCase(),
    market: req.market,
    limit: req.max_results || DEFAULT_MAX_RESULTS,
  };
  const url = pricesUrl(q);
  const now = deps.clock.now();
  const cache = cacheFor(priceCaches, deps, PRICE_TTL_MS);
  const hit = cache.get(url, now);
  if (hit) return hit;
  let parsed;
  try {
    // A search made while the caller waits is not retried.
    const bytes = await fetchUrl(url, deps.config, {
      headers: { 'x-access-token': token, accept: 'application/json' },
      signal: AbortSignal.timeout(FARE_TIMEOUT_MS),
      retries: 0,
    });
    parsed = parsePricesForDates(bytes);
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'Travelpayouts search failed');
    return noQuotes('travelpayouts_data', now, 'upstream_error');
  }
  const quotes = parsed.fares
    .filter((f) => !q.nonstop || f.transfers === 0)
    .sort((a, b) => a.price - b.price)
    .slice(0, q.limit)
    .map((f, i) => ({
      id: `${f.origin}-${f.destination}-${f.departureAt}-${f.airline}${f.flightNumber}-${i}`,
      origin: f.origin,
      destination: f.destination,
      departureDate: f.departureAt,
      returnDate: f.returnAt,
      carrier: { iataCode: f.airline, icaoCode: '', name: f.airline },
      priceAmount: f.price,
      currency: parsed.currency,
      cabin: 'CABIN_CLASS_ECONOMY' as const,
      stops: f.transfers,
      durationMinutes: f.durationMinutes,
      bookingUrl: '',
      provider: 'travelpayouts_data',
      isIndicative: true,
      observedAt: now,
      checkoutRef: '',
      expiresAt: f.expiresAt,
    }));
  const response: SearchFlightPricesResponse = quotes.length
    ? {
        quotes,
        provider: 'travelpayouts_data',
        isDemoMode: false,
        updatedAt: now,
        isIndicative: true,
        degraded: false,
        error: '',
      }
    : noQuotes('travelpayouts_data', now, 'no_results');
  cache.set(url, response, now);
  return response;
}

const NO_RELAY = 'unavailable: live fare search needs the relay (RELAY_URL), and no stored fare is ever shown instead';

function checkOptions(req: {
  cabin_class?: string;
  max_stops?: string;
  departure_window?: string;
}): string | undefined {
  if (req.cabin_class && !GOOGLE_OPTIONS.cabins.includes(req.cabin_class.toUpperCase()))
    return `cabin_class must be one of ${GOOGLE_OPTIONS.cabins.join(', ')}`;
  if (req.max_stops && !GOOGLE_OPTIONS.stops.includes(req.max_stops.toUpperCase()))
    return 'max_stops must be NON_STOP, ONE_STOP or TWO_PLUS_STOPS';
  if (req.departure_window && !/^([01]?\d|2[0-4])-([01]?\d|2[0-4])$/.test(req.departure_window))
    return 'departure_window must be H0-H1, e.g. 6-12';
  return undefined;
}

const isDate = (s: string | undefined) => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

function baseQuery(req: SearchGoogleFlightsRequest | SearchGoogleDatesRequest): Record<string, string> {
  const q: Record<string, string> = {
    origin: req.origin!.toUpperCase(),
    destination: req.destination!.toUpperCase(),
    passengers: String(req.passengers || 1),
  };
  if (req.cabin_class) q.cabin_class = req.cabin_class.toUpperCase();
  if (req.max_stops) q.max_stops = req.max_stops.toUpperCase();
  if (req.departure_window) q.departure_window = req.departure_window;
  if (req.airlines?.length) q.airlines = [...new Set(req.airlines.map((a) => a.toUpperCase()))].sort().join(',');
  return q;
}

async function viaRelay<T>(
  deps: AppDeps,
  path: string,
  q: Record<string, string>,
  read: (body: unknown) => T,
): Promise<{ value?: T; error?: string }> {
  const key = `${path}?${new URLSearchParams(q)}`;
  const now = deps.clock.now();
  const cache = cacheFor(googleCaches, deps, GOOGLE_TTL_MS);
  const hit = cache.get(key, now) as T | undefined;
  if (hit) return { value: hit };
  try {
    const value = read(await relayGet(deps.config, path, q, FARE_TIMEOUT_MS));
    cache.set(key, value, now);
    return { value };
  } catch (err) {
    return { error: `relay search failed: ${(err as Error).message}` };
  }
}

const FlightsBody = z.object({ flights: z.array(GoogleFlightResult) });
const DatesBody = z.object({ dates: z.array(DatePriceEntry), partial: z.boolean().optional() });

/** Google Flights itineraries through the relay; without it, or with a required field missing, degraded with the reason. */
export async function searchGoogleFlights(
  deps: AppDeps,
  req: SearchGoogleFlightsRequest,
): Promise<SearchGoogleFlightsResponse> {
  if (!req.origin || !req.destination || !isDate(req.departure_date))
    return { flights: [], degraded: true, error: 'origin, destination and departure_date (YYYY-MM-DD) are required' };
  const bad =
    checkOptions(req) ?? (req.return_date && !isDate(req.return_date) ? 'return_date must be YYYY-MM-DD' : undefined);
  if (bad) return { flights: [], degraded: true, error: bad };
  if (!relayConfigured(deps.config)) return { flights: [], degraded: true, error: NO_RELAY };
  const q = {
    ...baseQuery(req),
    departure_date: req.departure_date!,
    ...(req.return_date ? { return_date: req.return_date } : {}),
    ...(req.sort_by ? { sort_by: req.sort_by.toUpperCase() } : {}),
  };
  const r = await viaRelay(deps, '/google-flights/search', q, (b) => FlightsBody.parse(b).flights);
  return r.value ? { flights: r.value, degraded: false, error: '' } : { flights: [], degraded: true, error: r.error! };
}

/** Lowest prices per date through the relay; a partly priced range is degraded. */
export async function searchGoogleDates(
  deps: AppDeps,
  req: SearchGoogleDatesRequest,
): Promise<SearchGoogleDatesResponse> {
  if (!req.origin || !req.destination || !isDate(req.start_date) || !isDate(req.end_date))
    return {
      dates: [],
      degraded: true,
      error: 'origin, destination, start_date and end_date (YYYY-MM-DD) are required',
    };
  if (req.end_date! < req.start_date!) return { dates: [], degraded: true, error: 'end_date is before start_date' };
  if (req.is_round_trip && !req.trip_duration)
    return { dates: [], degraded: true, error: 'a round trip needs trip_duration' };
  const bad = checkOptions(req);
  if (bad) return { dates: [], degraded: true, error: bad };
  if (!relayConfigured(deps.config)) return { dates: [], degraded: true, error: NO_RELAY };
  const q = {
    ...baseQuery(req),
    start_date: req.start_date!,
    end_date: req.end_date!,
    is_round_trip: String(req.is_round_trip ?? false),
    ...(req.trip_duration ? { trip_duration: String(req.trip_duration) } : {}),
    sort_by_price: String(req.sort_by_price ?? false),
  };
  const r = await viaRelay(deps, '/google-flights/search-dates', q, (b) => DatesBody.parse(b));
  if (!r.value) return { dates: [], degraded: true, error: r.error! };
  return r.value.partial
    ? { dates: r.value.dates, degraded: true, error: 'partial results: part of the date range could not be priced' }
    : { dates: r.value.dates, degraded: false, error: '' };
}
