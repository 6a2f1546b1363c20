import { z } from 'zod';

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
      description:
        'Overall state normalised from the provider status page; UNSPECIFIED when the page could not be read or used an unknown value.',
    }),
    description: z.string().meta({ description: 'The status line the provider currently shows.' }),
    url: z.string().meta({ description: 'Public status page of the provider.' }),
    checkedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the status page was read, Unix epoch milliseconds.' }),
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
      description:
        'Worst state first (major outage, partial outage, degraded, maintenance, unknown, operational), then by name.',
    }),
  })
  .meta({ id: 'infrastructure_v1_ListServiceStatusesResponse', description: 'Status of the monitored services.' });
export type ListServiceStatusesResponse = z.infer<typeof ListServiceStatusesResponse>;
