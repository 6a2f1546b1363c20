import { z } from 'zod';
import { doubleParam, int32Param } from '../../platform/query-params.js';

export const WebcamEntry = z
  .object({
    webcamId: z.string().meta({ description: 'Windy webcam id; pass it to get-webcam-image.' }),
    title: z.string().meta({ description: 'Name of the view.' }),
    lat: z.number().meta({ format: 'double', description: 'Latitude of the camera.' }),
    lng: z.number().meta({ format: 'double', description: 'Longitude of the camera.' }),
    category: z
      .string()
      .meta({ description: 'First Windy category of the camera (`city`, `harbor`, `traffic`, `beach` ...).' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the camera’s country.' }),
  })
  .meta({ id: 'webcam_v1_WebcamEntry', description: 'One public webcam.' });
export type WebcamEntry = z.infer<typeof WebcamEntry>;

export const WebcamCluster = z
  .object({
    lat: z.number().meta({ format: 'double', description: 'Mean latitude of the grouped cameras.' }),
    lng: z.number().meta({ format: 'double', description: 'Circular mean longitude of the grouped cameras.' }),
    count: z.number().int().min(2).max(2147483647).meta({ format: 'int32', description: 'Cameras in the group.' }),
    categories: z.array(z.string()).meta({ description: 'Categories of the grouped cameras, each once, sorted.' }),
  })
  .meta({ id: 'webcam_v1_WebcamCluster', description: 'Cameras close together at this zoom, shown as one marker.' });

export const DEFAULT_ZOOM = 3;

export const ListWebcamsRequest = z.object({
  zoom: int32Param({
    min: 0,
    max: 22,
    description: `Map zoom level: below 3 groups cameras in 8° cells, up to 4 in 5°, up to 6 in 2°, up to 8 in 0.5°, above 8 not at all. Omitted means ${DEFAULT_ZOOM}.`,
  }),
  bound_w: doubleParam({
    min: -180,
    max: 180,
    description: 'West edge of the view in degrees (rounded down). Omitted means -180.',
  }),
  bound_s: doubleParam({ min: -90, max: 90, description: 'South edge (rounded down). Omitted means -90.' }),
  bound_e: doubleParam({
    min: -180,
    max: 180,
    description: 'East edge (rounded up); a west edge east of it crosses the antimeridian. Omitted means 180.',
  }),
  bound_n: doubleParam({ min: -90, max: 90, description: 'North edge (rounded up). Omitted means 90.' }),
});
export type ListWebcamsRequest = z.infer<typeof ListWebcamsRequest>;

export const ListWebcamsResponse = z
  .object({
    webcams: z
      .array(WebcamEntry)
      .meta({ description: 'Cameras shown on their own (alone in their cell, or every camera above zoom 8).' }),
    clusters: z.array(WebcamCluster).meta({ description: 'Groups of two or more cameras in one cell.' }),
    totalInView: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Cameras inside the view, single or grouped.' }),
  })
  .meta({ id: 'webcam_v1_ListWebcamsResponse', description: 'Webcams in a map view.' });
export type ListWebcamsResponse = z.infer<typeof ListWebcamsResponse>;

export const GetWebcamImageRequest = z.object({
  webcam_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, 'webcam_id is letters, digits, _ and - only')
    .meta({ description: 'Windy webcam id from list-webcams (required).' })
    .optional(),
});
export type GetWebcamImageRequest = z.infer<typeof GetWebcamImageRequest>;

export const GetWebcamImageResponse = z
  .object({
    thumbnailUrl: z
      .string()
      .meta({ description: 'Current preview image (Windy CDN); empty when no image provider is configured.' }),
    playerUrl: z
      .string()
      .meta({ description: 'Embeddable player (live stream or day timelapse); empty when unavailable.' }),
    title: z.string().meta({ description: 'Name of the view, from the webcam list.' }),
    windyUrl: z.string().meta({ description: 'The webcam’s page on windy.com.' }),
    lastUpdated: z
      .string()
      .meta({ description: 'When the current image was taken, ISO 8601; empty when unavailable.' }),
    error: z.string().meta({
      description:
        '`unavailable` when the current image cannot be served (no WINDY_API_KEY, or Windy failed); empty otherwise.',
    }),
  })
  .meta({ id: 'webcam_v1_GetWebcamImageResponse', description: 'A webcam’s current image and links.' });
export type GetWebcamImageResponse = z.infer<typeof GetWebcamImageResponse>;
