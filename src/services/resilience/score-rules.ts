/**
 * Resilience score from indicator observations: each dimension scales one indicator to 0-100,
 * domains average their dimensions by coverage, pillars combine domains, and the overall score
 * penalises the weakest pillar. Pure functions; the thresholds are stated next to each rule.
 */
import type { Freshness } from './rules.js';

export interface DimensionSpec {
  id: string;
  indicator: string;
  /** Value mapped to 0 and to 100 (reversed when `worst` > `best`); `log` scales on log10. */
  worst: number;
  best: number;
  log?: boolean;
  /** When the indicator is missing: `safe` means absence implies no crisis (IPC only analyses crises). */
  missing: 'unavailable' | 'safe';
}

export const DOMAINS: { id: string; weight: number; dimensions: DimensionSpec[] }[] = [
  {
    id: 'economic',
    weight: 0.22,
    dimensions: [
      { id: 'income', indicator: 'NY.GDP.PCAP.KD', worst: 500, best: 80_000, log: true, missing: 'unavailable' },
      { id: 'public-debt', indicator: 'GC.DOD.TOTL.GD.ZS', worst: 150, best: 0, missing: 'unavailable' },
      { id: 'inflation', indicator: 'FP.CPI.TOTL.ZG', worst: 30, best: 2, missing: 'unavailable' },
      { id: 'unemployment', indicator: 'SL.UEM.TOTL.ZS', worst: 30, best: 0, missing: 'unavailable' },
    ],
  },
  {
    id: 'infrastructure',
    weight: 0.15,
    dimensions: [
      { id: 'electricity-access', indicator: 'EG.ELC.ACCS.ZS', worst: 0, best: 100, missing: 'unavailable' },
      { id: 'connectivity', indicator: 'IT.NET.USER.ZS', worst: 0, best: 100, missing: 'unavailable' },
    ],
  },
  {
    id: 'energy',
    weight: 0.15,
    dimensions: [
      { id: 'import-dependence', indicator: 'EG.IMP.CONS.ZS', worst: 100, best: -100, missing: 'unavailable' },
    ],
  },
  {
    id: 'social-governance',
    weight: 0.18,
    dimensions: [
      { id: 'government-effectiveness', indicator: 'GE.EST', worst: -2.5, best: 2.5, missing: 'unavailable' },
      { id: 'rule-of-law', indicator: 'RL.EST', worst: -2.5, best: 2.5, missing: 'unavailable' },
      { id: 'political-stability', indicator: 'PV.EST', worst: -2.5, best: 2.5, missing: 'unavailable' },
    ],
  },
  {
    id: 'health-food',
    weight: 0.18,
    dimensions: [
      { id: 'life-expectancy', indicator: 'WHOSIS_000001', worst: 50, best: 85, missing: 'unavailable' },
      { id: 'health-coverage', indicator: 'UHC_INDEX_REPORTED', worst: 0, best: 100, missing: 'unavailable' },
      { id: 'undernourishment', indicator: 'SN.ITK.DEFC.ZS', worst: 40, best: 2.5, missing: 'unavailable' },
      { id: 'acute-food-insecurity', indicator: 'IPC_PHASE3_SHARE', worst: 50, best: 0, missing: 'safe' },
    ],
  },
  {
    id: 'recovery',
    weight: 0.12,
    dimensions: [
      { id: 'reserves', indicator: 'FI.RES.TOTL.MO', worst: 0, best: 12, missing: 'unavailable' },
      { id: 'health-spending', indicator: 'SH.XPD.CHEX.GD.ZS', worst: 0, best: 12, missing: 'unavailable' },
    ],
  },
];

export const PILLARS = [
  { id: 'structural-readiness', weight: 0.4, domains: ['economic', 'social-governance'] },
  { id: 'live-shock-exposure', weight: 0.35, domains: ['infrastructure', 'energy', 'health-food'] },
  { id: 'recovery-capacity', weight: 0.25, domains: ['recovery'] },
] as const;

