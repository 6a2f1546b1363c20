import { z } from 'zod';
import { doubleParam, int32Param, stringParam } from '../../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../../platform/schemas/core.js';
import { AIRCRAFT_TYPES, OPERATORS } from './rules.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const OPERATOR_ENUM = [
  'MILITARY_OPERATOR_UNSPECIFIED',
  ...OPERATORS.map((o) => `MILITARY_OPERATOR_${o}` as const),
] as const;
export const AIRCRAFT_TYPE_ENUM = [
  'MILITARY_AIRCRAFT_TYPE_UNSPECIFIED',
  ...AIRCRAFT_TYPES.map((t) => `MILITARY_AIRCRAFT_TYPE_${t}` as const),
] as const;
const CONFIDENCE_ENUM = [
  'MILITARY_CONFIDENCE_UNSPECIFIED',
  'MILITARY_CONFIDENCE_LOW',
  'MILITARY_CONFIDENCE_MEDIUM',
  'MILITARY_CONFIDENCE_HIGH',
] as const;

export const FlightEnrichment = z
  .object({
    manufacturer: z.string().meta({ description: 'Manufacturer from the aircraft database description.' }),
    owner: z.string().meta({ description: 'Registered owner/operator from the aircraft database, or empty.' }),
    operatorName: z
      .string()
      .meta({ description: 'The same owner/operator name (the database does not separate them).' }),
    typeCode: z.string().meta({ description: 'ICAO aircraft type designator.' }),
    builtYear: z.string().meta({ description: 'Year of build when the database knows it, or empty.' }),
    confirmedMilitary: z
      .boolean()
      .meta({ description: 'True when the aircraft database itself flags the airframe military.' }),
    militaryBranch: z.string().meta({ description: 'Branch the classification settled on, e.g. `USN`.' }),
  })
  .meta({
    id: 'military_v1_FlightEnrichment',
    description: 'What the ADS-B aircraft database says about the airframe.',
  });

export const MilitaryFlight = z
  .object({
    id: z.string().min(1).meta({ description: 'The ICAO 24-bit address, upper-case hex (one entry per airframe).' }),
    callsign: z.string().meta({ description: 'Transmitted callsign, trimmed; empty when none.' }),
    hexCode: z.string().meta({ description: 'ICAO 24-bit address, upper-case hex.' }),
    registration: z.string(),
    aircraftType: z
      .enum(AIRCRAFT_TYPE_ENUM)
      .meta({ description: 'Role from the type designator and database description; UNKNOWN when neither names one.' }),
    aircraftModel: z.string().meta({ description: 'Model from the database description, else the type designator.' }),
    operator: z
      .enum(OPERATOR_ENUM)
      .meta({ description: 'Service that flies it; OTHER when the evidence names only a state.' }),
    operatorCountry: z
      .string()
      .meta({ description: 'ISO 3166-1 alpha-2 of the operating state; empty for NATO or unknown.' }),
    location: GeoCoordinates,
    altitude: double('Barometric altitude in feet; 0 on the ground.'),
    heading: double('Track over ground in degrees.'),
    speed: double('Ground speed in knots.'),
    verticalRate: double('Feet per minute, positive climbing.'),
    onGround: z.boolean(),
    squawk: z.string(),
    origin: z.string().meta({ description: 'Always empty: the ADS-B feed carries no route.' }),
    destination: z.string().meta({ description: 'Always empty: the ADS-B feed carries no route.' }),
    lastSeenAt: int64('Last position report, Unix epoch milliseconds.'),
    firstSeenAt: int64('Equal to lastSeenAt: a single feed snapshot does not know when tracking began.'),
    confidence: z.enum(CONFIDENCE_ENUM).meta({
      description:
        'HIGH: known airframe or database operator; MEDIUM: callsign or registration series; LOW: address block or feed flag only.',
    }),
    isInteresting: z
      .boolean()
      .meta({ description: 'Emergency squawk, or a role such as AWACS, tanker, bomber, reconnaissance or drone.' }),
    note: z.string().meta({ description: 'Why it is interesting, or empty.' }),
    enrichment: FlightEnrichment.optional(),
    source: z.string().meta({ description: '`adsb.lol` (public ADS-B military feed).' }),
  })
  .meta({ id: 'military_v1_MilitaryFlight', description: 'One military aircraft with its last reported position.' });
