import type { OutageSeverity, ServiceOperationalStatus } from './schemas.js';

/**
 * Statuspage-style indicator or component status -> our status. Statuspage pages publish an overall
 * indicator (none/minor/major/critical/maintenance) and per-component states; other vendors use
 * the same words. Anything unrecognised is UNSPECIFIED rather than a guess.
 */
const STATUS_WORDS = new Map<string, ServiceOperationalStatus>(Object.entries({
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
} as const));

export function normaliseStatus(word: string | null | undefined): ServiceOperationalStatus {
  const key = (word ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
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

/**
 * Severity of an outage from its scope and cause: a government-ordered nationwide shutdown is a
 * total blackout; any other nationwide loss is major; narrower scopes are partial.
 */
export function outageSeverity(outageType: string, cause: string): OutageSeverity {
  const type = outageType.trim().toUpperCase();
  if (type === 'NATIONWIDE') return cause.trim().toUpperCase() === 'GOVERNMENT_DIRECTED' ? 'OUTAGE_SEVERITY_TOTAL' : 'OUTAGE_SEVERITY_MAJOR';
  if (type === 'REGIONAL' || type === 'NETWORK' || type === 'PLATFORM') return 'OUTAGE_SEVERITY_PARTIAL';
  return 'OUTAGE_SEVERITY_UNSPECIFIED';
}

/** `GOVERNMENT_DIRECTED` -> `Government directed`. */
export function humanise(code: string): string {
  const words = code.trim().toLowerCase().replace(/_+/g, ' ');
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** Page size after defaulting (omitted or 0) and clamping to the maximum. */
export function effectivePageSize(requested: number | undefined, fallback: number, max: number): number {
  if (!requested) return fallback;
  return Math.min(requested, max);
}
