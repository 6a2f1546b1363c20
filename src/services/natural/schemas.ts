import { z } from 'zod';
import { int32Param } from '../../platform/query-params.js';

const dbl = (description: string) => z.number().meta({ format: 'double', description });
const i32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const ForecastPoint = z
  .object({
    lat: dbl('Latitude.'),
    lon: dbl('Longitude.'),
    hour: i32('Hours ahead of the advisory.'),
    windKt: i32('Forecast wind, knots.'),
    category: i32('Saffir–Simpson category at that point (0 below hurricane strength).'),
  })
  .meta({ id: 'natural_v1_ForecastPoint', description: 'One point of a forecast storm track.' });
export const Coordinate = z
  .object({ lon: dbl('Longitude.'), lat: dbl('Latitude.') })
  .meta({ id: 'natural_v1_Coordinate', description: 'A position.' });
export const CoordRing = z
  .object({ points: z.array(Coordinate).meta({ description: 'Vertices in order.' }) })
  .meta({ id: 'natural_v1_CoordRing', description: 'A closed ring of a polygon.' });
export const PastTrackPoint = z
  .object({
    lat: dbl('Latitude.'),
    lon: dbl('Longitude.'),
    windKt: i32('Wind at that time, knots (0 when not reported).'),
    timestamp: i64('Observation time, Unix epoch milliseconds.'),
  })
  .meta({ id: 'natural_v1_PastTrackPoint', description: 'One observed position of a storm.' });
export const CycloneAgencyObservation = z
  .object({
    agency: z.string().meta({ description: 'Agency that issued the observation, e.g. `JTWC`.' }),
    agencyId: z.string().meta({ description: 'The event id in the feed that carried it.' }),
    observedAt: i64('Observation time, Unix epoch milliseconds.'),
    lat: dbl('Latitude.'),
    lon: dbl('Longitude.'),
    windKt: i32('Maximum sustained wind, knots.'),
    windAveragingPeriodMinutes: i32(
      'Averaging period of that wind (1 for JTWC/NHC, 10 for WMO agencies; 0 when unknown).',
    ),
    pressureMb: i32('Central pressure, hPa; 0 when not reported.'),
    classification: z.string().meta({ description: 'Storm class at that time (TD, TS, HU/TY, STY).' }),
    status: z.string().meta({ description: '`active` or `closed`.' }),
    sourceName: z.string().meta({ description: 'Name of the source.' }),
    sourceUrl: z.string().meta({ description: 'Advisory or product address.' }),
  })
  .meta({ id: 'natural_v1_CycloneAgencyObservation', description: 'What one agency reported about a cyclone.' });

export const NaturalEvent = z
  .object({
    id: z.string().meta({ description: 'EONET event id, e.g. `EONET_15012`.' }),
    title: z.string().meta({ description: 'Event title as EONET gives it.' }),
    description: z.string().meta({ description: 'EONET description; often empty.' }),
    category: z.string().meta({
      description:
        'EONET category id: `wildfires`, `severeStorms`, `volcanoes`, `floods`, `seaLakeIce`, `dustHaze`, `landslides`, `snow` ...',
    }),
    categoryTitle: z.string().meta({ description: 'Readable category name.' }),
    lat: dbl('Latitude of the latest reported position.'),
    lon: dbl('Longitude of the latest reported position.'),
    date: i64('Time of the latest reported position, Unix epoch milliseconds.'),
    magnitude: dbl('Latest magnitude EONET reports (knots for storms, acres for fires, NM² for ice); 0 when none.'),
    magnitudeUnit: z.string().meta({ description: 'Unit of the magnitude, or empty.' }),
    sourceUrl: z.string().meta({ description: 'Address of the first source EONET cites.' }),
    sourceName: z.string().meta({ description: 'Id of that source (`JTWC`, `IRWIN`, `SIVolcano` ...).' }),
    closed: z.boolean().meta({ description: 'True once EONET has closed the event.' }),
    stormId: z.string().meta({ description: 'Storms: the event id; empty otherwise.' }),
    stormName: z.string().meta({ description: 'Storms: the name without its class, e.g. `Fung-wong`.' }),
    basin: z.string().meta({ description: 'Storms: basin from the position (`WP`, `EP`, `AL`, `NI`, `SI`, `SP`).' }),
    stormCategory: i32(
      'Storms: Saffir–Simpson category from the latest wind (1-5; 0 for tropical storms and depressions).',
    ),
    classification: z.string().meta({
      description: 'Storms: TD (<34 kt), TS (34-63 kt), HU/TY (64-129 kt), STY (130+ kt in the western Pacific).',
    }),
    windKt: i32('Storms: latest maximum sustained wind, knots.'),
    pressureMb: i32('Storms: central pressure, hPa; 0 as EONET does not carry it.'),
    movementDir: i32('Storms: heading between the last two positions, degrees clockwise from north.'),
    movementSpeedKt: i32('Storms: speed between the last two positions, knots.'),
    forecastTrack: z
      .array(ForecastPoint)
      .meta({ description: 'Storms: forecast positions; empty, as EONET carries observations only.' }),
    conePolygon: z.array(CoordRing).meta({ description: 'Storms: forecast cone; empty for the same reason.' }),
    pastTrack: z.array(PastTrackPoint).meta({ description: 'Storms: every reported position, oldest first.' }),
    canonicalId: z
      .string()
      .meta({ description: 'Storms: `<basin>-<name>` in lower case, the key duplicates across feeds share.' }),
    matchingConfidence: z
      .string()
      .meta({ description: 'How the canonical id was matched: `name` for storms, empty otherwise.' }),
    canonicalAliases: z.array(z.string()).meta({ description: 'Other names of the same storm known to the feed.' }),
    windAveragingPeriodMinutes: i32('Storms: averaging period of windKt in minutes (1 for JTWC/NHC advisories).'),
    agencyObservations: z
      .array(CycloneAgencyObservation)
      .meta({ description: 'Storms: the latest observation per reporting agency.' }),
  })
  .meta({ id: 'natural_v1_NaturalEvent', description: 'An open natural hazard tracked by NASA EONET.' });
export type NaturalEvent = z.infer<typeof NaturalEvent>;

export const NATURAL_DEFAULT_DAYS = 30;

export const ListNaturalEventsRequest = z.object({
  days: int32Param({
    min: 0,
    max: 366,
    description: `Only events reported within this many days before the snapshot was taken. Omitted or 0 means ${NATURAL_DEFAULT_DAYS} (everything the feed holds).`,
  }),
});
export type ListNaturalEventsRequest = z.infer<typeof ListNaturalEventsRequest>;

export const ListNaturalEventsResponse = z
  .object({
    events: z.array(NaturalEvent).meta({ description: 'Events, most recently reported first.' }),
    fetchedAt: i64('When the events were read from EONET, Unix epoch milliseconds; 0 without data.'),
    dataAvailable: z
      .boolean()
      .meta({ description: 'False when no event snapshot exists: the empty list then says nothing.' }),
  })
  .meta({ id: 'natural_v1_ListNaturalEventsResponse', description: 'Open natural hazards.' });
export type ListNaturalEventsResponse = z.infer<typeof ListNaturalEventsResponse>;