export type MilitaryFlight = z.infer<typeof MilitaryFlight>;

export const MilitaryFlightCluster = z
  .object({
    id: z.string(),
    name: z.string(),
    location: GeoCoordinates,
    flightCount: int32('Flights in the cluster.'),
    flights: z.array(MilitaryFlight),
    dominantOperator: z.enum(OPERATOR_ENUM),
    activityType: z.enum([
      'MILITARY_ACTIVITY_TYPE_UNSPECIFIED',
      'MILITARY_ACTIVITY_TYPE_EXERCISE',
      'MILITARY_ACTIVITY_TYPE_PATROL',
      'MILITARY_ACTIVITY_TYPE_TRANSPORT',
      'MILITARY_ACTIVITY_TYPE_DEPLOYMENT',
      'MILITARY_ACTIVITY_TYPE_TRANSIT',
      'MILITARY_ACTIVITY_TYPE_UNKNOWN',
    ]),
  })
  .meta({ id: 'military_v1_MilitaryFlightCluster', description: 'A group of flights.' });

const lat = (d: string) => doubleParam({ min: -90, max: 90, description: d });
const lon = (d: string) => doubleParam({ min: -180, max: 180, description: d });

export const ListMilitaryFlightsRequest = z.object({
  page_size: int32Param({ min: 0, max: 100, description: 'Flights per page, 1 to 100; omitted or 0 means 100.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  ne_lat: lat('North-east corner latitude; omitted corners default to the whole world.'),
  ne_lon: lon('North-east corner longitude; a west edge east of this crosses the antimeridian.'),
  sw_lat: lat('South-west corner latitude.'),
  sw_lon: lon('South-west corner longitude.'),
  operator: z.enum(OPERATOR_ENUM).optional().meta({ description: 'Only flights of this operator (UNSPECIFIED: all).' }),
  aircraft_type: z
    .enum(AIRCRAFT_TYPE_ENUM)
    .optional()
    .meta({ description: 'Only flights of this role (UNSPECIFIED: all).' }),
});
export type ListMilitaryFlightsRequest = z.infer<typeof ListMilitaryFlightsRequest>;

export const ListMilitaryFlightsResponse = z
  .object({
    flights: z.array(MilitaryFlight).meta({
      description: 'Airborne and ground military aircraft in the box, interesting ones first, then by address.',
    }),
    clusters: z.array(MilitaryFlightCluster).meta({ description: 'Always empty: grouping is left to the client.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'military_v1_ListMilitaryFlightsResponse', description: 'Military flights in a bounding box.' });
export type ListMilitaryFlightsResponse = z.infer<typeof ListMilitaryFlightsResponse>;

export const GetTheaterPostureRequest = z.object({
  theater: stringParam('Only this theater id (e.g. `baltic-theater`); omitted: all nine.', 64),
});
export type GetTheaterPostureRequest = z.infer<typeof GetTheaterPostureRequest>;

export const TheaterPosture = z
  .object({
    theater: z.string().meta({ description: 'Theater id, e.g. `iran-theater`.' }),
    postureLevel: z.string().meta({
      description: '`normal`, `elevated` or `critical`, from the airborne military flights inside the theater.',
    }),
    activeFlights: int32('Airborne military flights inside the theater box.'),
    trackedVessels: int32('Always 0: vessel tracks are not part of this snapshot.'),
    activeOperations: z.array(z.string()).meta({
      description:
        '`strike_capable` (tankers, AWACS and fighters together), `aerial_refueling`, `airborne_early_warning`.',
    }),
    assessedAt: int64('Time of the flight snapshot the posture was derived from, Unix epoch milliseconds.'),
  })
  .meta({ id: 'military_v1_TheaterPosture', description: 'Military air activity in one theater.' });

export const GetTheaterPostureResponse = z
  .object({ theaters: z.array(TheaterPosture) })
  .meta({ id: 'military_v1_GetTheaterPostureResponse', description: 'Posture of the watched theaters.' });
export type GetTheaterPostureResponse = z.infer<typeof GetTheaterPostureResponse>;
