import { z } from 'zod';
import { doubleParam, int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';

export const Earthquake = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: 'Agency event id: a USGS id, or `nrcan:<event id>` for Canadian events.' }),
    place: z.string().meta({ description: 'Human-readable location of the epicentre.' }),
    magnitude: z.number().meta({ format: 'double' }),
    depthKm: z.number().meta({ format: 'double', description: 'Hypocentre depth in kilometres.' }),
    location: GeoCoordinates,
    occurredAt: z.number().int().meta({ format: 'int64', description: 'Origin time, Unix epoch milliseconds.' }),
    sourceUrl: z.string().meta({ description: 'Event page at the reporting agency.' }),
    nearTestSite: z.boolean().meta({ description: 'Within 100 km of a known nuclear test site.' }),
    testSiteName: z.string().meta({ description: 'Name of that test site, or empty.' }),
    concernScore: z
      .number()
      .min(0)
      .max(100)
      .meta({ format: 'double', description: 'Test-site concern score, 0 to 100; 0 away from any site.' }),
    concernLevel: z
      .enum(['low', 'moderate', 'elevated', 'critical'])
      .meta({ description: 'Band of concernScore: 75 critical, 50 elevated, 25 moderate, else low.' }),
    source: z.enum(['usgs', 'nrcan']).meta({ description: 'Agency that reported the event.' }),
    category: z.string().optional().meta({ description: 'Event category as given by NRCan; absent for USGS events.' }),
  })
  .meta({ id: 'seismology_v1_Earthquake', description: 'One earthquake as reported by USGS or NRCan.' });

export type Earthquake = z.infer<typeof Earthquake>;

export const ListEarthquakesRequest = z.object({
  start: int64Param({ min: 0, description: 'Earliest origin time to include, Unix epoch milliseconds, inclusive.' }),
  end: int64Param({ min: 0, description: 'Latest origin time to include, Unix epoch milliseconds, inclusive.' }),
  page_size: int32Param({ min: 0, description: 'Items per page. Omitted or 0 means 500; there is no maximum.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  min_magnitude: doubleParam({ min: 0, max: 12, description: 'Smallest magnitude to include.' }),
});

export type ListEarthquakesRequest = z.infer<typeof ListEarthquakesRequest>;

export const ListEarthquakesResponse = z
  .object({
    earthquakes: z.array(Earthquake),
    pagination: PaginationResponse,
  })
  .meta({ id: 'seismology_v1_ListEarthquakesResponse', description: 'Recent earthquakes, newest first.' });

export type ListEarthquakesResponse = z.infer<typeof ListEarthquakesResponse>;
