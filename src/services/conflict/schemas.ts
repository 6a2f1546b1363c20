import { z } from 'zod';
import { int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './rules.js';

const int32 = () => z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32' });
const epochMs = (description: string) => z.number().int().meta({ format: 'int64', description });

const countryParam = stringParam(
  'Country to keep: an ISO 3166-1 alpha-2 code (alpha-3 also accepted) or an English country name or common alias, ' +
    'case- and accent-insensitive ("SY", "syria", "Côte d’Ivoire", "Ivory Coast"). Empty means every country; an unknown country is a 400.',
  128,
);
const pageSizeParam = int32Param({
  min: 0,
  description: `Events per page. Omitted or 0 means ${DEFAULT_PAGE_SIZE}; values above ${MAX_PAGE_SIZE} are treated as ${MAX_PAGE_SIZE}.`,
});
const cursorParam = stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512);

export const AcledConflictEvent = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id: `acled-` followed by ACLED’s event_id_cnty.' }),
    eventType: z
      .string()
      .meta({ description: 'ACLED event type, e.g. Battles, Explosions/Remote violence, Violence against civilians.' }),
    country: z.string().meta({ description: 'Country name as ACLED reports it.' }),
    location: GeoCoordinates,
    occurredAt: epochMs('Event date (ACLED reports days), midnight UTC as Unix epoch milliseconds.'),
    fatalities: int32().meta({ description: 'Reported fatalities; 0 when none or unknown.' }),
    actors: z.array(z.string()).meta({ description: 'Primary actors (actor1, actor2), empty names left out.' }),
    source: z.string().meta({ description: 'Sources ACLED cites for the event.' }),
    admin1: z.string().meta({ description: 'First-level administrative area.' }),
  })
  .meta({ id: 'conflict_v1_AcledConflictEvent', description: 'One political-violence event coded by ACLED.' });
export type AcledConflictEvent = z.infer<typeof AcledConflictEvent>;

export const ListAcledEventsRequest = z.object({
  start: int64Param({
    min: 0,
    description:
      'Earliest event time to include, Unix epoch milliseconds, inclusive. Omitted or 0: midnight UTC 30 days before the snapshot was taken.',
  }),
  end: int64Param({
    min: 0,
    description:
      'Latest event time to include, Unix epoch milliseconds, inclusive. Omitted or 0: no upper bound (the snapshot ends at the time it was taken).',
  }),
  page_size: pageSizeParam,
  cursor: cursorParam,
  country: countryParam,
});
export type ListAcledEventsRequest = z.infer<typeof ListAcledEventsRequest>;

export const ListAcledEventsResponse = z
  .object({ events: z.array(AcledConflictEvent), pagination: PaginationResponse })
  .meta({
    id: 'conflict_v1_ListAcledEventsResponse',
    description: 'Conflict events of the latest 30 days, newest first.',
  });
export type ListAcledEventsResponse = z.infer<typeof ListAcledEventsResponse>;

export const UcdpViolenceType = z.enum([
  'UCDP_VIOLENCE_TYPE_UNSPECIFIED',
  'UCDP_VIOLENCE_TYPE_STATE_BASED',
  'UCDP_VIOLENCE_TYPE_NON_STATE',
  'UCDP_VIOLENCE_TYPE_ONE_SIDED',
]);

export const UcdpViolenceEvent = z
  .object({
    id: z.string().min(1).meta({ description: 'UCDP GED event id.' }),
    dateStart: epochMs('First day of the event, Unix epoch milliseconds (midnight UTC).'),
    dateEnd: epochMs('Last day of the event, Unix epoch milliseconds (midnight UTC).'),
    location: GeoCoordinates,
    country: z.string().meta({ description: 'Country name as UCDP reports it.' }),
    sideA: z.string().meta({ description: 'First party (a government in state-based conflicts).' }),
    sideB: z.string().meta({ description: 'Second party.' }),
    deathsBest: int32().meta({ description: 'Best estimate of deaths.' }),
    deathsLow: int32().meta({ description: 'Low estimate of deaths.' }),
    deathsHigh: int32().meta({ description: 'High estimate of deaths.' }),
    violenceType: UcdpViolenceType.meta({
      description: 'UCDP type of violence: 1 state-based, 2 non-state, 3 one-sided.',
    }),
    sourceOriginal: z.string().meta({ description: 'Original source UCDP coded the event from.' }),
  })
  .meta({
    id: 'conflict_v1_UcdpViolenceEvent',
    description: 'One organised-violence event from the UCDP Georeferenced Event Dataset.',
  });
export type UcdpViolenceEvent = z.infer<typeof UcdpViolenceEvent>;

export const ListUcdpEventsRequest = z.object({
  start: int64Param({
    min: 0,
    description: 'Keep events ending at or after this time, Unix epoch milliseconds. Omitted or 0: no lower bound.',
  }),
  end: int64Param({
    min: 0,
    description: 'Keep events starting at or before this time, Unix epoch milliseconds. Omitted or 0: no upper bound.',
  }),
  page_size: pageSizeParam,
  cursor: cursorParam,
  country: countryParam,
});
export type ListUcdpEventsRequest = z.infer<typeof ListUcdpEventsRequest>;

