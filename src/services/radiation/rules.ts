import type { RadiationConfidence, RadiationFreshness, RadiationSeverity } from './schemas.js';

const HOUR = 3_600_000;

/** Safecast's bGeigie tubes (LND 7317) read about 350 CPM per µSv/h of Cs-137 gamma. */
export const CPM_PER_USV_H = 350;

/** A reading in its reported unit -> nSv/h, and whether it was converted from counts. */
export function toNanosievert(value: number, unit: string): { nsv: number; fromCpm: boolean } | undefined {
  const u = unit.trim().toLowerCase();
  if (u === 'cpm') return { nsv: (value / CPM_PER_USV_H) * 1000, fromCpm: true };
  if (u === 'usv' || u === 'µsv/h' || u === 'usv/h') return { nsv: value * 1000, fromCpm: false };
  if (u === 'nsv/h' || u === 'nsv') return { nsv: value, fromCpm: false };
  return undefined;
}

export function freshnessOf(observedAt: number, now: number): RadiationFreshness {
  const age = now - observedAt;
  if (age <= 6 * HOUR) return 'RADIATION_FRESHNESS_LIVE';
  if (age <= 14 * 24 * HOUR) return 'RADIATION_FRESHNESS_RECENT';
  return 'RADIATION_FRESHNESS_HISTORICAL';
}

export interface BaselineStats {
  mean: number;
  /** Sample standard deviation, or undefined with fewer than `minForSigma` readings. */
  sd: number | undefined;
  n: number;
}

/** Mean of up to `window` readings before the latest; σ only from `minForSigma` readings on. */
export function baselineOf(previous: readonly number[], window: number, minForSigma: number): BaselineStats {
  const xs = previous.slice(-window);
  const n = xs.length;
  const mean = n ? xs.reduce((s, x) => s + x, 0) / n : 0;
  const sd = n >= minForSigma && n >= 2 ? Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : undefined;
  return { mean, sd, n };
}

export function severityOf(delta: number, z: number, freshness: RadiationFreshness): RadiationSeverity {
  if (freshness === 'RADIATION_FRESHNESS_HISTORICAL') return 'RADIATION_SEVERITY_NORMAL';
  if (delta >= 15 || z >= 3) return 'RADIATION_SEVERITY_SPIKE';
  if (delta >= 8 || z >= 2) return 'RADIATION_SEVERITY_ELEVATED';
  return 'RADIATION_SEVERITY_NORMAL';
}

export interface Reading {
  value: number;
  delta: number;
  severity: RadiationSeverity;
}

/** Two networks agree: both normal and within 15 nSv/h, or deltas in the same direction within 20 nSv/h. */
export function agrees(a: Reading, b: Reading): boolean {
  const bothNormal = a.severity === 'RADIATION_SEVERITY_NORMAL' && b.severity === 'RADIATION_SEVERITY_NORMAL';
  if (bothNormal && Math.abs(a.value - b.value) <= 15) return true;
  return Math.sign(a.delta) === Math.sign(b.delta) && a.delta !== 0 && Math.abs(a.delta - b.delta) <= 20;
}

export function confidenceOf(corroborated: boolean, conflicting: boolean, hasSigma: boolean): RadiationConfidence {
  if (conflicting) return 'RADIATION_CONFIDENCE_LOW';
  if (corroborated) return 'RADIATION_CONFIDENCE_HIGH';
  return hasSigma ? 'RADIATION_CONFIDENCE_MEDIUM' : 'RADIATION_CONFIDENCE_LOW';
}

export const SEVERITY_RANK: Record<RadiationSeverity, number> = {
  RADIATION_SEVERITY_SPIKE: 3,
  RADIATION_SEVERITY_ELEVATED: 2,
  RADIATION_SEVERITY_NORMAL: 1,
  RADIATION_SEVERITY_UNSPECIFIED: 0,
};
export const CONFIDENCE_RANK: Record<RadiationConfidence, number> = {
  RADIATION_CONFIDENCE_HIGH: 3,
  RADIATION_CONFIDENCE_MEDIUM: 2,
  RADIATION_CONFIDENCE_LOW: 1,
  RADIATION_CONFIDENCE_UNSPECIFIED: 0,
};
export const FRESHNESS_RANK: Record<RadiationFreshness, number> = {
  RADIATION_FRESHNESS_LIVE: 3,
  RADIATION_FRESHNESS_RECENT: 2,
  RADIATION_FRESHNESS_HISTORICAL: 1,
  RADIATION_FRESHNESS_UNSPECIFIED: 0,
};

export const round2 = (x: number) => Math.round(x * 100) / 100;
