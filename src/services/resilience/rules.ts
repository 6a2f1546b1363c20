/**
 * Ranking rules for country resilience scores (reference §3.8). Each rule is a small pure function
 * so it can be tested on its own; `buildRanking` composes them over one snapshot.
 */

/** How much an indicator block still counts, by the age of its data. */
export const STALENESS_FACTOR = { fresh: 1, aging: 0.7, stale: 0.4 } as const;
export type Freshness = keyof typeof STALENESS_FACTOR;

export const LOW_CONFIDENCE_COVERAGE = 0.55;
export const LOW_CONFIDENCE_IMPUTATION = 0.4;
export const ELIGIBLE_MIN_COVERAGE = 0.65;
export const ELIGIBLE_MIN_POPULATION_M = 0.2;
/** Small countries still headline when their data is this complete. */
export const ELIGIBLE_SMALL_COUNTRY_COVERAGE = 0.85;
export const RANK_STABLE_MAX_WIDTH = 8;
/** Below this share of countries scored, the ranking is reported as partial. */
export const COMPLETE_COVERAGE = 0.95;

export type Formula = 'default' | 'pillar';
export type Level = 'high' | 'medium' | 'low' | 'unknown';

/** Lower bounds of `high` and `medium` per scoring formula. */
export const LEVEL_THRESHOLDS: Record<Formula, { high: number; medium: number }> = {
  default: { high: 70, medium: 40 },
  pillar: { high: 60, medium: 30 },
};

export interface DimensionData {
  indicators: number;
  /** Indicators that have a value, measured or imputed. */
  available: number;
  /** Of the available ones, how many were imputed rather than measured. */
  imputed: number;
  freshness: Freshness;
}

export interface CountryScore {
  countryCode: string;
  /** null when the country could not be scored at all. */
  overallScore: number | null;
  populationMillions: number | null;
  /** 5th and 95th percentile of the score under resampling; null when not computed. */
  interval: { p05: number; p95: number } | null;
  dimensions: DimensionData[];
}

export interface RankingItem {
  countryCode: string;
  overallScore: number;
  level: Level;
  lowConfidence: boolean;
  overallCoverage: number;
  rankStable: boolean;
  headlineEligible: boolean;
}

export interface Ranking {
  items: RankingItem[];
  greyedOut: RankingItem[];
  scored: number;
  total: number;
  coverage: number;
  partial: boolean;
}

export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Mean over dimensions of the share of indicators available, discounted by data age. 0 without dimensions. */
export function overallCoverage(dims: readonly DimensionData[]): number {
  if (dims.length === 0) return 0;
  let sum = 0;
  for (const d of dims)
    sum += (d.indicators > 0 ? Math.min(1, d.available / d.indicators) : 0) * STALENESS_FACTOR[d.freshness];
  return round4(sum / dims.length);
}

/** Share of available indicator values that were imputed. 0 when nothing is available. */
export function imputationShare(dims: readonly DimensionData[]): number {
  let available = 0;
  let imputed = 0;
  for (const d of dims) {
    available += d.available;
    imputed += Math.min(d.imputed, d.available);
  }
  return available === 0 ? 0 : round4(imputed / available);
}

export function isLowConfidence(coverage: number, imputation: number): boolean {
  return coverage < LOW_CONFIDENCE_COVERAGE || imputation > LOW_CONFIDENCE_IMPUTATION;
}

/** Headline rankings only show scored, confident, well-covered countries that are big enough or very complete. */
export function isHeadlineEligible(c: {
  scored: boolean;
  lowConfidence: boolean;
  coverage: number;
  populationMillions: number | null;
}): boolean {
  if (!c.scored || c.lowConfidence || c.coverage < ELIGIBLE_MIN_COVERAGE) return false;
  return (c.populationMillions ?? 0) >= ELIGIBLE_MIN_POPULATION_M || c.coverage >= ELIGIBLE_SMALL_COUNTRY_COVERAGE;
}

/** A rank is stable when the score's 90% interval is at most 8 points wide; unknown intervals are not. */
export function isRankStable(interval: { p05: number; p95: number } | null): boolean {
  if (!interval || !Number.isFinite(interval.p05) || !Number.isFinite(interval.p95)) return false;
  return interval.p95 - interval.p05 <= RANK_STABLE_MAX_WIDTH;
}

export function levelOf(score: number | null, formula: Formula): Level {
  if (score === null || !Number.isFinite(score) || score < 0) return 'unknown';
  const t = LEVEL_THRESHOLDS[formula];
  if (score >= t.high) return 'high';
  if (score >= t.medium) return 'medium';
  return 'low';
}

/** Best score first; ties (and equal unscored -1) by country code, so the order is total. */
export function compareItems(a: RankingItem, b: RankingItem): number {
  return (
    b.overallScore - a.overallScore || (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0)
  );
}

export function rankItem(c: CountryScore, formula: Formula): RankingItem {
  const coverage = overallCoverage(c.dimensions);
  const lowConfidence = isLowConfidence(coverage, imputationShare(c.dimensions));
  const scored = c.overallScore !== null && Number.isFinite(c.overallScore);
  return {
    countryCode: c.countryCode,
    overallScore: scored ? (c.overallScore as number) : -1,
    level: levelOf(c.overallScore, formula),
    lowConfidence,
    overallCoverage: coverage,
    rankStable: scored && isRankStable(c.interval),
    headlineEligible: isHeadlineEligible({ scored, lowConfidence, coverage, populationMillions: c.populationMillions }),
  };
}

/** Splits every country into the headline ranking and the greyed-out rest, with coverage of the whole set. */
export function buildRanking(countries: readonly CountryScore[], formula: Formula): Ranking {
  const all = countries.map((c) => rankItem(c, formula)).sort(compareItems);
  const scored = countries.filter((c) => c.overallScore !== null && Number.isFinite(c.overallScore)).length;
  const total = countries.length;
  const coverage = total === 0 ? 0 : round4(scored / total);
  return {
    items: all.filter((i) => i.headlineEligible),
    greyedOut: all.filter((i) => !i.headlineEligible),
    scored,
    total,
    coverage,
    partial: total === 0 || coverage < COMPLETE_COVERAGE,
  };
}
