/** Delay severity, FAA text decoding and flight-number rules for the aviation service. */

export const SEVERITIES = [
  'FLIGHT_DELAY_SEVERITY_UNSPECIFIED',
  'FLIGHT_DELAY_SEVERITY_NORMAL',
  'FLIGHT_DELAY_SEVERITY_MINOR',
  'FLIGHT_DELAY_SEVERITY_MODERATE',
  'FLIGHT_DELAY_SEVERITY_MAJOR',
  'FLIGHT_DELAY_SEVERITY_SEVERE',
  'FLIGHT_DELAY_SEVERITY_UNKNOWN',
] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DELAY_TYPES = [
  'FLIGHT_DELAY_TYPE_UNSPECIFIED',
  'FLIGHT_DELAY_TYPE_GROUND_STOP',
  'FLIGHT_DELAY_TYPE_GROUND_DELAY',
  'FLIGHT_DELAY_TYPE_DEPARTURE_DELAY',
  'FLIGHT_DELAY_TYPE_ARRIVAL_DELAY',
  'FLIGHT_DELAY_TYPE_GENERAL',
  'FLIGHT_DELAY_TYPE_CLOSURE',
] as const;
export type DelayType = (typeof DELAY_TYPES)[number];

/** Order of how bad a known severity is; UNKNOWN and UNSPECIFIED carry no order (-1). */
const RANK: Record<Severity, number> = {
  FLIGHT_DELAY_SEVERITY_UNSPECIFIED: -1,
  FLIGHT_DELAY_SEVERITY_UNKNOWN: -1,
  FLIGHT_DELAY_SEVERITY_NORMAL: 0,
  FLIGHT_DELAY_SEVERITY_MINOR: 1,
  FLIGHT_DELAY_SEVERITY_MODERATE: 2,
  FLIGHT_DELAY_SEVERITY_MAJOR: 3,
  FLIGHT_DELAY_SEVERITY_SEVERE: 4,
};
/** Known severities, best to worst. */
export const KNOWN_SEVERITIES: readonly Severity[] = [
  'FLIGHT_DELAY_SEVERITY_NORMAL',
  'FLIGHT_DELAY_SEVERITY_MINOR',
  'FLIGHT_DELAY_SEVERITY_MODERATE',
  'FLIGHT_DELAY_SEVERITY_MAJOR',
  'FLIGHT_DELAY_SEVERITY_SEVERE',
];

export function severityRank(s: Severity): number {
  return RANK[s];
}

export function worse(a: Severity, b: Severity): Severity {
  return RANK[b] > RANK[a] ? b : a;
}

/** Typical delay in minutes -> severity: under 15 normal, then 15 / 30 / 60 / 90 minute steps. */
export function severityForDelay(minutes: number): Severity {
  if (!(minutes >= 15)) return 'FLIGHT_DELAY_SEVERITY_NORMAL';
  if (minutes < 30) return 'FLIGHT_DELAY_SEVERITY_MINOR';
  if (minutes < 60) return 'FLIGHT_DELAY_SEVERITY_MODERATE';
  if (minutes < 90) return 'FLIGHT_DELAY_SEVERITY_MAJOR';
  return 'FLIGHT_DELAY_SEVERITY_SEVERE';
}

/**
 * `min_severity` filter: UNKNOWN selects only airports without coverage; any known level selects
 * airports at that level or worse (uncovered airports are not known to be delayed, so they drop out).
 */
export function meetsMinSeverity(s: Severity, min: Severity | undefined): boolean {
  if (min === undefined || min === 'FLIGHT_DELAY_SEVERITY_UNSPECIFIED') return true;
  if (min === 'FLIGHT_DELAY_SEVERITY_UNKNOWN') return s === 'FLIGHT_DELAY_SEVERITY_UNKNOWN';
  return RANK[s] >= RANK[min];
}

/** FAA duration text (`1 hour and 5 minutes`, `45 minutes`, `2 hours`) -> minutes; NaN when unreadable. */
export function parseFaaDuration(text: string): number {
  const t = text.trim().toLowerCase();
  const m = /^(?:(\d+)\s*hours?)?\s*(?:and\s*)?(?:(\d+)\s*minutes?)?$/.exec(t);
  if (!t || !m || (m[1] === undefined && m[2] === undefined)) return Number.NaN;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/** Departures seen for one hub in the flights feed. */
export interface HubDepartures {
  total: number;
  cancelled: number;
  /** Departure delay of each flight that was not cancelled, minutes (0 when on time or unknown). */
  delays: number[];
}

/** A hub needs this many departures in the feed before its delays are judged at all. */
export const MIN_HUB_SAMPLE = 5;
export const DELAYED_MINUTES = 15;

export interface HubDelayStats {
  avgDelayMinutes: number;
  delayedFlightsPct: number;
  cancelledFlights: number;
  totalFlights: number;
  severity: Severity;
}

/**
 * Delay picture of a hub from its departures: the worse of the average-delay band, the share of
 * delayed departures (40/60/80% -> minor/moderate/major) and cancellations (a quarter or more -> major,
 * half or more -> severe). Undefined below the minimum sample: the hub counts as not covered.
 */
export function hubDelayStats(d: HubDepartures): HubDelayStats | undefined {
  if (d.total < MIN_HUB_SAMPLE) return undefined;
  const flown = d.delays.length;
  const avg = flown ? d.delays.reduce((a, b) => a + b, 0) / flown : 0;
  const delayed = d.delays.filter((x) => x >= DELAYED_MINUTES).length;
  const pct = flown ? Math.round((delayed / flown) * 1000) / 10 : 0;
  let severity = severityForDelay(avg);
  if (pct >= 80) severity = worse(severity, 'FLIGHT_DELAY_SEVERITY_MAJOR');
  else if (pct >= 60) severity = worse(severity, 'FLIGHT_DELAY_SEVERITY_MODERATE');
  else if (pct >= 40) severity = worse(severity, 'FLIGHT_DELAY_SEVERITY_MINOR');
  const cancelledShare = d.cancelled / d.total;
  if (cancelledShare >= 0.5) severity = 'FLIGHT_DELAY_SEVERITY_SEVERE';
  else if (cancelledShare >= 0.25) severity = worse(severity, 'FLIGHT_DELAY_SEVERITY_MAJOR');
  return {
    avgDelayMinutes: Math.round(avg),
    delayedFlightsPct: pct,
    cancelledFlights: d.cancelled,
    totalFlights: d.total,
    severity,
  };
}
