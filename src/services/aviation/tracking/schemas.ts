import { z } from 'zod';
import { doubleParam, stringParam } from '../../../platform/query-params.js';

const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const TrackAircraftRequest = z.object({
  icao24: stringParam('Only this ICAO 24-bit address (hex, any case).', 16),
  callsign: stringParam('Only callsigns containing this text (any case).', 16),
  sw_lat: doubleParam({
    min: -90,
    max: 90,
    description: 'South-west corner latitude; the box applies when all four corners are given and differ.',
  }),
  sw_lon: doubleParam({ min: -180, max: 180, description: 'South-west corner longitude.' }),
  ne_lat: doubleParam({ min: -90, max: 90, description: 'North-east corner latitude.' }),
  ne_lon: doubleParam({ min: -180, max: 180, description: 'North-east corner longitude.' }),
});
export type TrackAircraftRequest = z.infer<typeof TrackAircraftRequest>;

export const POSITION_SOURCES = [
  'POSITION_SOURCE_UNSPECIFIED',
  'POSITION_SOURCE_WINGBITS',
  'POSITION_SOURCE_SIMULATED',
] as const;

export const PositionSample = z
  .object({
    icao24: z.string(),
    callsign: z.string(),
    lat: double('Latitude.'),
    lon: double('Longitude.'),
    altitudeM: double('Barometric altitude, metres.'),
    groundSpeedKts: double('Ground speed, knots.'),
    trackDeg: double('Track, degrees.'),
    verticalRate: double('Vertical rate, metres per second.'),
    onGround: z.boolean(),
    source: z.enum(POSITION_SOURCES).meta({
      description:
        'WINGBITS for relay positions from Wingbits; UNSPECIFIED for others, including replayed ADS-B positions. Never SIMULATED.',
    }),
    observedAt: int64('Time of the position, Unix epoch milliseconds.'),
  })
  .meta({ id: 'aviation_v1_PositionSample', description: 'One aircraft position.' });

export const TrackAircraftResponse = z
  .object({
    positions: z.array(PositionSample),
    source: z.string().meta({
      description:
        '`wingbits` or `opensky` (live, through the relay), `snapshot` (the stored military ADS-B feed, as of updatedAt), `none`.',
    }),
    updatedAt: int64('When the positions were read, Unix epoch milliseconds; 0 for none.'),
  })
  .meta({ id: 'aviation_v1_TrackAircraftResponse', description: 'Aircraft positions.' });
export type TrackAircraftResponse = z.infer<typeof TrackAircraftResponse>;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export const GetYoutubeLiveStreamInfoRequest = z.object({
  channel: z
    .string()
    .regex(/^@?[A-Za-z0-9._-]{1,100}$/, { message: 'string must be a channel handle such as @skynews' })
    .optional()
    .meta({ description: 'Channel handle, with or without the leading @.' }),
  video_id: z
    .string()
    .regex(VIDEO_ID, { message: 'string must be an 11-character YouTube video id' })
    .optional()
    .meta({ description: 'An 11-character video id.' }),
});
export type GetYoutubeLiveStreamInfoRequest = z.infer<typeof GetYoutubeLiveStreamInfoRequest>;

export const GetYoutubeLiveStreamInfoResponse = z
  .object({
    videoId: z.string().meta({ description: 'The live video, or the requested id.' }),
    isLive: z.boolean().meta({ description: 'True only when the relay saw the stream live just now.' }),
    channelExists: z
      .boolean()
      .meta({ description: 'True when the relay found the channel or video; false when unknown or missing.' }),
    channelName: z.string(),
    hlsUrl: z.string().meta({ description: 'HLS manifest of a live stream, else empty.' }),
    title: z.string(),
    error: z.string().meta({ description: 'Why the status is unknown, or empty.' }),
  })
  .meta({
    id: 'aviation_v1_GetYoutubeLiveStreamInfoResponse',
    description: 'Whether a YouTube channel or video is live.',
  });
export type GetYoutubeLiveStreamInfoResponse = z.infer<typeof GetYoutubeLiveStreamInfoResponse>;
