/** How published giving figures become the summary, pure. */

export const PLATFORMS = [
  { name: 'GoFundMe', freshness: 'annual' },
  { name: 'GlobalGiving', freshness: 'annual' },
  { name: 'JustGiving', freshness: 'cumulative' },
] as const;

export const CATEGORIES = [
  'Medical & Health',
  'Disaster Relief',
  'Education',
  'Community',
  'Memorials',
  'Animals & Pets',
  'Environment',
  'Hunger & Food',
  'Other',
] as const;

export type ClaimStatus = 'verified' | 'partially_verified' | 'unverified' | 'not_collected' | 'not_applicable';
const STATUSES = new Set<string>(['verified', 'partially_verified', 'unverified', 'not_collected', 'not_applicable']);

/** Lower case with underscores; anything unknown counts as unverified. */
export function normaliseStatus(s: string): ClaimStatus {
  const n = s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (STATUSES.has(n) ? n : 'unverified') as ClaimStatus;
}

const PER_YEAR: Record<string, number> = { per_day: 365, per_week: 52, per_month: 12, per_year: 1 };

/** A rate claim in a year's worth; undefined for cumulative totals, counts and indices. */
export function annualised(value: number, basis: string): number | undefined {
  const k = PER_YEAR[basis];
  return k === undefined ? undefined : value * k;
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

export interface RateClaim {
  subject: string;
  status: string;
  reportedUnit: string;
  measurementBasis: string;
  reportedValue: number;
  includedInHighlightedAggregate: boolean;
}

/** Daily US-dollar volume of a platform: its verified, USD, aggregate-included rate claims, per day. */
export function platformDailyUsd(claims: readonly RateClaim[], platform: string): number {
  let yearly = 0;
  for (const c of claims) {
    if (
      c.subject !== `platform:${platform}` ||
      normaliseStatus(c.status) !== 'verified' ||
      c.reportedUnit !== 'USD' ||
      !c.includedInHighlightedAggregate
    )
      continue;
    yearly += annualised(c.reportedValue, c.measurementBasis) ?? 0;
  }
  return round2(yearly / 365);
}

/** `partial_estimate` when any figure is unverified or only partly verified, else `published_estimate`. */
export function dataMode(statuses: readonly string[]): 'partial_estimate' | 'published_estimate' {
  return statuses.some((s) => ['unverified', 'partially_verified'].includes(normaliseStatus(s)))
    ? 'partial_estimate'
    : 'published_estimate';
}

/** A leading four-digit year of a reference period, or 0. */
export function yearOf(period: string): number {
  const m = /^(\d{4})/.exec(period.trim());
  return m ? Number(m[1]) : 0;
}
