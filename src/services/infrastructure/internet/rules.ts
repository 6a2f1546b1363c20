import type { OutageSeverity } from './schemas.js';

/**
 * Severity of an outage from its scope and cause: a government-ordered nationwide shutdown is a
 * total blackout; any other nationwide loss is major; narrower scopes are partial.
 */
export function outageSeverity(outageType: string, cause: string): OutageSeverity {
  const type = outageType.trim().toUpperCase();
  if (type === 'NATIONWIDE')
    return cause.trim().toUpperCase() === 'GOVERNMENT_DIRECTED' ? 'OUTAGE_SEVERITY_TOTAL' : 'OUTAGE_SEVERITY_MAJOR';
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
