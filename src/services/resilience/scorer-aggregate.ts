/**
 * How the published resilience scorer combines its dimensions: domains are coverage-weighted means
 * of their dimensions (wholly imputed ones at half weight), pillars coverage-weighted means of their
 * domains, and the overall score the weighted pillars penalised by the weakest one. Also the
 * baseline and stress readings, imputation share, confidence, coverage and the headline gate.
 * Pure functions.
 */
import type { DimensionScore, ImputationClass, Staleness } from './scorer-blend.js';
import { DIMENSIONS, DOMAIN_ORDER, DOMAIN_WEIGHTS, type DimensionSpec, type DomainId } from './scorer-dimensions.js';

/** `Number(x.toFixed(digits))`, 0 for a non-finite value (the published rounding). */
export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return 0;
  return Number(value.toFixed(digits));
}

export interface Dimension {
  id: string;
  score: number;
  coverage: number;
  observedWeight: number;
  imputedWeight: number;
  /** Empty when anything was observed or nothing scored; the dominant imputation class otherwise. */
  imputationClass: '' | ImputationClass;
  freshness: { lastObservedAtMs: string; staleness: Staleness };
}

export interface Domain {
  id: DomainId;
  score: number;
  weight: number;
  dimensions: Dimension[];
}

export type PillarId = 'structural-readiness' | 'live-shock-exposure' | 'recovery-capacity';

export interface Pillar {
  id: PillarId;
  score: number;
  weight: number;
  coverage: number;
  domains: Domain[];
}

export const PILLARS: readonly { id: PillarId; weight: number; domains: readonly DomainId[] }[] = [
  { id: 'structural-readiness', weight: 0.4, domains: ['economic', 'social-governance'] },
  { id: 'live-shock-exposure', weight: 0.35, domains: ['infrastructure', 'energy', 'health-food'] },
  { id: 'recovery-capacity', weight: 0.25, domains: ['recovery'] },
];

/** A wholly imputed dimension weighs half: an assumption is not a measurement. */
export const IMPUTED_DIMENSION_FACTOR = 0.5;
/** How much the weakest pillar's shortfall scales the overall score down. */
export const PENALTY_ALPHA = 0.5;
export const LEVEL_HIGH = 60;
export const LEVEL_MEDIUM = 30;
export const LOW_CONFIDENCE_COVERAGE = 0.55;
export const LOW_CONFIDENCE_IMPUTATION_SHARE = 0.4;
export const HEADLINE_MIN_COVERAGE = 0.65;
export const HEADLINE_MIN_POPULATION_MILLIONS = 0.2;
export const HEADLINE_HIGH_COVERAGE = 0.85;
/** Stale observed data counts for less in the confidence readings. */
export const STALENESS_CONFIDENCE_FACTOR: Record<Staleness, number> = { '': 1, fresh: 1, aging: 0.7, stale: 0.4 };

const SPECS = new Map<string, DimensionSpec>(DIMENSIONS.map((d) => [d.id, d]));

/** A scorer's result as the answer carries it. */
export function toDimension(
  id: string,
  s: DimensionScore,
  freshness: { lastObservedAtMs: number; staleness: Staleness },
): Dimension {
  return {
    id,
    score: round(s.score),
    coverage: round(s.coverage),
    observedWeight: round(s.observedWeight, 4),
    imputedWeight: round(s.imputedWeight, 4),
    imputationClass: s.imputationClass ?? '',
    freshness: { lastObservedAtMs: String(freshness.lastObservedAtMs), staleness: freshness.staleness },
  };
}

/** Σ score × coverage × weight × (½ when imputed) over Σ coverage × weight × (½ when imputed); 0 without weight. */
export function coverageWeightedMean(dimensions: readonly Dimension[]): number {
  let num = 0;
  let den = 0;
  for (const d of dimensions) {
    const w = d.coverage * (SPECS.get(d.id)?.weight ?? 1) * (d.imputationClass ? IMPUTED_DIMENSION_FACTOR : 1);
    num += d.score * w;
    den += w;
  }
  return den ? num / den : 0;
}

export function buildDomains(dimensions: readonly Dimension[]): Domain[] {
  return DOMAIN_ORDER.map((id) => {
    const members = dimensions.filter((d) => SPECS.get(d.id)?.domain === id);
    return { id, score: round(coverageWeightedMean(members)), weight: DOMAIN_WEIGHTS[id], dimensions: members };
  });
}

/** A dimension behind a dark flag (education) reports all zeros; it is left out of coverage means. */
const isFlagDark = (d: Dimension) =>
  d.id === 'education' && d.coverage === 0 && d.observedWeight === 0 && d.imputedWeight === 0;

