import type { ResolutionSpec } from './resolution-spec.js';

/**
 * Forecast scoring rules (the scorecard), as the published scripts/_forecast-scorecard.mjs computes it.
 * Pure functions over ledger entries; every formula is stated where it is used.
 */

export type LedgerStatus = 'pending' | 'pending_judge' | 'resolved' | 'void';

/** One forecast window in the resolutions ledger. */
export interface LedgerEntry {
  /** `<forecast id>@<deadline>`: one entry per forecast and window. */
  key: string;
  forecastId: string;
  domain: string;
  region: string;
  title: string;
  timeHorizon: string;
  generationOrigin: string;
  probability: number;
  /** The prediction market's probability at publication, 0-1, when one was matched. */
  marketProbability: number | null;
  /** Whether the forecast appeared in a published forecast document. */
  published: boolean;
  publishedAt: number;
  deadline: number;
  status: LedgerStatus;
  outcome: 'yes' | 'no' | null;
  resolvedAt: number | null;
  /** How the window resolves (kind, metric, operator, threshold, deadline or question). */
  spec: ResolutionSpec;
  /** The comparison that resolved it (`7 >= 5`) or why it was voided; empty while open. */
  evidence: string;
}

export const ROLLING_WINDOW_DAYS = 180;
/** Origins left out of the skill summary: not independent forecasts. */
export const SKILL_EXCLUDED_ORIGINS = ['bet_engine', 'state_derived'] as const;
const DAY_MS = 86_400_000;
const P_CLAMP = 1e-6;

export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Brier score of one forecast: (p - y)^2, 0 best, 1 worst. */
export function brier(p: number, yes: boolean): number {
  return (p - (yes ? 1 : 0)) ** 2;
}

/** Logarithmic loss: -[y ln p + (1-y) ln(1-p)], p clamped to [1e-6, 1-1e-6] so certainty stays finite. */
export function logScore(p: number, yes: boolean): number {
  const q = Math.min(1 - P_CLAMP, Math.max(P_CLAMP, p));
  return -(yes ? Math.log(q) : Math.log(1 - q));
}

/** Calibration bucket of a probability: floor(p x 10), the top bucket holding p = 1. */
export function bucketOf(p: number): number {
  return Math.min(9, Math.max(0, Math.floor(p * 10)));
}

/** Market prices may be quoted in percent: above 1 they are divided by 100; then clamped to [0, 1]. */
export function marketProbability(price: number): number {
  return Math.min(1, Math.max(0, price > 1 ? price / 100 : price));
}

/** In the rolling window: every open entry, and resolved (or voided) entries resolved within the last 180 days. */
export function inWindow(e: LedgerEntry, asOf: number): boolean {
  if (e.status !== 'resolved' && e.status !== 'void') return true;
  return e.resolvedAt === null || e.resolvedAt >= asOf - ROLLING_WINDOW_DAYS * DAY_MS;
}

/** Scored: resolved yes or no with a finite probability (clamped to [0, 1] when scored). */
export function isScored(e: LedgerEntry): boolean {
  return e.status === 'resolved' && e.outcome !== null && Number.isFinite(e.probability);
}

/** The probability as scored: clamped to [0, 1]. */
export const scoredP = (e: LedgerEntry) => Math.min(1, Math.max(0, e.probability));

interface Tally {
  resolved: number;
  scored: number;
  void: number;
  voidRate: number;
  brier?: number;
  logScore?: number;
}

function tally(entries: readonly LedgerEntry[]): Tally {
  const resolved = entries.filter((e) => e.status === 'resolved' || e.status === 'void').length;
  const voided = entries.filter((e) => e.status === 'void').length;
  const scored = entries.filter(isScored);
  return {
    resolved,
    scored: scored.length,
    void: voided,
    voidRate: resolved ? round6(voided / resolved) : 0,
    ...(scored.length
      ? {
          brier: round6(mean(scored.map((e) => brier(scoredP(e), e.outcome === 'yes')))),
          logScore: round6(mean(scored.map((e) => logScore(scoredP(e), e.outcome === 'yes')))),
        }
      : {}),
  };
}

