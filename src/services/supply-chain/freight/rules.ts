/**
 * Shipping stress, 0-100: 40 when the watched names are flat, 3 points more for every percent
 * they fall on average (and less as they rise), rounded and clamped.
 */
export function stressScore(changesPct: readonly number[]): number {
  if (changesPct.length === 0) return 0;
  const mean = changesPct.reduce((a, b) => a + b, 0) / changesPct.length;
  return Math.min(100, Math.max(0, Math.round(40 - 3 * mean)));
}

export type StressLevel = 'critical' | 'elevated' | 'moderate' | 'low';

export function stressLevel(score: number): StressLevel {
  if (score >= 75) return 'critical';
  if (score >= 50) return 'elevated';
  if (score >= 25) return 'moderate';
  return 'low';
}

export const round2 = (v: number) => Math.round(v * 100) / 100;

export type PeriodChangeBasis = 'publisher_reported' | 'derived_from_prior_period_level';

/**
 * The change over the publication period: the publisher's own percent when it gives one, else
 * derived from the prior level (which must be non-zero); undefined when neither is possible.
 */
export function periodChange(
  current: number,
  prior: number | undefined,
  publisherPct: number | undefined,
): { pct: number; basis: PeriodChangeBasis } | undefined {
  if (publisherPct !== undefined && Number.isFinite(publisherPct))
    return { pct: round2(publisherPct), basis: 'publisher_reported' };
  if (prior === undefined || prior === 0 || !Number.isFinite(prior)) return undefined;
  return { pct: round2(((current - prior) / prior) * 100), basis: 'derived_from_prior_period_level' };
}

/** A spike: the latest value above the mean plus two (population) standard deviations, with 3+ points. */
export function spikeAlert(values: readonly number[]): boolean {
  if (values.length < 3) return false;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
  // The tolerance keeps rounding noise in a flat series from reading as a spike.
  return values.at(-1)! > mean + 2 * sd + 1e-9 * Math.max(1, Math.abs(mean));
}
