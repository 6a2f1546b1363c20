import { z } from 'zod';
import { int32Param, listParam } from '../../../platform/query-params.js';
import { FLIGHT_STATUSES, isCalendarDate } from './rules.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const Carrier = z
  .object({
    iataCode: z.string(),
    icaoCode: z.string(),
    name: z.string(),
  })
  .meta({ id: 'aviation_v1_Carrier', description: 'An airline.' });

export const AirportRef = z
  .object({
    iata: z.string(),
    icao: z.string(),
    name: z.string(),
    timezone: z.string().meta({ description: 'IANA time zone of the airport; `UTC` when unknown.' }),
  })
  .meta({ id: 'aviation_v1_AirportRef', description: 'An airport a flight departs from or arrives at.' });

export const FlightInstance = z
  .object({
    flightNumber: z.string().meta({ description: 'IATA flight number of the operating flight, e.g. `BA117`.' }),
    date: z.string().meta({ description: 'Scheduled departure date, YYYY-MM-DD.' }),
    operatingCarrier: Carrier,
    origin: AirportRef,
    destination: AirportRef,
    scheduledDeparture: int64('Unix epoch milliseconds; 0 when unknown (as are the other times).'),
    estimatedDeparture: int64('Scheduled departure plus the known delay when the source gives no estimate.'),
    actualDeparture: int64('0 until the flight has left.'),
    scheduledArrival: int64('Unix epoch milliseconds.'),
    estimatedArrival: int64('Unix epoch milliseconds.'),
    actualArrival: int64('0 until the flight has arrived.'),
    status: z.enum(FLIGHT_STATUSES),
    delayMinutes: int32('Departure delay in minutes.'),
    cancelled: z.boolean(),
    diverted: z.boolean(),
    gate: z.string().meta({ description: 'Departure gate, or empty.' }),
    terminal: z.string().meta({ description: 'Departure terminal, or empty.' }),
    aircraftIcao24: z.string().meta({ description: 'ICAO 24-bit transponder address, hex, or empty.' }),
    aircraftType: z.string().meta({ description: 'ICAO aircraft type designator, or empty.' }),
    codeshareFlightNumbers: z.array(z.string()).meta({ description: 'Marketing flight numbers sold on this flight.' }),
    source: z.string().meta({ description: 'Provider of the record (`aviationstack`).' }),
    updatedAt: int64('When the provider’s data was read, Unix epoch milliseconds.'),
  })
  .meta({ id: 'aviation_v1_FlightInstance', description: 'One operation of a flight on one date.' });

export type FlightInstance = z.infer<typeof FlightInstance>;

/** A single string first (a repeated key fails there alone), then the value's own rules. */
const single = <T extends z.ZodType<string, string>>(rules: T) => z.string().pipe(rules);

export const GetFlightStatusRequest = z.object({
  flight_number: single(z.string().min(3).max(10)).meta({
    description: 'IATA flight number, 3 to 10 characters, e.g. `TK1952`; case, spaces and leading zeros are ignored.',
  }),
  date: single(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'string must match pattern ^\\d{4}-\\d{2}-\\d{2}$ (YYYY-MM-DD)' })
      .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v), {
        message: 'value must be a real calendar date',
      }),
  ).meta({ description: 'Scheduled departure date, YYYY-MM-DD.' }),
  origin: single(z.string().regex(/^[A-Za-z]{3}$/, { message: 'string must be a 3-letter IATA airport code' }))
    .optional()
    .meta({ description: 'Departure airport IATA code, to pick one leg of a multi-leg flight number.' }),
});

export type GetFlightStatusRequest = z.infer<typeof GetFlightStatusRequest>;

export const GetFlightStatusResponse = z
  .object({
    flights: z.array(FlightInstance),
    source: z.string().meta({
      description:
        '`aviationstack` (live provider), `snapshot` (stored flights feed), or `unavailable` when neither could answer.',
    }),
    cacheHit: z.boolean().meta({
      description:
        'True when answered from stored data (the snapshot or a recent live answer) rather than a fresh provider call.',
    }),
  })
  .meta({ id: 'aviation_v1_GetFlightStatusResponse', description: 'Status of a flight on a date.' });

