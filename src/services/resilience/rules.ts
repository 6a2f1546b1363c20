/**
 * The ranking of the computed resilience scores (reference §3.8): headline-eligible countries best
 * first, the rest greyed out, with how much of the country universe is scored. Pure functions over
 * the same per-country results get-resilience-score answers from.
 */
import type { CountryResilience } from './scorer-model.js';

export const RANK_STABLE_MAX_WIDTH = 8;
/** Below this share of countries scored, the ranking is reported as partial. */
export const COMPLETE_COVERAGE = 0.95;

export type Level = 'high' | 'medium' | 'low' | 'unknown';

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

/** A rank is stable when the score's 90% interval is at most 8 points wide; unknown intervals are not. */
export function isRankStable(interval: { p05: number; p95: number } | null): boolean {
  if (!interval || !Number.isFinite(interval.p05) || !Number.isFinite(interval.p95)) return false;
  const width = interval.p95 - interval.p05;
  return width >= 0 && width <= RANK_STABLE_MAX_WIDTH;
}

/** Best score first; ties by country code, so the order is total. */
export function compareItems(a: RankingItem, b: RankingItem): number {
  return (
    b.overallScore - a.overallScore || (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0)
  );
}

/** A country's ranking entry: its computed score as it is. No score intervals are computed here, so no rank is stable. */
export function rankItem(c: CountryResilience): RankingItem {
  return {
    countryCode: c.countryCode,
    overallScore: c.overallScore,
    level: c.level,
    lowConfidence: c.lowConfidence,
    overallCoverage: c.overallCoverage,
    rankStable: isRankStable(null),
    headlineEligible: c.headlineEligible,
  };
}

/** Splits every scored country into the headline ranking and the greyed-out rest. */
export function buildRanking(countries: readonly CountryResilience[]): Ranking {
  const all = countries.map(rankItem).sort(compareItems);
  const total = countries.length;
  const coverage = total === 0 ? 0 : 1;
  return {
    items: all.filter((i) => i.headlineEligible),
    greyedOut: all.filter((i) => !i.headlineEligible),
    scored: total,
    total,
    coverage,
    partial: total === 0 || coverage < COMPLETE_COVERAGE,
  };
}