export const ListUcdpEventsResponse = z
  .object({ events: z.array(UcdpViolenceEvent), pagination: PaginationResponse })
  .meta({ id: 'conflict_v1_ListUcdpEventsResponse', description: 'UCDP events of the trailing year, newest first.' });
export type ListUcdpEventsResponse = z.infer<typeof ListUcdpEventsResponse>;

export const IranEvent = z
  .object({
    id: z.string().meta({ description: 'Event id from the map feed.' }),
    title: z.string().meta({ description: 'Headline of the report, as the map feed words it.' }),
    category: z.string().meta({ description: 'Feed category, e.g. airstrike, protest, military, security.' }),
    sourceUrl: z.string().meta({ description: 'Link to the original report.' }),
    latitude: z.number().min(-90).max(90).meta({ format: 'double' }),
    longitude: z.number().min(-180).max(180).meta({ format: 'double' }),
    locationName: z.string().meta({ description: 'Place name the report refers to.' }),
    timestamp: z
      .string()
      .regex(/^\d+$/)
      .meta({ format: 'int64', description: 'Report time, Unix epoch milliseconds as a decimal string.' }),
    severity: z.enum(['low', 'medium', 'high']).meta({ description: 'Severity derived from the category.' }),
  })
  .meta({ id: 'conflict_v1_IranEvent', description: 'One geolocated report about Iran from a live map feed.' });
export type IranEvent = z.infer<typeof IranEvent>;

export const ListIranEventsRequest = z.object({});

export const ListIranEventsResponse = z
  .object({
    events: z.array(IranEvent),
    scrapedAt: z.string().regex(/^\d+$/).meta({
      format: 'int64',
      description: 'When the feed was read, Unix epoch milliseconds as a decimal string; "0" when no snapshot exists.',
    }),
  })
  .meta({ id: 'conflict_v1_ListIranEventsResponse', description: 'Latest geolocated Iran reports, newest first.' });
export type ListIranEventsResponse = z.infer<typeof ListIranEventsResponse>;

// Humanitarian summaries (HDX HAPI)

export const HumanitarianCountrySummary = z
  .object({
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    countryName: z.string(),
    conflictEventsTotal: int32().meta({
      description: 'Political violence, civilian targeting and demonstration events in the reference month.',
    }),
    conflictPoliticalViolenceEvents: int32().meta({
      description: 'Political violence events, civilian targeting included.',
    }),
    conflictFatalities: int32().meta({ description: 'Fatalities of political violence and civilian targeting.' }),
    referencePeriod: z.string().meta({ description: 'First day of the reference month, YYYY-MM-DD.' }),
    conflictDemonstrations: int32().meta({ description: 'Demonstration events.' }),
    updatedAt: epochMs('When the snapshot was fetched, Unix epoch milliseconds.'),
  })
  .meta({
    id: 'conflict_v1_HumanitarianCountrySummary',
    description: 'One country’s conflict events and fatalities in its latest reported month.',
  });
export type HumanitarianCountrySummary = z.infer<typeof HumanitarianCountrySummary>;

export const GetHumanitarianSummaryRequest = z.object({
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code' })
    .meta({
      description:
        'ISO 3166-1 alpha-2 code (case-insensitive). Omitted: the country with the most political violence events in the snapshot.',
    })
    .optional(),
});
export type GetHumanitarianSummaryRequest = z.infer<typeof GetHumanitarianSummaryRequest>;

export const GetHumanitarianSummaryResponse = z
  .object({
    summary: HumanitarianCountrySummary.optional().meta({ description: 'Absent when the country has no data.' }),
  })
  .meta({
    id: 'conflict_v1_GetHumanitarianSummaryResponse',
    description: 'A country’s latest monthly conflict summary, if it has one.',
  });
export type GetHumanitarianSummaryResponse = z.infer<typeof GetHumanitarianSummaryResponse>;

export const GetHumanitarianSummaryBatchRequest = z
  .object({
    countryCodes: z
      .array(z.string().max(16))
      .min(1)
      .max(25)
      .meta({ description: 'One to 25 ISO alpha-2 codes; case is ignored, malformed codes and repeats are dropped.' }),
  })
  .meta({ id: 'conflict_v1_GetHumanitarianSummaryBatchRequest', description: 'Countries to look up.' });
export type GetHumanitarianSummaryBatchRequest = z.infer<typeof GetHumanitarianSummaryBatchRequest>;

export const GetHumanitarianSummaryBatchResponse = z
  .object({
    results: z
      .record(z.string(), HumanitarianCountrySummary)
      .meta({ description: 'Summaries by alpha-2 code; countries without data are absent.' }),
    fetched: int32().meta({ description: 'Countries found.' }),
    requested: int32().meta({ description: 'Well-formed distinct codes looked up.' }),
  })
  .meta({
    id: 'conflict_v1_GetHumanitarianSummaryBatchResponse',
    description: 'Latest monthly conflict summaries of several countries.',
  });
export type GetHumanitarianSummaryBatchResponse = z.infer<typeof GetHumanitarianSummaryBatchResponse>;