function meanDimensionCoverage(domain: Domain): number {
  const active = domain.dimensions.filter((d) => !isFlagDark(d));
  return active.length ? active.reduce((a, d) => a + d.coverage, 0) / active.length : 0;
}

/** Σ domain score × weight × coverage over Σ weight × coverage; coverage is the domains' mean coverage. */
export function buildPillars(domains: readonly Domain[]): Pillar[] {
  return PILLARS.map((p) => {
    const members = domains.filter((d) => p.domains.includes(d.id));
    const covered = members.map((d) => ({ d, c: meanDimensionCoverage(d) }));
    const den = covered.reduce((a, x) => a + x.d.weight * x.c, 0);
    const score = den > 0 ? covered.reduce((a, x) => a + x.d.score * x.d.weight * x.c, 0) / den : 0;
    const coverage = members.length ? covered.reduce((a, x) => a + x.c, 0) / members.length : 0;
    return {
      id: p.id,
      score: Math.round(score * 100) / 100,
      weight: p.weight,
      coverage: Math.round(coverage * 10_000) / 10_000,
      domains: members,
    };
  });
}

/** Σ pillar × weight × (1 − α(1 − weakest/100)), two decimals: a country is as resilient as its weakest leg allows. */
export function penalizedPillarScore(pillars: readonly { score: number; weight: number }[]): number {
  if (pillars.length === 0) return 0;
  const weighted = pillars.reduce((a, p) => a + p.score * p.weight, 0);
  const weakest = Math.min(...pillars.map((p) => p.score));
  return Math.round(weighted * (1 - PENALTY_ALPHA * (1 - weakest / 100)) * 100) / 100;
}

export function levelOf(score: number): 'high' | 'medium' | 'low' {
  return score >= LEVEL_HIGH ? 'high' : score >= LEVEL_MEDIUM ? 'medium' : 'low';
}

/** Baseline: coverage-weighted mean of baseline and mixed dimensions; stress: of stress and mixed ones. */
export function baselineAndStress(dimensions: readonly Dimension[]): {
  baselineScore: number;
  stressScore: number;
  stressFactor: number;
} {
  const typed = (t: 'baseline' | 'stress') =>
    dimensions.filter((d) => {
      const type = SPECS.get(d.id)?.type;
      return type === t || type === 'mixed';
    });
  const stressScore = round(coverageWeightedMean(typed('stress')));
  return {
    baselineScore: round(coverageWeightedMean(typed('baseline'))),
    stressScore,
    stressFactor: round(Math.max(0, Math.min(1 - stressScore / 100, 0.5)), 4),
  };
}

/** Imputed weight over observed plus imputed weight, 4 decimals; 0 when nothing scored. */
export function imputationShareOf(dimensions: readonly Dimension[]): number {
  const imputed = dimensions.reduce((a, d) => a + d.imputedWeight, 0);
  const observed = dimensions.reduce((a, d) => a + d.observedWeight, 0);
  return imputed + observed > 0 ? round(imputed / (imputed + observed), 4) : 0;
}

/** Retired dimensions, a dark flag and an inapplicable sovereign-fund dimension say nothing about data availability. */
function excludedFromConfidence(d: Dimension): boolean {
  if (SPECS.get(d.id)?.retired) return true;
  if (isFlagDark(d)) return true;
  return d.id === 'sovereignFiscalBuffer' && d.coverage === 0 && d.observedWeight === 0 && d.imputedWeight === 0;
}

/** Unweighted mean of the dimensions' coverage, stale observed data derated; a data-availability reading. */
export function overallCoverageOf(dimensions: readonly Dimension[]): number {
  const coverages = dimensions
    .filter((d) => !excludedFromConfidence(d))
    .map((d) =>
      Number(d.freshness.lastObservedAtMs) > 0
        ? d.coverage * STALENESS_CONFIDENCE_FACTOR[d.freshness.staleness]
        : d.coverage,
    );
  return coverages.length ? coverages.reduce((a, c) => a + c, 0) / coverages.length : 0;
}

export function isLowConfidence(overallCoverage: number, imputationShare: number): boolean {
  return overallCoverage < LOW_CONFIDENCE_COVERAGE || imputationShare > LOW_CONFIDENCE_IMPUTATION_SHARE;
}

/** Confident, covered, and big enough or very well covered; an unknown population needs the high coverage. */
export function isHeadlineEligible(a: {
  overallCoverage: number;
  populationMillions: number | null;
  lowConfidence: boolean;
}): boolean {
  if (a.lowConfidence || a.overallCoverage < HEADLINE_MIN_COVERAGE) return false;
  const bigEnough = a.populationMillions !== null && a.populationMillions >= HEADLINE_MIN_POPULATION_MILLIONS;
  return bigEnough || a.overallCoverage >= HEADLINE_HIGH_COVERAGE;
}
