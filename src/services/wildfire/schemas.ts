import { z } from 'zod';
import { doubleParam, int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';

export const FIRE_CONFIDENCES = [
  'FIRE_CONFIDENCE_UNSPECIFIED',
  'FIRE_CONFIDENCE_LOW',
  'FIRE_CONFIDENCE_NOMINAL',
  'FIRE_CONFIDENCE_HIGH',
] as const;
export const FireConfidence = z.enum(FIRE_CONFIDENCES);
export type FireConfidence = z.infer<typeof FireConfidence>;

export const FireDetection = z
  .object({
    id: z
      .string()
      .min(1)
      .meta({ description: 'Stable id: latitude, longitude, acquisition date and time, and satellite.' }),
    location: GeoCoordinates.meta({ description: 'Centre of the detection pixel.' }),
    brightness: z.number().meta({
      format: 'double',
      description: 'Brightness temperature of the fire pixel in kelvin (VIIRS I-4 channel).',
    }),
    frp: z.number().meta({ format: 'double', description: 'Fire radiative power in megawatts.' }),
    confidence: FireConfidence.meta({ description: 'Detection confidence as FIRMS grades it (low, nominal, high).' }),
    satellite: z.string().meta({ description: 'Satellite that saw the fire: Suomi NPP, NOAA-20 or NOAA-21.' }),
    detectedAt: z.number().int().meta({ format: 'int64', description: 'Acquisition time, Unix epoch milliseconds.' }),
    region: z.string().meta({ description: 'Monitored region the detection falls in, e.g. `Ukraine`.' }),
    dayNight: z.string().meta({ description: '`D` for a daytime pass, `N` for night.' }),
    possibleExplosion: z.boolean().meta({
      description:
        'True for an intense, very hot pixel (FRP above 80 MW and brightness above 380 K), which strikes and explosions produce.',
    }),
    source: z.string().meta({ description: 'Data source; `firms` for NASA FIRMS satellite hotspots.' }),
    kind: z.string().meta({ description: '`hotspot`: a satellite thermal anomaly, not a confirmed incident.' }),
    emergency: z.boolean().meta({
      description: 'True only for fires an agency has declared; satellite hotspots are unverified and false.',
    }),
    agencyFireId: z.string().meta({ description: 'Fire id assigned by a fire agency; empty for satellite hotspots.' }),
    agencyCode: z.string().meta({ description: 'Agency that assigned the id; empty for satellite hotspots.' }),
    fireSize: z.number().meta({
      format: 'double',
      description: 'Burned area in hectares as an agency reports it; 0 for satellite hotspots.',
    }),
  })
  .meta({ id: 'wildfire_v1_FireDetection', description: 'One satellite-detected active fire.' });
export type FireDetection = z.infer<typeof FireDetection>;

export const FIRES_DEFAULT_PAGE_SIZE = 500;
export const FIRES_MAX_PAGE_SIZE = 1000;

export const ListFireDetectionsRequest = z.object({
  start: int64Param({
    min: 0,
    description: 'Earliest acquisition time to include, Unix epoch milliseconds, inclusive.',
  }),
  end: int64Param({ min: 0, description: 'Latest acquisition time to include, Unix epoch milliseconds, inclusive.' }),
  page_size: int32Param({
    min: 0,
    description: `Detections per page. Omitted or 0 means ${FIRES_DEFAULT_PAGE_SIZE}; larger values are served as ${FIRES_MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  ne_lat: doubleParam({
    min: -90,
    max: 90,
    description: 'North-east corner latitude of a bounding box; all four corners or none.',
  }),
  ne_lon: doubleParam({ min: -180, max: 180, description: 'North-east corner longitude of a bounding box.' }),
  sw_lat: doubleParam({ min: -90, max: 90, description: 'South-west corner latitude of a bounding box.' }),
  sw_lon: doubleParam({
    min: -180,
    max: 180,
    description:
      'South-west corner longitude of a bounding box; a west edge east of the east edge crosses the antimeridian.',
  }),
});
export type ListFireDetectionsRequest = z.infer<typeof ListFireDetectionsRequest>;

export const ListFireDetectionsResponse = z
  .object({
    fireDetections: z.array(FireDetection).meta({
      description:
        'Detections, most significant first (possible explosions, then confidence, brightness, FRP, newest).',
    }),
    pagination: PaginationResponse,
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the detections were read from FIRMS, Unix epoch milliseconds; 0 when there is no snapshot.',
    }),
    dataAvailable: z
      .boolean()
      .meta({ description: 'False when no fire snapshot is available: the empty list then says nothing about fires.' }),
  })
  .meta({ id: 'wildfire_v1_ListFireDetectionsResponse', description: 'Active fires detected by satellite.' });
export type ListFireDetectionsResponse = z.infer<typeof ListFireDetectionsResponse>;
