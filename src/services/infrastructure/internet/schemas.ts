import { z } from 'zod';
import { int32Param, int64Param, stringParam } from '../../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../../platform/schemas/core.js';

export const OUTAGE_SEVERITIES = [
  'OUTAGE_SEVERITY_UNSPECIFIED',
  'OUTAGE_SEVERITY_PARTIAL',
  'OUTAGE_SEVERITY_MAJOR',
  'OUTAGE_SEVERITY_TOTAL',
] as const;
export const OutageSeverity = z.enum(OUTAGE_SEVERITIES);
export type OutageSeverity = z.infer<typeof OutageSeverity>;

export const InternetOutage = z
  .object({
    id: z.string().min(1).meta({
      description:
        'Stable id of the outage: `cf-<annotation id>-<country code>` (an annotation naming several countries gives one outage per country).',
    }),
    title: z.string().meta({ description: 'Short headline: where and what kind of disruption.' }),
    link: z.string().meta({ description: 'Report or post about the outage, or empty.' }),
    description: z.string().meta({ description: 'What the observers wrote about the outage.' }),
    detectedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Start of the outage, Unix epoch milliseconds.' }),
    country: z.string().meta({ description: 'Name of the affected country.' }),
    region: z
      .string()
      .meta({ description: 'Affected region or network within the country, or empty when nationwide.' }),
    location: GeoCoordinates.optional().meta({
      description: 'Representative point of the affected country, when known.',
    }),
    severity: OutageSeverity.meta({
      description:
        'TOTAL for a nationwide shutdown ordered by a government, MAJOR for other nationwide outages, PARTIAL for regional, network or platform outages.',
    }),
    categories: z
      .array(z.string())
      .meta({ description: 'Labels for filtering: the cause and the scope in lower case.' }),
    cause: z
      .string()
      .meta({ description: 'Cause as reported, e.g. `Power outage`, `Government directed`, `Cable cut`.' }),
    outageType: z
      .string()
      .meta({ description: 'Scope as reported: `Nationwide`, `Regional`, `Network` or `Platform`.' }),
    endedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'End of the outage, Unix epoch milliseconds; 0 while it is ongoing.' }),
  })
  .meta({ id: 'infrastructure_v1_InternetOutage', description: 'A confirmed internet connectivity disruption.' });
export type InternetOutage = z.infer<typeof InternetOutage>;

export const OUTAGES_DEFAULT_PAGE_SIZE = 100;
export const OUTAGES_MAX_PAGE_SIZE = 500;