function groupBy(entries: readonly LedgerEntry[], key: (e: LedgerEntry) => string): [string, LedgerEntry[]][] {
  const m = new Map<string, LedgerEntry[]>();
  for (const e of entries) m.set(key(e), [...(m.get(key(e)) ?? []), e]);
  return [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export interface CalibrationBucket {
  bucket: string;
  minProbability: number;
  maxProbability: number;
  count: number;
  predictedMean?: number;
  realizedRate?: number;
  brier?: number;
}

/** Ten buckets 0-10 ... 90-100 over the scored entries: mean forecast vs share that came true. */
export function calibration(scored: readonly LedgerEntry[]): CalibrationBucket[] {
  return Array.from({ length: 10 }, (_, i) => {
    const inside = scored.filter((e) => bucketOf(scoredP(e)) === i);
    const base = {
      bucket: `${i * 10}-${i * 10 + 10}`,
      minProbability: i / 10,
      maxProbability: (i + 1) / 10,
      count: inside.length,
    };
    if (!inside.length) return base;
    return {
      ...base,
      predictedMean: round6(mean(inside.map(scoredP))),
      realizedRate: round6(inside.filter((e) => e.outcome === 'yes').length / inside.length),
      brier: round6(mean(inside.map((e) => brier(scoredP(e), e.outcome === 'yes')))),
    };
  });
}

export interface Scorecard {
  totals: {
    entries: number;
    resolved: number;
    pending: number;
    pendingJudge: number;
    scored: number;
    void: number;
    voidRate: number;
    publicationCoverage: number;
  };
  overall?: { count: number; brier: number; logScore: number };
  byDomain: ({ domain: string } & Tally)[];
  byGenerationOrigin: ({ generationOrigin: string } & Tally)[];
  calibration: CalibrationBucket[];
  vsMarketSkill?: { count: number; forecastBrier: number; marketBrier: number; brierDelta: number };
  skill?: { count: number; brier?: number; logScore?: number; excludedScored: number; excludedOrigins: string[] };
}

/** The whole scorecard of a ledger as of `asOf` (the ledger's own date, so it is fixed per snapshot). */
export function scorecard(ledger: readonly LedgerEntry[], asOf: number): Scorecard {
  const entries = ledger.filter((e) => inWindow(e, asOf));
  const all = tally(entries);
  const scored = entries.filter(isScored);
  const withMarket = scored.filter((e) => e.marketProbability !== null && Number.isFinite(e.marketProbability));
  const excluded = new Set<string>(SKILL_EXCLUDED_ORIGINS);
  const skillSet = scored.filter((e) => !excluded.has(e.generationOrigin));
  const skillTally = tally(skillSet);
  const fBrier = mean(withMarket.map((e) => brier(scoredP(e), e.outcome === 'yes')));
  const mBrier = mean(withMarket.map((e) => brier(marketProbability(e.marketProbability!), e.outcome === 'yes')));
  // Groups are formed over resolved entries (voided included) only, as published: open entries have no group.
  const settledEntries = entries.filter((e) => e.status === 'resolved' || e.status === 'void');
  const excludedOrigins = [...new Set(scored.map((e) => e.generationOrigin).filter((o) => excluded.has(o)))].sort();
  return {
    totals: {
      entries: entries.length,
      resolved: all.resolved,
      pending: entries.filter((e) => e.status === 'pending').length,
      pendingJudge: entries.filter((e) => e.status === 'pending_judge').length,
      scored: all.scored,
      void: all.void,
      voidRate: all.voidRate,
      // The published formula: the share of the window's entries that could be scored (resolved yes/no).
      publicationCoverage: entries.length ? round6(all.scored / entries.length) : 0,
    },
    ...(all.brier !== undefined ? { overall: { count: all.scored, brier: all.brier, logScore: all.logScore! } } : {}),
    byDomain: groupBy(settledEntries, (e) => e.domain).map(([domain, es]) => ({ domain, ...tally(es) })),
    byGenerationOrigin: groupBy(settledEntries, (e) => e.generationOrigin).map(([generationOrigin, es]) => ({
      generationOrigin,
      ...tally(es),
    })),
    calibration: calibration(scored),
    ...(withMarket.length
      ? {
          vsMarketSkill: {
            count: withMarket.length,
            forecastBrier: round6(fBrier),
            marketBrier: round6(mBrier),
            // Published sign: positive when the forecasts beat the market.
            brierDelta: round6(mBrier - fBrier),
          },
        }
      : {}),
    ...(scored.length
      ? {
          skill: {
            count: skillSet.length,
            ...(skillTally.brier !== undefined ? { brier: skillTally.brier, logScore: skillTally.logScore } : {}),
            excludedScored: scored.length - skillSet.length,
            excludedOrigins,
          },
        }
      : {}),
  };
}

export type CompletionStatus = 'completed' | 'partial' | 'no_eligible_theaters' | 'all_theaters_failed';

export function completionStatus(eligible: number, failed: number): CompletionStatus {
  if (eligible === 0) return 'no_eligible_theaters';
  if (failed === 0) return 'completed';
  return failed >= eligible ? 'all_theaters_failed' : 'partial';
}

/** The package run identifier as the forecast pipeline writes it: `<13+ digit ms>-<slug>`. */
export const RUN_ID_PATTERN = /^\d{13,}-[a-z0-9-]{1,64}$/;

/** Domains a forecast card may have (the contract's filter values). */
export const FORECAST_DOMAINS = [
  'conflict',
  'market',
  'supply_chain',
  'political',
  'military',
  'cyber',
  'infrastructure',
] as const;