export type GetFlightStatusResponse = z.infer<typeof GetFlightStatusResponse>;

const DIRECTIONS = [
  'FLIGHT_DIRECTION_UNSPECIFIED',
  'FLIGHT_DIRECTION_DEPARTURE',
  'FLIGHT_DIRECTION_ARRIVAL',
  'FLIGHT_DIRECTION_BOTH',
] as const;

export const ListAirportFlightsRequest = z.object({
  airport: single(
    z.string().regex(/^[A-Za-z]{3,4}$/, { message: 'string must be a 3-letter IATA or 4-letter ICAO airport code' }),
  ).meta({
    description: 'IATA code, or the ICAO code of a monitored airport; any case.',
  }),
  direction: z.enum(DIRECTIONS).optional().meta({ description: 'Departures (default), arrivals, or both.' }),
  limit: int32Param({ min: 0, max: 100, description: 'Flights to return, 1 to 100; omitted or 0 means 30.' }),
});
export type ListAirportFlightsRequest = z.infer<typeof ListAirportFlightsRequest>;

export const ListAirportFlightsResponse = z
  .object({
    flights: z
      .array(FlightInstance)
      .meta({ description: 'By scheduled time (departure for departures, arrival for arrivals).' }),
    totalAvailable: int32('Flights on the board before `limit`.'),
    source: z.string().meta({
      description: '`aviationstack` (live), `snapshot` (the stored flights feed, as of updatedAt), `unavailable`.',
    }),
    updatedAt: int64('When the board was read, Unix epoch milliseconds; 0 when unavailable.'),
  })
  .meta({ id: 'aviation_v1_ListAirportFlightsResponse', description: 'An airport’s flight board.' });
export type ListAirportFlightsResponse = z.infer<typeof ListAirportFlightsResponse>;

export const GetCarrierOpsRequest = z.object({
  airports: listParam('Up to 6 IATA codes, any case; omitted: IST, LHR, FRA.', { maxItemLength: 8 }),
  min_flights: int32Param({
    min: 0,
    max: 10000,
    description: 'Only carriers with at least this many departures at the airport; omitted means 3, 0 keeps all.',
  }),
});
export type GetCarrierOpsRequest = z.infer<typeof GetCarrierOpsRequest>;

export const CarrierOpsSummary = z
  .object({
    carrier: Carrier,
    airport: z.string(),
    totalFlights: int32('Departures of the carrier at the airport.'),
    delayedCount: int32('Departures delayed 15 minutes or more.'),
    cancelledCount: int32('Cancelled departures.'),
    avgDelayMinutes: int32('Mean departure delay of the flights that operated.'),
    delayPct: z
      .number()
      .meta({ format: 'double', description: 'Delayed share of operated departures, percent, one decimal.' }),
    cancellationRate: z.number().meta({ format: 'double', description: 'Cancelled share, percent, one decimal.' }),
    updatedAt: int64('When the board was read, Unix epoch milliseconds.'),
  })
  .meta({ id: 'aviation_v1_CarrierOpsSummary', description: 'One carrier’s departures at one airport.' });

export const GetCarrierOpsResponse = z
  .object({
    carriers: z.array(CarrierOpsSummary).meta({ description: 'Highest cancellation rate first, then delayed share.' }),
    source: z.string().meta({
      description:
        '`aviationstack` (live), `snapshot` (stored flights feed), `partial` (some boards failed), `unavailable`.',
    }),
    updatedAt: int64('When the boards were read, Unix epoch milliseconds (the oldest); 0 when unavailable.'),
  })
  .meta({ id: 'aviation_v1_GetCarrierOpsResponse', description: 'Carrier performance at airports.' });
export type GetCarrierOpsResponse = z.infer<typeof GetCarrierOpsResponse>;
