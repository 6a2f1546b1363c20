import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { flightStatusOf, normaliseFlightNumber } from '../rules.js';
import type { FlightInstance } from '../schemas.js';

export const FLIGHTS = 'aviation.flights';
const FLIGHTS_URL = 'https://api.aviationstack.com/v1/flights?limit=1000';

export interface FlightsInfo {
  /** When the feed was read, epoch ms (the feed carries no timestamp of its own). */
  readAt: number;
}

const Endpoint = z.object({
  airport: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
  iata: z.string().nullable().optional(),
  icao: z.string().nullable().optional(),
  terminal: z.string().nullable().optional(),
  gate: z.string().nullable().optional(),
  delay: z.number().nullable().optional(),
  scheduled: z.string().nullable().optional(),
  estimated: z.string().nullable().optional(),
  actual: z.string().nullable().optional(),
});

const Row = z.object({
  flight_date: z.string().nullable().optional(),
  flight_status: z.string().nullable().optional(),
  departure: Endpoint.nullable().optional(),
  arrival: Endpoint.nullable().optional(),
  airline: z
    .object({
      name: z.string().nullable().optional(),
      iata: z.string().nullable().optional(),
      icao: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  flight: z
    .object({
      number: z.string().nullable().optional(),
      iata: z.string().nullable().optional(),
      icao: z.string().nullable().optional(),
      codeshared: z.object({ flight_iata: z.string().nullable().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
  aircraft: z
    .object({
      iata: z.string().nullable().optional(),
      icao: z.string().nullable().optional(),
      icao24: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

const Feed = z.object({ data: z.array(z.unknown()) });

const ms = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(t) ? t : 0;
};
const s = (v: string | null | undefined) => (v ?? '').trim();

function airport(e: z.infer<typeof Endpoint> | null | undefined) {
  return {
    iata: s(e?.iata).toUpperCase(),
    icao: s(e?.icao).toUpperCase(),
    name: s(e?.airport),
    timezone: s(e?.timezone) || 'UTC',
  };
}

/** One operating-flight row -> a flight instance (codeshares are attached afterwards). */
function toInstance(r: z.infer<typeof Row>, readAt: number): FlightInstance | undefined {
  const flightNumber = normaliseFlightNumber(s(r.flight?.iata));
  const date = s(r.flight_date);
  if (!flightNumber || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const dep = r.departure;
  const arr = r.arrival;
  const delay = Math.max(0, Math.round(dep?.delay ?? 0));
  const scheduledDeparture = ms(dep?.scheduled);
  const status = flightStatusOf(r.flight_status);
  return {
    flightNumber,
    date,
    operatingCarrier: {
      iataCode: s(r.airline?.iata).toUpperCase(),
      icaoCode: s(r.airline?.icao).toUpperCase(),
      name: s(r.airline?.name),
    },
    origin: airport(dep),
    destination: airport(arr),
    scheduledDeparture,
    estimatedDeparture: ms(dep?.estimated) || (scheduledDeparture ? scheduledDeparture + delay * 60_000 : 0),
    actualDeparture: ms(dep?.actual),
    scheduledArrival: ms(arr?.scheduled),
    estimatedArrival: ms(arr?.estimated),
    actualArrival: ms(arr?.actual),
    status,
    delayMinutes: delay,
    cancelled: status === 'FLIGHT_INSTANCE_STATUS_CANCELLED',
    diverted: status === 'FLIGHT_INSTANCE_STATUS_DIVERTED',
    gate: s(dep?.gate),
    terminal: s(dep?.terminal),
    aircraftIcao24: s(r.aircraft?.icao24).toLowerCase(),
    aircraftType: s(r.aircraft?.icao).toUpperCase(),
    codeshareFlightNumbers: [],
    source: 'aviationstack',
    updatedAt: readAt,
  };
}

/**
 * AviationStack `/v1/flights` response -> flight instances. A codeshare row (its `flight.codeshared`
 * names the operating flight) adds its number to that flight instead of becoming a flight of its own;
 * rows that cannot be read are skipped, and a repeated flight/date/origin keeps its first row.
 */
export function parseAviationstackFlights(bytes: Buffer, readAt: number): FlightInstance[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`AviationStack response is not JSON: ${(err as Error).message}`);
  }
  const feed = Feed.safeParse(json);
  if (!feed.success) {
    const apiError = (json as { error?: { code?: string } } | null)?.error?.code;
    throw new Error(
      apiError ? `AviationStack answered with error ${apiError}` : 'AviationStack response has no data array',
    );
  }
  const operating = new Map<string, FlightInstance>();
  const codeshares: { number: string; operating: string; date: string; origin: string }[] = [];
  for (const raw of feed.data.data) {
    const row = Row.safeParse(raw);
    if (!row.success) continue;
    const r = row.data;
    const marketing = r.flight?.codeshared?.flight_iata;
    if (marketing) {
      codeshares.push({
        number: normaliseFlightNumber(s(r.flight?.iata)),
        operating: normaliseFlightNumber(marketing),
        date: s(r.flight_date),
        origin: s(r.departure?.iata).toUpperCase(),
      });
      continue;
    }
    const f = toInstance(r, readAt);
    if (!f) continue;
    const key = `${f.flightNumber}|${f.date}|${f.origin.iata}`;
    if (!operating.has(key)) operating.set(key, f);
  }
  for (const c of codeshares) {
    const f = operating.get(`${c.operating}|${c.date}|${c.origin}`);
    if (f && c.number && !f.codeshareFlightNumbers.includes(c.number)) f.codeshareFlightNumbers.push(c.number);
  }
  return [...operating.values()].sort(
    (a, b) => a.scheduledDeparture - b.scheduledDeparture || (a.flightNumber < b.flightNumber ? -1 : 1),
  );
}

export const flightsDataset: Dataset<FlightInstance, FlightsInfo> = {
  name: FLIGHTS,
  source: 'AviationStack real-time flights',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    flights: {
      url: FLIGHTS_URL,
      sample: 'aviation/aviationstack-flights.json',
      requires: ['AVIATIONSTACK_API_KEY'],
      // AviationStack takes its key as a query parameter, not a header (redacted by value from errors).
      fetch: (get, { config }) =>
        get(`${FLIGHTS_URL}&access_key=${encodeURIComponent(config.AVIATIONSTACK_API_KEY ?? '')}`),
    },
  },
  parse(payloads, now) {
    return { records: parseAviationstackFlights(payloads.flights!, now), info: { readAt: now } };
  },
};