/** Imputed dimensions count half in their domain's mean. */
export const IMPUTED_WEIGHT = 0.5;

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Linear (or log10) position of `value` between worst (0) and best (100), clamped. */
export function scaleIndicator(value: number, spec: Pick<DimensionSpec, 'worst' | 'best' | 'log'>): number {
  const f = spec.log ? (x: number) => Math.log10(Math.max(x, 1)) : (x: number) => x;
  const [w, b] = [f(spec.worst), f(spec.best)];
  return round2(clamp(((f(value) - w) / (b - w)) * 100, 0, 100));
}

/** Data age in years: up to 2 fresh, up to 5 aging, older stale. */
export function freshnessOf(year: number, currentYear: number): Freshness {
  const age = currentYear - year;
  return age <= 2 ? 'fresh' : age <= 5 ? 'aging' : 'stale';
}

export interface Dimension {
  id: string;
  score: number;
  coverage: number;
  observedWeight: number;
  imputedWeight: number;
  imputationClass: string;
  freshness: { lastObservedAtMs: string; staleness: string };
}

export interface Domain {
  id: string;
  score: number;
  weight: number;
  dimensions: Dimension[];
}

export interface Pillar {
  id: string;
  score: number;
  weight: number;
  coverage: number;
  domains: Domain[];
}

/** Latest observation per indicator for one country. */
export type Latest = ReadonlyMap<string, { year: number; value: number }>;

/** Latest observation per country and indicator (the latest year; within a year, the first row). */
export function latestObservations(
  observations: Iterable<{ countryCode: string; indicator: string; year: number; value: number }>,
): Map<string, Map<string, { year: number; value: number }>> {
  const out = new Map<string, Map<string, { year: number; value: number }>>();
  for (const o of observations) {
    const c = out.get(o.countryCode) ?? new Map<string, { year: number; value: number }>();
    const prev = c.get(o.indicator);
    if (!prev || o.year > prev.year) c.set(o.indicator, { year: o.year, value: o.value });
    out.set(o.countryCode, c);
  }
  return out;
}

const FRESHNESS_COVERAGE: Record<Freshness, number> = { fresh: 1, aging: 0.7, stale: 0.4 };

export function scoreDimension(spec: DimensionSpec, latest: Latest, currentYear: number): Dimension {
  const obs = latest.get(spec.indicator);
  if (obs) {
    const staleness = freshnessOf(obs.year, currentYear);
    return {
      id: spec.id,
      score: scaleIndicator(obs.value, spec),
      coverage: FRESHNESS_COVERAGE[staleness],
      observedWeight: 1,
      imputedWeight: 0,
      imputationClass: '',
      freshness: { lastObservedAtMs: String(Date.UTC(obs.year, 11, 31)), staleness },
    };
  }
  if (spec.missing === 'safe') {
    return {
      id: spec.id,
      score: 100,
      coverage: 1,
      observedWeight: 0,
      imputedWeight: 1,
      imputationClass: 'absence-implies-safe',
      freshness: { lastObservedAtMs: '0', staleness: '' },
    };
  }
  return {
    id: spec.id,
    score: 0,
    coverage: 0,
    observedWeight: 0,
    imputedWeight: 0,
    imputationClass: 'unavailable',
    freshness: { lastObservedAtMs: '0', staleness: '' },
  };
}

/** Coverage-weighted mean of the dimensions, imputed ones at half weight; 0 with no coverage. */
/**
 * A weight too small to mean anything (coverage shares below a billionth) counts as none: at those
 * magnitudes the products underflow and a weighted mean could leave 0-100.
 */
const usable = (w: number) => (w > 1e-9 ? w : 0);

export function domainScore(dims: readonly Dimension[]): number {
  let num = 0;
  let den = 0;
  for (const d of dims) {
    const w = usable(d.coverage * (d.imputedWeight > 0 ? IMPUTED_WEIGHT : 1));
    num += d.score * w;
    den += w;
  }
  return den > 0 ? round2(num / den) : 0;
}

