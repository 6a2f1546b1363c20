/** Index arithmetic of the consumer-price basket, pure. */

export const DEFAULT_MARKET = 'ae';
export const DEFAULT_RANGE = '30d';
export const RANGES = ['7d', '30d', '90d', '180d'] as const;
export const DEFAULT_MOVERS_LIMIT = 10;
export const MAX_MOVERS_LIMIT = 100;
export const TOP_CATEGORIES = 8;
/** A retailer not observed for longer than this is stalled. */
export const STALLED_AFTER_MIN = 240;
/** Spreads need at least this many items every retailer carries. */
export const MIN_COMMON_ITEMS = 4;

export const DAY_MS = 86_400_000;

export function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** Days a range names; anything else is the 30-day default. */
export function rangeDays(range: string | undefined): { range: string; days: number } {
  const r = (RANGES as readonly string[]).includes(range ?? '') ? range! : DEFAULT_RANGE;
  return { range: r, days: Number(r.slice(0, -1)) };
}

/** 100 x weighted mean of price ratios; 100 when nothing can be compared. */
export function weightedIndex(parts: readonly { weight: number; ratio: number }[]): number {
  let w = 0;
  let s = 0;
  for (const p of parts) {
    w += p.weight;
    s += p.weight * p.ratio;
  }
  return w > 0 ? (100 * s) / w : 100;
}

/** Percent change, 1 decimal; 0 without a base. */
export function pctChange(current: number, previous: number | undefined): number {
  if (previous === undefined || previous === 0) return 0;
  return round(((current - previous) / previous) * 100, 1);
}

/** (most expensive - cheapest) / cheapest x 100, 1 decimal, when 2+ retailers share 4+ items; else 0. */
export function spreadPct(totals: readonly number[], commonItems: number): number {
  if (totals.length < 2 || commonItems < MIN_COMMON_ITEMS) return 0;
  const min = Math.min(...totals);
  const max = Math.max(...totals);
  return min > 0 ? round(((max - min) / min) * 100, 1) : 0;
}

/**
 * Change of one product's price, 2 decimals, or undefined for a move outside a quarter to four
 * times the old price (a mis-read price, not a price change).
 */
export function moverChangePct(current: number, past: number): number | undefined {
  if (!(past > 0) || current < past / 4 || current > past * 4) return undefined;
  return round(((current - past) / past) * 100, 2);
}

/** The newest entry dated at least `days` before `latest` (YYYY-MM-DD strings). */
export function dayAtLeastBefore<T extends { date: string }>(
  ascending: readonly T[],
  latest: string,
  days: number,
): T | undefined {
  const cutoff = new Date(Date.parse(latest) - days * DAY_MS).toISOString().slice(0, 10);
  let found: T | undefined;
  for (const d of ascending) {
    if (d.date <= cutoff) found = d;
    else break;
  }
  return found;
}

export function titleCase(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

export function clampLimit(limit: number | undefined): number {
  if (!limit || limit <= 0) return DEFAULT_MOVERS_LIMIT;
  return Math.min(limit, MAX_MOVERS_LIMIT);
}
