import { z } from 'zod';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });
const single = <T extends z.ZodType<string, string>>(rules: T) => z.string().pipe(rules);

export const AircraftDetails = z
  .object({
    icao24: z.string().meta({ description: 'ICAO 24-bit address, lower-case hex.' }),
    registration: z.string(),
    manufacturerIcao: z.string(),
    manufacturerName: z.string(),
    model: z.string(),
    typecode: z.string().meta({ description: 'ICAO type designator.' }),
    serialNumber: z.string(),
    icaoAircraftType: z.string().meta({ description: 'ICAO description code, e.g. `L2J` (landplane, two jets).' }),
    operator: z.string(),
    operatorCallsign: z.string(),
    operatorIcao: z.string(),
    owner: z.string(),
    built: z.string().meta({ description: 'Year of build, or empty.' }),
    engines: z.string(),
    categoryDescription: z.string(),
  })
  .meta({ id: 'military_v1_AircraftDetails', description: 'Registry facts about one airframe.' });

export const GetAircraftDetailsRequest = z.object({
  icao24: single(z.string().trim().min(1).max(16)).meta({ description: 'ICAO 24-bit address, hex, any case.' }),
});
export type GetAircraftDetailsRequest = z.infer<typeof GetAircraftDetailsRequest>;

export const GetAircraftDetailsResponse = z
  .object({
    details: AircraftDetails.optional().meta({ description: 'Absent when no source knows the airframe.' }),
    configured: z.boolean().meta({
      description: 'True when Wingbits is configured and was asked; false when the open registry answered alone.',
    }),
  })
  .meta({ id: 'military_v1_GetAircraftDetailsResponse', description: 'Details of one airframe.' });
export type GetAircraftDetailsResponse = z.infer<typeof GetAircraftDetailsResponse>;

export const GetAircraftDetailsBatchRequest = z
  .object({
    icao24s: z
      .array(z.string().max(16))
      .min(1)
      .max(20)
      .meta({ description: '1 to 20 ICAO addresses; trimmed, lower-cased, blanks and repeats dropped.' }),
  })
  .meta({ id: 'military_v1_GetAircraftDetailsBatchRequest', description: 'Airframes to look up.' });
export type GetAircraftDetailsBatchRequest = z.infer<typeof GetAircraftDetailsBatchRequest>;

export const GetAircraftDetailsBatchResponse = z
  .object({
    results: z
      .record(z.string(), AircraftDetails)
      .meta({ description: 'Details by lower-case ICAO address, found airframes only.' }),
    fetched: int32('Airframes found.'),
    requested: int32('Distinct addresses looked up.'),
    configured: z.boolean().meta({ description: 'True when Wingbits is configured and was asked.' }),
  })
  .meta({ id: 'military_v1_GetAircraftDetailsBatchResponse', description: 'Details of several airframes.' });
export type GetAircraftDetailsBatchResponse = z.infer<typeof GetAircraftDetailsBatchResponse>;

export const GetWingbitsStatusRequest = z.object({});
export const GetWingbitsStatusResponse = z
  .object({ configured: z.boolean().meta({ description: 'Whether a Wingbits API key is configured.' }) })
  .meta({ id: 'military_v1_GetWingbitsStatusResponse', description: 'Whether the Wingbits provider is available.' });

export const GetWingbitsLiveFlightRequest = z.object({
  icao24: single(z.string().trim().min(1).max(16)).meta({
    description: 'ICAO 24-bit address, 6 hex digits, any case; anything else answers no flight.',
  }),
});
export type GetWingbitsLiveFlightRequest = z.infer<typeof GetWingbitsLiveFlightRequest>;

const empty = (d: string) => z.string().meta({ description: d });

export const WingbitsLiveFlight = z
  .object({
    icao24: z.string(),
    callsign: z.string(),
    lat: double('Latitude.'),
    lon: double('Longitude.'),
    altitude: double('Barometric altitude, feet.'),
    speed: double('Ground speed, knots.'),
    heading: double('Track, degrees.'),
    verticalRate: double('Feet per minute.'),
    registration: z.string(),
    model: z.string(),
    operator: z.string(),
    onGround: z.boolean(),
    lastSeen: z
      .string()
      .meta({ format: 'int64', description: 'Time of the position, Unix epoch seconds (as a string).' }),
    depIata: empty('Schedule fields are not fetched: always empty.'),
    arrIata: empty('Always empty.'),
    depTimeUtc: empty('Always empty.'),
    arrTimeUtc: empty('Always empty.'),
    depEstimatedUtc: empty('Always empty.'),
    arrEstimatedUtc: empty('Always empty.'),
    depDelayedMin: int32('Always 0.'),
    arrDelayedMin: int32('Always 0.'),
    flightStatus: z.string().meta({
      description:
        '`live` for a Wingbits position, `snapshot` for the last position in the stored military ADS-B feed (see lastSeen).',
    }),
    flightDurationMin: int32('Always 0.'),
    arrTerminal: empty('Always empty.'),
    photoUrl: empty('Photos are not fetched: always empty.'),
    photoLink: empty('Always empty.'),
    photoCredit: empty('Always empty.'),
    callsignIata: empty('Always empty.'),
    airlineName: empty('Always empty.'),
  })
  .meta({ id: 'military_v1_WingbitsLiveFlight', description: 'Position of one aircraft.' });
export type WingbitsLiveFlight = z.infer<typeof WingbitsLiveFlight>;

export const GetWingbitsLiveFlightResponse = z
  .object({ flight: WingbitsLiveFlight.optional().meta({ description: 'Absent when no position is known.' }) })
  .meta({ id: 'military_v1_GetWingbitsLiveFlightResponse', description: 'Latest position of an aircraft.' });
export type GetWingbitsLiveFlightResponse = z.infer<typeof GetWingbitsLiveFlightResponse>;