export const domainCoverage = (d: Domain) =>
  d.dimensions.length ? d.dimensions.reduce((a, x) => a + x.coverage, 0) / d.dimensions.length : 0;

/** Sum of domain score x weight x coverage over sum of weight x coverage. */
export function pillarScore(domains: readonly Domain[]): { score: number; coverage: number } {
  let num = 0;
  let den = 0;
  let wsum = 0;
  for (const d of domains) {
    const w = usable(d.weight * domainCoverage(d));
    num += d.score * w;
    den += w;
    wsum += d.weight;
  }
  return { score: den > 0 ? round2(num / den) : 0, coverage: wsum > 0 ? round2(den / wsum) : 0 };
}

/** Weighted pillars, scaled down by half the weakest pillar's shortfall: a country is as resilient as its weakest leg allows. */
export function overallScore(pillars: readonly Pick<Pillar, 'score' | 'weight'>[]): number {
  if (!pillars.length) return 0;
  const weighted = pillars.reduce((a, p) => a + p.score * p.weight, 0) / pillars.reduce((a, p) => a + p.weight, 0);
  const weakest = Math.min(...pillars.map((p) => p.score));
  return round2(weighted * (1 - 0.5 * (1 - weakest / 100)));
}

export function computeScore(
  latest: Latest,
  currentYear: number,
): { domains: Domain[]; pillars: Pillar[]; overall: number; coverage: number; imputationShare: number } {
  const domains = DOMAINS.map((spec) => {
    const dimensions = spec.dimensions.map((d) => scoreDimension(d, latest, currentYear));
    return { id: spec.id, weight: spec.weight, score: domainScore(dimensions), dimensions };
  });
  const pillars = PILLARS.map((p) => {
    const members = domains.filter((d) => (p.domains as readonly string[]).includes(d.id));
    return { id: p.id, weight: p.weight, ...pillarScore(members), domains: members };
  });
  const dims = domains.flatMap((d) => d.dimensions);
  const coverage = round2(dims.reduce((a, d) => a + d.coverage, 0) / dims.length);
  const imputed = dims.filter((d) => d.imputedWeight > 0).length;
  const known = dims.filter((d) => d.observedWeight > 0 || d.imputedWeight > 0).length;
  return {
    domains,
    pillars,
    overall: overallScore(pillars),
    coverage,
    imputationShare: known ? round2(imputed / known) : 0,
  };
}

/** Least-squares slope of the points in score points per 30 days: above +1 rising, below -1 falling. */
export function trendOf(points: readonly { at: number; score: number }[]): 'rising' | 'falling' | 'stable' {
  if (points.length < 3) return 'stable';
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.at, 0) / n;
  const my = points.reduce((a, p) => a + p.score, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.at - mx) * (p.score - my);
    den += (p.at - mx) ** 2;
  }
  const per30d = den > 0 ? (num / den) * 30 * 86_400_000 : 0;
  return per30d > 1 ? 'rising' : per30d < -1 ? 'falling' : 'stable';
}

/** Change against the oldest point no more than 30 days before `now` (the oldest point when all are older). */
export function change30d(points: readonly { at: number; score: number }[], current: number, now: number): number {
  if (!points.length) return 0;
  const sorted = [...points].sort((a, b) => a.at - b.at);
  const base = sorted.find((p) => p.at >= now - 30 * 86_400_000) ?? sorted[sorted.length - 1]!;
  return round2(current - base.score);
}

/** Stress is the shortfall of the live-shock pillar; its factor is capped at one half. */
export function stressOf(liveShockScore: number): { stressScore: number; stressFactor: number } {
  const stressScore = round2(100 - liveShockScore);
  return { stressScore, stressFactor: round2(clamp(stressScore / 100, 0, 0.5)) };
}
