import { z } from 'zod';
import { doubleParam, int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../conflict/index.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';

const int32 = () => z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32' });
const epochMs = (description: string) => z.number().int().meta({ format: 'int64', description });

export const SeverityLevel = z.enum([
  'SEVERITY_LEVEL_UNSPECIFIED',
  'SEVERITY_LEVEL_LOW',
  'SEVERITY_LEVEL_MEDIUM',
  'SEVERITY_LEVEL_HIGH',
]);
export type SeverityLevel = z.infer<typeof SeverityLevel>;

export const UnrestEvent = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id: `acled-<event id>` or `gdelt-<digest>`.' }),
    title: z.string().meta({
      description:
        'One-line headline: what happened where (ACLED: sub-event type and place; GDELT: the place an article reports a protest at).',
    }),
    summary: z.string().meta({
      description:
        'ACLED: the coder’s notes on the event. GDELT: which outlet’s article placed a protest there (the feed carries no text).',
    }),
    eventType: z
      .enum([
        'UNREST_EVENT_TYPE_UNSPECIFIED',
        'UNREST_EVENT_TYPE_PROTEST',
        'UNREST_EVENT_TYPE_RIOT',
        'UNREST_EVENT_TYPE_STRIKE',
        'UNREST_EVENT_TYPE_DEMONSTRATION',
        'UNREST_EVENT_TYPE_CIVIL_UNREST',
      ])
      .meta({ description: 'Kind of unrest.' }),
    city: z.string().meta({ description: 'Town or place name.' }),
    country: z.string().meta({ description: 'Country name.' }),
    region: z.string().meta({ description: 'First-level administrative area, when known.' }),
    location: GeoCoordinates,
    occurredAt: epochMs(
      'When it happened (ACLED: the event day at midnight UTC; GDELT: article time), Unix epoch milliseconds.',
    ),
    severity: SeverityLevel.meta({
      description: 'HIGH for deaths or force against protesters, MEDIUM for riots or interventions, LOW otherwise.',
    }),
    fatalities: int32().meta({ description: 'Reported deaths; 0 when none or unknown.' }),
    sources: z.array(z.string()).meta({ description: 'Names of the reporting sources.' }),
    sourceType: z
      .enum([
        'UNREST_SOURCE_TYPE_UNSPECIFIED',
        'UNREST_SOURCE_TYPE_ACLED',
        'UNREST_SOURCE_TYPE_GDELT',
        'UNREST_SOURCE_TYPE_RSS',
      ])
      .meta({ description: 'Which feed the event comes from.' }),
    tags: z.array(z.string()).meta({ description: 'Feed tags or themes.' }),
    actors: z.array(z.string()).meta({ description: 'Groups involved, when the feed names them.' }),
    confidence: z
      .enum([
        'CONFIDENCE_LEVEL_UNSPECIFIED',
        'CONFIDENCE_LEVEL_LOW',
        'CONFIDENCE_LEVEL_MEDIUM',
        'CONFIDENCE_LEVEL_HIGH',
      ])
      .meta({ description: 'HIGH for human-coded ACLED events, LOW for machine-extracted GDELT locations.' }),
    sourceUrls: z.array(z.string()).meta({ description: 'Links to reports, when the feed has them.' }),
  })
  .meta({ id: 'unrest_v1_UnrestEvent', description: 'One protest, riot or strike.' });
export type UnrestEvent = z.infer<typeof UnrestEvent>;

export const UnrestCluster = z
  .object({
    id: z.string(),
    country: z.string(),
    region: z.string(),
    eventCount: int32(),
    events: z.array(UnrestEvent),
    severity: SeverityLevel,
    startAt: epochMs('First event of the cluster, Unix epoch milliseconds.'),
    endAt: epochMs('Last event of the cluster, Unix epoch milliseconds.'),
    primaryCause: z.string(),
  })
  .meta({
    id: 'unrest_v1_UnrestCluster',
    description: 'A group of related events (not produced yet: the list is always empty).',
  });

const bound = (what: string, min: number, max: number) =>
  doubleParam({
    min,
    max,
    description: `${what} of the bounding box, decimal degrees. Give all four corners or none.`,
  });

export const ListUnrestEventsRequest = z.object({
  start: int64Param({
    min: 0,
    description: 'Earliest event time to include, Unix epoch milliseconds, inclusive. Omitted or 0: no lower bound.',
  }),
  end: int64Param({
    min: 0,
    description: 'Latest event time to include, Unix epoch milliseconds, inclusive. Omitted or 0: no upper bound.',
  }),
  page_size: int32Param({
    min: 0,
    description: `Events per page. Omitted or 0 means ${DEFAULT_PAGE_SIZE}; values above ${MAX_PAGE_SIZE} are treated as ${MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  country: stringParam(
    'Country to keep: ISO 3166-1 alpha-2 code (alpha-3 also accepted) or country name, case- and accent-insensitive. Unknown countries are a 400.',
    128,
  ),
  min_severity: z
    .enum(['SEVERITY_LEVEL_LOW', 'SEVERITY_LEVEL_MEDIUM', 'SEVERITY_LEVEL_HIGH'])
    .optional()
    .meta({ description: 'Keep events at this severity or above.' }),
  ne_lat: bound('North edge', -90, 90),
  ne_lon: bound('East edge', -180, 180),
  sw_lat: bound('South edge', -90, 90),
  sw_lon: bound('West edge', -180, 180),
});
export type ListUnrestEventsRequest = z.infer<typeof ListUnrestEventsRequest>;

export const ListUnrestEventsResponse = z
  .object({ events: z.array(UnrestEvent), clusters: z.array(UnrestCluster), pagination: PaginationResponse })
  .meta({
    id: 'unrest_v1_ListUnrestEventsResponse',
    description: 'Unrest events, most severe first, then newest first.',
  });
export type ListUnrestEventsResponse = z.infer<typeof ListUnrestEventsResponse>;
