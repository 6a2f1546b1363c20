import { z } from 'zod';
import { int32Param, int64Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../core/schemas.js';

export const SERVICE_STATUSES = [
  'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED',
  'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
  'SERVICE_OPERATIONAL_STATUS_DEGRADED',
  'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE',
  'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
  'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
] as const;

export const ServiceOperationalStatus = z.enum(SERVICE_STATUSES);
export type ServiceOperationalStatus = z.infer<typeof ServiceOperationalStatus>;

export const ServiceStatus = z
  .object({
    id: z.string().meta({ description: 'Stable short id of the monitored provider, e.g. `github`.' }),
    name: z.string().meta({ description: 'Display name of the provider.' }),
    status: ServiceOperationalStatus.meta({
      description: 'Overall state normalised from the provider status page; UNSPECIFIED when the page could not be read or used an unknown value.',
    }),
    description: z.string().meta({ description: 'The status line the provider currently shows.' }),
    url: z.string().meta({ description: 'Public status page of the provider.' }),
    checkedAt: z.number().int().meta({ format: 'int64', description: 'When the status page was read, Unix epoch milliseconds.' }),
    latencyMs: z.number().int().min(0).max(2147483647).meta({
      format: 'int32',
      description: 'Response time of the status check in milliseconds; 0 when it was not measured.',
    }),
  })
  .meta({ id: 'infrastructure_v1_ServiceStatus', description: 'Current state of one cloud or developer service.' });
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const ListServiceStatusesRequest = z.object({
  status: z
    .enum([
      'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
      'SERVICE_OPERATIONAL_STATUS_DEGRADED',
      'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE',
      'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
      'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
    ])
    .optional()
    .meta({ description: 'Only services currently in this state. Omitted means every service.' }),
});
export type ListServiceStatusesRequest = z.infer<typeof ListServiceStatusesRequest>;

export const ListServiceStatusesResponse = z
  .object({
    statuses: z.array(ServiceStatus).meta({
      description: 'Worst state first (major outage, partial outage, degraded, maintenance, unknown, operational), then by name.',
    }),
  })
  .meta({ id: 'infrastructure_v1_ListServiceStatusesResponse', description: 'Status of the monitored services.' });
export type ListServiceStatusesResponse = z.infer<typeof ListServiceStatusesResponse>;

export const OUTAGE_SEVERITIES = ['OUTAGE_SEVERITY_UNSPECIFIED', 'OUTAGE_SEVERITY_PARTIAL', 'OUTAGE_SEVERITY_MAJOR', 'OUTAGE_SEVERITY_TOTAL'] as const;
export const OutageSeverity = z.enum(OUTAGE_SEVERITIES);
export type OutageSeverity = z.infer<typeof OutageSeverity>;

export const InternetOutage = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id of the outage: `cf-<annotation id>-<country code>` (an annotation naming several countries gives one outage per country).' }),
    title: z.string().meta({ description: 'Short headline: where and what kind of disruption.' }),
    link: z.string().meta({ description: 'Report or post about the outage, or empty.' }),
    description: z.string().meta({ description: 'What the observers wrote about the outage.' }),
    detectedAt: z.number().int().meta({ format: 'int64', description: 'Start of the outage, Unix epoch milliseconds.' }),
    country: z.string().meta({ description: 'Name of the affected country.' }),
    region: z.string().meta({ description: 'Affected region or network within the country, or empty when nationwide.' }),
    location: GeoCoordinates.optional().meta({ description: 'Representative point of the affected country, when known.' }),
    severity: OutageSeverity.meta({
      description: 'TOTAL for a nationwide shutdown ordered by a government, MAJOR for other nationwide outages, PARTIAL for regional, network or platform outages.',
    }),
    categories: z.array(z.string()).meta({ description: 'Labels for filtering: the cause and the scope in lower case.' }),
    cause: z.string().meta({ description: 'Cause as reported, e.g. `Power outage`, `Government directed`, `Cable cut`.' }),
    outageType: z.string().meta({ description: 'Scope as reported: `Nationwide`, `Regional`, `Network` or `Platform`.' }),
    endedAt: z.number().int().meta({ format: 'int64', description: 'End of the outage, Unix epoch milliseconds; 0 while it is ongoing.' }),
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
  .meta({ id: 'infrastructure_v1_ListInternetOutagesResponse', description: 'Internet outages observed over the last week.' });
export type ListInternetOutagesResponse = z.infer<typeof ListInternetOutagesResponse>;
