/**
 * The resilience model: every country's 23 dimensions, 6 domains, 3 pillars and overall score from
 * the latest public indicators, as the published scorer combines them. Pure: the inputs' capture
 * times stand in for the published seed times, and `at` (the newest of them) for "now".
 */
import {
  baselineAndStress,
  buildDomains,
  buildPillars,
  imputationShareOf,
  isHeadlineEligible,
  isLowConfidence,
  levelOf,
  overallCoverageOf,
  penalizedPillarScore,
  round,
  toDimension,
  type Domain,
  type Pillar,
} from './scorer-aggregate.js';
import type { Staleness } from './scorer-blend.js';
import {
  DIMENSIONS,
  WB,
  type CountryEvents,
  type CountryIndicators,
  type IndicatorSource,
} from './scorer-dimensions.js';
import type {
  CyberSummary,
  DisplacementFigures,
  GpsSummary,
  OutageSummary,
  UcdpSummary,
  UnrestSummary,
} from './scorer-events.js';

export interface CountryResilience {
  countryCode: string;
  overallScore: number;
  level: 'high' | 'medium' | 'low';
  baselineScore: number;
  stressScore: number;
  stressFactor: number;
  imputationShare: number;
  /** Mean dimension coverage (stale data derated), the ranking's data-availability reading. */
  overallCoverage: number;
  lowConfidence: boolean;
  headlineEligible: boolean;
  populationMillions: number | null;
  domains: Domain[];
  pillars: Pillar[];
}

/** How often each indicator source publishes: its age in these units makes it fresh (< 1.5), aging (< 3) or stale. */
export const SOURCE_CADENCE_MS: Record<IndicatorSource, number> = {
  worldbank: 365 * 86_400_000,
  who: 365 * 86_400_000,
  // IPC analyses are revised through the year: monthly.
  ipc: 30 * 86_400_000,
  // UCDP candidate events are released monthly; UNHCR figures yearly; unrest events daily.
  ucdp: 30 * 86_400_000,
  displacement: 365 * 86_400_000,
  unrest: 86_400_000,
  outages: 86_400_000,
  // Threat lists and gpsjam's map are daily; AGSI+ publishes a gas day daily; the WEO debt ratios are
  // read monthly by the published seeder.
  cyber: 86_400_000,
  gps: 86_400_000,
  gasStorage: 86_400_000,
  debt: 30 * 86_400_000,
};

const STALENESS_RANK: Record<Staleness, number> = { '': 0, fresh: 1, aging: 2, stale: 3 };

export function stalenessOf(ageMs: number, cadenceMs: number): Exclude<Staleness, ''> {
  if (!Number.isFinite(ageMs) || ageMs < 0) return 'stale';
  const units = ageMs / cadenceMs;
  return units < 1.5 ? 'fresh' : units < 3 ? 'aging' : 'stale';
}

/**
 * A dimension's freshness: the oldest capture time among the sources it reads and the worst
 * staleness; a source not loaded is stale with no time. `''` for a dimension that reads none.
 */
export function dimensionFreshness(
  reads: readonly IndicatorSource[],
  capturedAt: Partial<Record<IndicatorSource, number>>,
  at: number,
): { lastObservedAtMs: number; staleness: Staleness } {
  if (reads.length === 0) return { lastObservedAtMs: 0, staleness: '' };
  let oldest = Infinity;
  let worst: Staleness = '';
  for (const s of reads) {
    const t = capturedAt[s];
    const staleness = t === undefined ? 'stale' : stalenessOf(at - t, SOURCE_CADENCE_MS[s]);
    if (t !== undefined && t < oldest) oldest = t;
    if (STALENESS_RANK[staleness] > STALENESS_RANK[worst]) worst = staleness;
  }
  return { lastObservedAtMs: Number.isFinite(oldest) ? oldest : 0, staleness: worst };
}

export function scoreCountry(
  countryCode: string,
  indicators: CountryIndicators,
  capturedAt: Partial<Record<IndicatorSource, number>>,
  at: number,
  events: CountryEvents = {},
): CountryResilience {
  const dimensions = DIMENSIONS.map((d) =>
    toDimension(d.id, d.score(indicators, events), dimensionFreshness(d.reads, capturedAt, at)),
  );
  const domains = buildDomains(dimensions);
  const pillars = buildPillars(domains);
  const overallScore = round(penalizedPillarScore(pillars));
  const imputationShare = imputationShareOf(dimensions);
  const overallCoverage = overallCoverageOf(dimensions);
  const lowConfidence = isLowConfidence(overallCoverage, imputationShare);
  const population = indicators.get(WB.population)?.value;
  const populationMillions = population === undefined ? null : population / 1e6;
  return {
    countryCode,
    overallScore,
    level: levelOf(overallScore),
    ...baselineAndStress(dimensions),
    imputationShare,
    overallCoverage,
    lowConfidence,
    headlineEligible: isHeadlineEligible({ overallCoverage, populationMillions, lowConfidence }),
    populationMillions,
    domains,
    pillars,
  };
}

/** Latest observation per country and indicator (the latest year; within a year, the first row). */
export function latestByCountry(
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

/** Per-country event summaries; a member is absent when its dataset has no snapshot. */
export interface EventSummaries {
  ucdp?: ReadonlyMap<string, UcdpSummary>;
  displacement?: ReadonlyMap<string, DisplacementFigures>;
  unrest?: ReadonlyMap<string, UnrestSummary>;
  /** Absent also when the feed lists no outage at all. */
  outages?: ReadonlyMap<string, OutageSummary>;
  /** Absent also when the feed lists no threat at all. */
  cyber?: ReadonlyMap<string, CyberSummary>;
  /** Absent also when the feed lists no interfered cell at all. */
  gps?: ReadonlyMap<string, GpsSummary>;
  debtGrowth?: ReadonlyMap<string, number>;
  gasFillPct?: ReadonlyMap<string, number>;
}

/** One country's events: zero counts when the dataset is loaded but lists nothing for it. */
export function eventsOf(code: string, s: EventSummaries): CountryEvents {
  return {
    ...(s.ucdp ? { ucdp: s.ucdp.get(code) ?? { eventCount: 0, deaths: 0, typeWeight: 0 } } : {}),
    ...(s.displacement ? { displacement: s.displacement.get(code) ?? null } : {}),
    ...(s.unrest ? { unrest: s.unrest.get(code) ?? { unrestCount: 0, fatalities: 0 } } : {}),
    ...(s.outages ? { outages: s.outages.get(code) ?? { total: 0, major: 0, partial: 0 } } : {}),
    ...(s.cyber ? { cyber: s.cyber.get(code) ?? { weightedCount: 0 } } : {}),
    ...(s.gps ? { gps: s.gps.get(code) ?? { high: 0, medium: 0 } } : {}),
    ...(s.debtGrowth ? { debtGrowth: s.debtGrowth.get(code) ?? null } : {}),
    ...(s.gasFillPct ? { gasFillPct: s.gasFillPct.get(code) ?? null } : {}),
  };
}

/** Every country with at least one indicator (the published static index), scored; sorted by code. */
export function scoreAll(
  observations: Partial<
    Record<IndicatorSource, readonly { countryCode: string; indicator: string; year: number; value: number }[]>
  >,
  capturedAt: Partial<Record<IndicatorSource, number>>,
  at: number,
  events: EventSummaries = {},
): CountryResilience[] {
  const latest = latestByCountry(Object.values(observations).flatMap((o) => o ?? []));
  return [...latest.keys()]
    .sort()
    .map((code) => scoreCountry(code, latest.get(code)!, capturedAt, at, eventsOf(code, events)));
}
