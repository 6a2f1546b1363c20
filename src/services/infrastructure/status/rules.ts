import type { ServiceOperationalStatus } from './schemas.js';

/**
 * Statuspage-style indicator or component status -> our status. Statuspage pages publish an overall
 * indicator (none/minor/major/critical/maintenance) and per-component states; other vendors use
 * the same words. Anything unrecognised is UNSPECIFIED rather than a guess.
 */
const STATUS_WORDS = new Map<string, ServiceOperationalStatus>(
  Object.entries({
    none: 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
    operational: 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
    minor: 'SERVICE_OPERATIONAL_STATUS_DEGRADED',
    degraded: 'SERVICE_OPERATIONAL_STATUS_DEGRADED',
    degraded_performance: 'SERVICE_OPERATIONAL_STATUS_DEGRADED',
    major: 'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE',
    partial_outage: 'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE',
    critical: 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
    major_outage: 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
    maintenance: 'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
    under_maintenance: 'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
  } as const),
);

export function normaliseStatus(word: string | null | undefined): ServiceOperationalStatus {
  const key = (word ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return STATUS_WORDS.get(key) ?? 'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED';
}

/** Display order: the worst news first; an unreadable page ranks above a healthy one. */
export const STATUS_ORDER: readonly ServiceOperationalStatus[] = [
  'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
  'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE',
  'SERVICE_OPERATIONAL_STATUS_DEGRADED',
  'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
  'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED',
  'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
];

export function statusRank(s: ServiceOperationalStatus): number {
  return STATUS_ORDER.indexOf(s);
}
