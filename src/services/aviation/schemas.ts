import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../core/schemas.js';
import { DELAY_TYPES, FLIGHT_STATUSES, isCalendarDate, SEVERITIES } from './rules.js';

const REGIONS = ['AIRPORT_REGION_AMERICAS', 'AIRPORT_REGION_EUROPE', 'AIRPORT_REGION_APAC', 'AIRPORT_REGION_MENA', 'AIRPORT_REGION_AFRICA'] as const;

const int32 = (description: string) => z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const AirportDelayAlert = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id: `faa-<IATA>` or `aviationstack-<IATA>` for a delay, `status-<IATA>` for normal operations, `unknown-<IATA>` without coverage.' }),
    iata: z.string().meta({ description: 'IATA airport code.' }),
    icao: z.string().meta({ description: 'ICAO airport code.' }),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    location: GeoCoordinates,
    region: z.enum(['AIRPORT_REGION_UNSPECIFIED', ...REGIONS]),
    delayType: z.enum(DELAY_TYPES),
    severity: z.enum(SEVERITIES).meta({ description: 'How disrupted the airport is; UNKNOWN when no source covers it right now.' }),
    avgDelayMinutes: int32('Typical delay in minutes (FAA average or range midpoint; mean departure delay elsewhere).'),
    delayedFlightsPct: z.number().meta({ format: 'double', description: 'Share of departures delayed 15 minutes or more, percent; 0 when unknown.' }),
    cancelledFlights: int32('Cancelled departures seen in the flights feed.'),
    totalFlights: int32('Departures seen in the flights feed; 0 for FAA-reported airports.'),
    reason: z.string().meta({ description: 'Cause as published by the source, or a summary of the computed figures.' }),
    source: z.enum(['FLIGHT_DELAY_SOURCE_UNSPECIFIED', 'FLIGHT_DELAY_SOURCE_FAA', 'FLIGHT_DELAY_SOURCE_EUROCONTROL', 'FLIGHT_DELAY_SOURCE_COMPUTED', 'FLIGHT_DELAY_SOURCE_AVIATIONSTACK', 'FLIGHT_DELAY_SOURCE_NOTAM']),
    updatedAt: int64('When the source last described this airport, Unix epoch milliseconds; 0 without coverage.'),
  })
  .meta({ id: 'aviation_v1_AirportDelayAlert', description: 'Delay status of one monitored airport.' });

export type AirportDelayAlert = z.infer<typeof AirportDelayAlert>;

export const ListAirportDelaysRequest = z.object({
  page_size: int32Param({ min: 0, description: 'Airports per page. Omitted or 0 returns every monitored airport.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  region: z.enum(REGIONS).optional().meta({ description: 'Only airports in this region.' }),
  min_severity: z
    .enum(['FLIGHT_DELAY_SEVERITY_NORMAL', 'FLIGHT_DELAY_SEVERITY_MINOR', 'FLIGHT_DELAY_SEVERITY_MODERATE', 'FLIGHT_DELAY_SEVERITY_MAJOR', 'FLIGHT_DELAY_SEVERITY_SEVERE', 'FLIGHT_DELAY_SEVERITY_UNKNOWN'])
    .optional()
    .meta({ description: 'Only airports at this severity or worse; UNKNOWN selects the airports without coverage.' }),
});

export type ListAirportDelaysRequest = z.infer<typeof ListAirportDelaysRequest>;

export const ListAirportDelaysResponse = z
  .object({
    alerts: z.array(AirportDelayAlert).meta({ description: 'Every monitored airport matching the filters, worst first, then by IATA code.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'aviation_v1_ListAirportDelaysResponse', description: 'Delay status of the monitored airports.' });

export type ListAirportDelaysResponse = z.infer<typeof ListAirportDelaysResponse>;

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
      .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v), { message: 'value must be a real calendar date' }),
  ).meta({ description: 'Scheduled departure date, YYYY-MM-DD.' }),
  origin: single(z.string().regex(/^[A-Za-z]{3}$/, { message: 'string must be a 3-letter IATA airport code' }))
    .optional()
    .meta({ description: 'Departure airport IATA code, to pick one leg of a multi-leg flight number.' }),
});

export type GetFlightStatusRequest = z.infer<typeof GetFlightStatusRequest>;

export const GetFlightStatusResponse = z
  .object({
    flights: z.array(FlightInstance),
    source: z.string().meta({ description: '`aviationstack` (live provider), `snapshot` (stored flights feed), or `unavailable` when neither could answer.' }),
    cacheHit: z.boolean().meta({ description: 'True when answered from stored data (the snapshot or a recent live answer) rather than a fresh provider call.' }),
  })
  .meta({ id: 'aviation_v1_GetFlightStatusResponse', description: 'Status of a flight on a date.' });

export type GetFlightStatusResponse = z.infer<typeof GetFlightStatusResponse>;
