/**
 * The published resilience scorer's building blocks: indicator normalisation onto 0-100 and the
 * weighted blend of a dimension's metrics (score, coverage, observed and imputed weight, the
 * dominant imputation class). Pure functions; constants as the published scorer states them.
 */

export type ImputationClass = 'stable-absence' | 'unmonitored' | 'source-failure' | 'not-applicable';
export type Staleness = '' | 'fresh' | 'aging' | 'stale';

export interface DimensionScore {
  /** 0-100, an integer (the published scorer rounds dimension scores). */
  score: number;
  /** 0-1, two decimals: how much of the dimension's designed signal was observed (imputations count their certainty). */
  coverage: number;
  observedWeight: number;
  imputedWeight: number;
  /** The dominant class when the dimension is wholly imputed; null when anything was observed or nothing scored. */
  imputationClass: ImputationClass | null;
}

/** One metric of a dimension. `score: null` is a gap: its weight leaves the score and counts 0 in coverage. */
export interface WeightedMetric {
  score: number | null;
  weight: number;
  /** Certainty of an imputed (or partial) value; real data counts 1, a gap 0. */
  certaintyCoverage?: number;
  /** Set only on absence-based (imputed) values. */
  imputed?: boolean;
  imputationClass?: ImputationClass;
}

export interface ImputationEntry {
  score: number;
  certaintyCoverage: number;
  imputationClass: ImputationClass;
}

/** What the absence of a source or of a country in it stands for (the published imputation table). */
export const IMPUTE = {
  /** Not listed by IPC: no food crisis. */
  ipcFood: { score: 88, certaintyCoverage: 0.7, imputationClass: 'stable-absence' },
  /** A curated list (BIS) that may simply not cover the country. */
  curatedListAbsent: { score: 50, certaintyCoverage: 0.3, imputationClass: 'unmonitored' },
  /** The recovery-domain seeds when the country (or the whole source) is missing. */
  recovery: { score: 50, certaintyCoverage: 0.3, imputationClass: 'unmonitored' },
} as const satisfies Record<string, ImputationEntry>;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Clamped to 0-100 and rounded to an integer; a non-finite value is 0. */
export function roundScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(clamp(value, 0, 100));
}

/** `best` maps to 100 and `worst` to 0, linearly, clamped; degenerate anchors give 50. */
export function normalizeLowerBetter(value: number, best: number, worst: number): number {
  if (!Number.isFinite(value)) return Number.NaN;
  if (worst <= best) return 50;
  return roundScore(((worst - value) / (worst - best)) * 100);
}

/** `worst` maps to 0 and `best` to 100, linearly, clamped; degenerate anchors give 50. */
export function normalizeHigherBetter(value: number, worst: number, best: number): number {
  if (!Number.isFinite(value)) return Number.NaN;
  if (best <= worst) return 50;
  return roundScore(((value - worst) / (best - worst)) * 100);
}

/** An imputed metric from the table. */
export function imputed(entry: ImputationEntry, weight: number): WeightedMetric {
  return {
    score: entry.score,
    weight,
    certaintyCoverage: entry.certaintyCoverage,
    imputed: true,
    imputationClass: entry.imputationClass,
  };
}

/** A whole dimension imputed from the table (its source or the country is absent). */
export function imputedDimension(entry: ImputationEntry): DimensionScore {
  return {
    score: entry.score,
    coverage: entry.certaintyCoverage,
    observedWeight: 0,
    imputedWeight: 1,
    imputationClass: entry.imputationClass,
  };
}

/** Nothing to score: the dimension counts for nothing in its domain. */
export const NO_DATA: DimensionScore = {
  score: 0,
  coverage: 0,
  observedWeight: 0,
  imputedWeight: 0,
  imputationClass: null,
};

// Earlier classes win ties: stable-absence is the most telling signal.
const CLASS_ORDER: readonly ImputationClass[] = ['stable-absence', 'unmonitored', 'source-failure', 'not-applicable'];

const hasScore = (m: WeightedMetric): m is WeightedMetric & { score: number } =>
  m.score !== null && Number.isFinite(m.score);

/**
 * The dimension from its metrics: the weighted mean of the metrics that have a score (gaps leave
 * the mean), coverage as the weight-averaged certainty over every metric (gaps count 0), and the
 * observed and imputed weights.
 */
export function weightedBlend(metrics: readonly WeightedMetric[]): DimensionScore {
  const totalWeight = metrics.reduce((a, m) => a + m.weight, 0);
  const scored = metrics.filter(hasScore);
  const scoredWeight = scored.reduce((a, m) => a + m.weight, 0);
  if (!scoredWeight || !totalWeight) return NO_DATA;
  const mean = scored.reduce((a, m) => a + m.score * m.weight, 0) / scoredWeight;
  const certainty =
    metrics.reduce((a, m) => a + m.weight * (m.certaintyCoverage ?? (hasScore(m) ? 1 : 0)), 0) / totalWeight;
  let observedWeight = 0;
  let imputedWeight = 0;
  const byClass = new Map<ImputationClass, number>();
  for (const m of scored) {
    if (m.imputed) {
      imputedWeight += m.weight;
      if (m.imputationClass) byClass.set(m.imputationClass, (byClass.get(m.imputationClass) ?? 0) + m.weight);
    } else observedWeight += m.weight;
  }
  let imputationClass: ImputationClass | null = null;
  if (observedWeight === 0 && imputedWeight > 0) {
    let best = -Infinity;
    for (const c of CLASS_ORDER) {
      const w = byClass.get(c);
      if (w !== undefined && w > best) {
        best = w;
        imputationClass = c;
      }
    }
  }
  return {
    score: roundScore(mean),
    coverage: Number(clamp(certainty, 0, 1).toFixed(2)),
    observedWeight: Number(observedWeight.toFixed(4)),
    imputedWeight: Number(imputedWeight.toFixed(4)),
    imputationClass,
  };
}
