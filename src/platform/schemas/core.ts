import { z } from 'zod';

/** Shapes shared by several services, named as in the contract's `core_v1_*` components. */

export const GeoCoordinates = z
  .object({
    latitude: z.number().min(-90).max(90).meta({ format: 'double' }),
    longitude: z.number().min(-180).max(180).meta({ format: 'double' }),
  })
  .meta({ id: 'core_v1_GeoCoordinates', description: 'A WGS84 position in decimal degrees.' });

export const PaginationResponse = z
  .object({
    nextCursor: z.string().meta({ description: 'Cursor for the next page; empty on the last page.' }),
    totalCount: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Items matching the filters across all pages.' }),
  })
  .meta({ id: 'core_v1_PaginationResponse', description: 'Where this page sits in the full result.' });
