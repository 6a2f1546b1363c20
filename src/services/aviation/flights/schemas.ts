import { z } from 'zod';
import { FLIGHT_STATUSES, isCalendarDate } from './rules.js';

const int32 = (description: string) => z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
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
