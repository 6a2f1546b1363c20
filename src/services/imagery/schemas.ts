import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';

export const ImageryScene = z
  .object({
    id: z.string().meta({ description: 'STAC item id of the scene.' }),
    satellite: z.string().meta({ description: 'Platform that took it, e.g. `sentinel-2b`, `sentinel-1a`.' }),
    datetime: z.string().meta({ description: 'Acquisition time, ISO 8601.' }),
    resolutionM: z.number().meta({
      format: 'double',
      description: 'Ground sample distance in metres (optical) or range resolution (radar).',
    }),
    mode: z.string().meta({
      description: '`MSI` for Sentinel-2 optical scenes; the radar instrument mode (`IW`, `EW`) for Sentinel-1.',
    }),
    geometryGeojson: z.string().meta({ description: 'Footprint of the scene as a GeoJSON geometry, serialised.' }),
    previewUrl: z
      .string()
      .meta({ description: 'Quick-look image address (hosted by the archive, not by this service); empty when none.' }),
    assetUrl: z.string().meta({
      description: 'Full-resolution asset: the true-colour image for optical scenes, the VV (else VH) band for radar.',
    }),
  })
  .meta({ id: 'imagery_v1_ImageryScene', description: 'One satellite scene in the archive.' });
export type ImageryScene = z.infer<typeof ImageryScene>;

export const IMAGERY_DEFAULT_LIMIT = 10;
export const IMAGERY_MAX_LIMIT = 50;

export const SearchImageryRequest = z.object({
  bbox: stringParam(
    'Area as `west,south,east,north` in degrees; scenes whose footprint box intersects it. Omitted means every watched area.',
    200,
  ),
  datetime: stringParam(
    'STAC time: an instant, or an interval `start/end` with `..` for an open end (RFC 3339). Omitted means any time in the snapshot (the last seven days).',
    100,
  ),
  source: stringParam(
    '`sentinel-1`, `sentinel-2`, `capella` (both, as the published service reads it), or any part of a collection id. Omitted means both.',
    64,
  ),
  limit: int32Param({
    description: `Scenes to return, newest first. Omitted or 0 means ${IMAGERY_DEFAULT_LIMIT}; at most ${IMAGERY_MAX_LIMIT}.`,
  }),
});
export type SearchImageryRequest = z.infer<typeof SearchImageryRequest>;

export const SearchImageryResponse = z
  .object({
    scenes: z.array(ImageryScene).meta({ description: 'Matching scenes, newest first, at most `limit`.' }),
    totalResults: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Scenes matching the filters before the limit.' }),
    cacheHit: z.boolean().meta({
      description:
        'True when the answer comes from the stored scene snapshot (always, here); false when no snapshot exists.',
    }),
  })
  .meta({ id: 'imagery_v1_SearchImageryResponse', description: 'Satellite scenes matching a search.' });
export type SearchImageryResponse = z.infer<typeof SearchImageryResponse>;