export const ListInternetOutagesRequest = z.object({
  start: int64Param({ min: 0, description: 'Earliest outage start to include, Unix epoch milliseconds, inclusive.' }),
  end: int64Param({ min: 0, description: 'Latest outage start to include, Unix epoch milliseconds, inclusive.' }),
  page_size: int32Param({
    min: 0,
    description: `Outages per page. Omitted or 0 means ${OUTAGES_DEFAULT_PAGE_SIZE}; larger values than ${OUTAGES_MAX_PAGE_SIZE} are served as ${OUTAGES_MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  country: stringParam(
    'Two-letter ISO 3166 code (exact, any case) or part of a country name (case-insensitive). Omitted means every country.',
    100,
  ),
});
export type ListInternetOutagesRequest = z.infer<typeof ListInternetOutagesRequest>;

export const ListInternetOutagesResponse = z
  .object({
    outages: z.array(InternetOutage).meta({ description: 'Outages, most recent start first.' }),
    pagination: PaginationResponse,
  })
  .meta({
    id: 'infrastructure_v1_ListInternetOutagesResponse',
    description: 'Internet outages observed over the last week.',
  });
export type ListInternetOutagesResponse = z.infer<typeof ListInternetOutagesResponse>;

export const DdosAttackSummaryEntry = z
  .object({
    label: z.string().meta({ description: 'Protocol (`UDP`, `TCP` ...) or attack vector (`SYN Flood` ...).' }),
    percentage: z
      .number()
      .meta({ format: 'float', description: 'Share of mitigated layer-3 attack traffic, percent.' }),
  })
  .meta({ id: 'infrastructure_v1_DdosAttackSummaryEntry', description: 'One slice of the attack mix.' });

export const DdosLocationHit = z
  .object({
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the targeted country.' }),
    countryName: z.string().meta({ description: 'Name of that country.' }),
    percentage: z.number().meta({ format: 'float', description: 'Share of attack traffic aimed at it, percent.' }),
    latitude: z.number().meta({ format: 'float', description: 'Representative latitude of the country.' }),
    longitude: z.number().meta({ format: 'float', description: 'Representative longitude of the country.' }),
  })
  .meta({ id: 'infrastructure_v1_DdosLocationHit', description: 'A country among the most attacked.' });

export const ListInternetDdosAttacksRequest = z.object({});
export type ListInternetDdosAttacksRequest = z.infer<typeof ListInternetDdosAttacksRequest>;
export const ListInternetDdosAttacksResponse = z
  .object({
    protocol: z
      .array(DdosAttackSummaryEntry)
      .meta({ description: 'Attack traffic by network protocol, largest first.' }),
    vector: z.array(DdosAttackSummaryEntry).meta({ description: 'Attack traffic by attack vector, largest first.' }),
    dateRangeStart: z.string().meta({ description: 'Start of the seven-day window, ISO 8601; empty without data.' }),
    dateRangeEnd: z.string().meta({ description: 'End of the window, ISO 8601; empty without data.' }),
    topTargetLocations: z
      .array(DdosLocationHit)
      .meta({ description: 'Most targeted countries in rank order (those without a known position are left out).' }),
  })
  .meta({
    id: 'infrastructure_v1_ListInternetDdosAttacksResponse',
    description: 'The layer-3 DDoS attack mix of the last week.',
  });
export type ListInternetDdosAttacksResponse = z.infer<typeof ListInternetDdosAttacksResponse>;

export const TrafficAnomaly = z
  .object({
    uuid: z.string().meta({ description: 'Cloudflare Radar id of the anomaly.' }),
    type: z.string().meta({ description: '`LOCATION` (a whole country) or `ASN` (one network).' }),
    status: z
      .string()
      .meta({ description: '`VERIFIED` by Cloudflare analysts, or `UNVERIFIED` (automatic detection).' }),
    startDate: z.number().int().meta({ format: 'int64', description: 'Start, Unix epoch milliseconds.' }),
    endDate: z.number().int().meta({ format: 'int64', description: 'End, Unix epoch milliseconds; 0 while ongoing.' }),
    asn: z.string().meta({ description: 'Autonomous system number for ASN anomalies; empty otherwise.' }),
    asnName: z.string().meta({ description: 'Name of that network.' }),
    locationCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the affected country.' }),
    locationName: z.string().meta({ description: 'Name of that country.' }),
    latitude: z
      .number()
      .meta({ format: 'float', description: 'Representative latitude of the country; 0 when unknown.' }),
    longitude: z
      .number()
      .meta({ format: 'float', description: 'Representative longitude of the country; 0 when unknown.' }),
  })
  .meta({ id: 'infrastructure_v1_TrafficAnomaly', description: 'A drop in internet traffic Cloudflare detected.' });
export type TrafficAnomaly = z.infer<typeof TrafficAnomaly>;

export const ListInternetTrafficAnomaliesRequest = z.object({
  country: stringParam(
    'Two-letter ISO 3166 code (any case) or a country name; exact country match. Omitted means every country.',
    100,
  ),
});
export type ListInternetTrafficAnomaliesRequest = z.infer<typeof ListInternetTrafficAnomaliesRequest>;

export const ListInternetTrafficAnomaliesResponse = z
  .object({
    anomalies: z.array(TrafficAnomaly).meta({ description: 'Anomalies, most recent start first.' }),
    totalCount: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Anomalies returned.' }),
  })
  .meta({
    id: 'infrastructure_v1_ListInternetTrafficAnomaliesResponse',
    description: 'Internet traffic anomalies of the last week.',
  });
export type ListInternetTrafficAnomaliesResponse = z.infer<typeof ListInternetTrafficAnomaliesResponse>;
