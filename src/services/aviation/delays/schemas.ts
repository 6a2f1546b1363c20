import { z } from 'zod';
import { int32Param, listParam, stringParam } from '../../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../../platform/schemas/core.js';
import { DELAY_TYPES, SEVERITIES } from './rules.js';

const REGIONS = [
  'AIRPORT_REGION_AMERICAS',
  'AIRPORT_REGION_EUROPE',
  'AIRPORT_REGION_APAC',
  'AIRPORT_REGION_MENA',
  'AIRPORT_REGION_AFRICA',
] as const;

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const AirportDelayAlert = z
  .object({
    id: z.string().min(1).meta({
      description:
        'Stable id: `faa-<IATA>` or `aviationstack-<IATA>` for a delay, `status-<IATA>` for normal operations, `unknown-<IATA>` without coverage.',
    }),
    iata: z.string().meta({ description: 'IATA airport code.' }),
    icao: z.string().meta({ description: 'ICAO airport code.' }),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    location: GeoCoordinates,
    region: z.enum(['AIRPORT_REGION_UNSPECIFIED', ...REGIONS]),
    delayType: z.enum(DELAY_TYPES),
    severity: z
      .enum(SEVERITIES)
      .meta({ description: 'How disrupted the airport is; UNKNOWN when no source covers it right now.' }),
    avgDelayMinutes: int32('Typical delay in minutes (FAA average or range midpoint; mean departure delay elsewhere).'),
    delayedFlightsPct: z.number().meta({
      format: 'double',
      description: 'Share of departures delayed 15 minutes or more, percent; 0 when unknown.',
    }),
    cancelledFlights: int32('Cancelled departures seen in the flights feed.'),
    totalFlights: int32('Departures seen in the flights feed; 0 for FAA-reported airports.'),
    reason: z.string().meta({ description: 'Cause as published by the source, or a summary of the computed figures.' }),
    source: z.enum([
      'FLIGHT_DELAY_SOURCE_UNSPECIFIED',
      'FLIGHT_DELAY_SOURCE_FAA',
      'FLIGHT_DELAY_SOURCE_EUROCONTROL',
      'FLIGHT_DELAY_SOURCE_COMPUTED',
      'FLIGHT_DELAY_SOURCE_AVIATIONSTACK',
      'FLIGHT_DELAY_SOURCE_NOTAM',
    ]),
    updatedAt: int64('When the source last described this airport, Unix epoch milliseconds; 0 without coverage.'),
  })
  .meta({ id: 'aviation_v1_AirportDelayAlert', description: 'Delay status of one monitored airport.' });

export type AirportDelayAlert = z.infer<typeof AirportDelayAlert>;

export const ListAirportDelaysRequest = z.object({
  page_size: int32Param({ min: 0, description: 'Airports per page. Omitted or 0 returns every monitored airport.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  region: z.enum(REGIONS).optional().meta({ description: 'Only airports in this region.' }),
  min_severity: z
    .enum([
      'FLIGHT_DELAY_SEVERITY_NORMAL',
      'FLIGHT_DELAY_SEVERITY_MINOR',
      'FLIGHT_DELAY_SEVERITY_MODERATE',
      'FLIGHT_DELAY_SEVERITY_MAJOR',
      'FLIGHT_DELAY_SEVERITY_SEVERE',
      'FLIGHT_DELAY_SEVERITY_UNKNOWN',
    ])
    .optional()
    .meta({ description: 'Only airports at this severity or worse; UNKNOWN selects the airports without coverage.' }),
});

export type ListAirportDelaysRequest = z.infer<typeof ListAirportDelaysRequest>;

export const ListAirportDelaysResponse = z
  .object({
    alerts: z
      .array(AirportDelayAlert)
      .meta({ description: 'Every monitored airport matching the filters, worst first, then by IATA code.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'aviation_v1_ListAirportDelaysResponse', description: 'Delay status of the monitored airports.' });

export type ListAirportDelaysResponse = z.infer<typeof ListAirportDelaysResponse>;

export const GetAirportOpsSummaryRequest = z.object({
  airports: listParam('Up to 20 IATA airport codes, any case; omitted: IST, LHR, FRA, CDG, AMS, DXB.', {
    maxItemLength: 8,
  }),
});
export type GetAirportOpsSummaryRequest = z.infer<typeof GetAirportOpsSummaryRequest>;

export const AirportOpsSummary = z
  .object({
    iata: z.string(),
    icao: z.string().meta({ description: 'ICAO code; empty for an airport outside the monitored list.' }),
    name: z.string().meta({ description: 'Airport name; the requested code for an unknown airport.' }),
    timezone: z.string().meta({ description: 'IANA time zone from the flights feed, else `UTC`.' }),
    delayPct: z.number().meta({ format: 'double', description: 'Share of departures delayed 15+ minutes, percent.' }),
    avgDelayMinutes: int32('Average departure delay (FAA average or range midpoint for US airports).'),
    cancellationRate: z.number().meta({ format: 'double', description: 'Cancelled departures, percent, one decimal.' }),
    totalFlights: int32('Departures seen in the flights feed.'),
    closureStatus: z.boolean().meta({ description: 'True when a NOTAM in force closes the aerodrome.' }),
    notamFlags: z
      .array(z.string())
      .meta({ description: '`CLOSED`, `RESTRICTED`, `NOTAM` (other NOTAMs in force), each once.' }),
    severity: z.enum(SEVERITIES).meta({
      description:
        'Worst of the delay picture and the NOTAM floor (closed: SEVERE without flights, else MODERATE; restricted: MINOR); UNKNOWN without coverage.',
    }),
    topDelayReasons: z
      .array(z.string())
      .meta({ description: 'The delay reason, then the text of closing or restricting NOTAMs (80 characters).' }),
    source: z.string().meta({
      description:
        '`aviationstack` (departures), `faa` (US airport status), `unknown` (no coverage), `degraded` (a feed is missing).',
    }),
    updatedAt: int64('When the delay source last described the airport, Unix epoch milliseconds; 0 without coverage.'),
  })
  .meta({ id: 'aviation_v1_AirportOpsSummary', description: 'Operations picture of one airport.' });
export type AirportOpsSummary = z.infer<typeof AirportOpsSummary>;

export const GetAirportOpsSummaryResponse = z
  .object({
    summaries: z.array(AirportOpsSummary).meta({ description: 'One per requested airport, in request order.' }),
    cacheHit: z.boolean().meta({ description: 'Always true: answered from stored feeds.' }),
  })
  .meta({ id: 'aviation_v1_GetAirportOpsSummaryResponse', description: 'Operations summaries of airports.' });
export type GetAirportOpsSummaryResponse = z.infer<typeof GetAirportOpsSummaryResponse>;
