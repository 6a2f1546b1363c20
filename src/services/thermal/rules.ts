import { haversineKm } from '../../platform/geo.js';
import type { FireDetection } from '../wildfire/index.js';
import { ASSETS } from './assets.js';
import type { ThermalConfidence, ThermalContext, ThermalRelevance, ThermalStatus } from './schemas.js';

export const CLUSTER_RADIUS_KM = 20;
export const ASSET_RADIUS_KM = 25;
export const WINDOW_HOURS = 24;
export const BASELINE_DAYS = 6;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Regions where fighting is under way: fires there are read as possible strikes. */
const CONFLICT_REGIONS = new Set(['Ukraine', 'Russia', 'Israel/Gaza', 'Syria']);

/**
 * Groups detections greedily: hottest radiative power first, each joins the first cluster whose
 * seed lies within the radius, else seeds a new one. Deterministic for a given input order.
 */
export function clusterDetections(
  detections: readonly FireDetection[],
  radiusKm = CLUSTER_RADIUS_KM,
): FireDetection[][] {
  const sorted = [...detections].sort((a, b) => b.frp - a.frp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const clusters: { seed: FireDetection; members: FireDetection[] }[] = [];
  for (const d of sorted) {
    const home = clusters.find(
      (c) =>
        haversineKm(c.seed.location.latitude, c.seed.location.longitude, d.location.latitude, d.location.longitude) <=
        radiusKm,
    );
    if (home) home.members.push(d);
    else clusters.push({ seed: d, members: [d] });
  }
  return clusters.map((c) => c.members);
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sampleStdDev(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** |x − mean| / sd, 0 when the baseline does not vary (a flat history cannot score a deviation). */
export function zScore(x: number, m: number, sd: number): number {
  return sd > 0 ? (x - m) / sd : 0;
}

export interface Baseline {
  dailyCounts: number[];
  dailyFrp: number[];
}

/** Daily counts and radiative power near a point over the `days` whole days before the window start. */
export function baselineAround(
  history: readonly FireDetection[],
  lat: number,
  lon: number,
  windowStart: number,
  days = BASELINE_DAYS,
): Baseline {
  const dailyCounts = new Array<number>(days).fill(0);
  const dailyFrp = new Array<number>(days).fill(0);
  for (const d of history) {
    const ago = windowStart - d.detectedAt;
    if (ago <= 0 || ago > days * DAY) continue;
    if (haversineKm(lat, lon, d.location.latitude, d.location.longitude) > CLUSTER_RADIUS_KM) continue;
    const day = Math.min(days - 1, Math.floor((ago - 1) / DAY));
    dailyCounts[day] += 1;
    dailyFrp[day] += d.frp;
  }
  return { dailyCounts, dailyFrp };
}

/**
 * Hours the place has burned without a break of a whole day: walks back from the last detection
 * through earlier nearby detections while consecutive ones are less than 24 h apart.
 */
export function persistenceHours(nearbyTimes: readonly number[], last: number): number {
  const times = nearbyTimes.filter((t) => t <= last).sort((a, b) => b - a);
  let earliest = last;
  for (const t of times) {
    if (earliest - t >= DAY) break;
    earliest = Math.min(earliest, t);
  }
  return (last - earliest) / HOUR;
}

export interface StatusInput {
  observationCount: number;
  totalFrp: number;
  maxFrp: number;
  countDelta: number;
  frpDelta: number;
  zScore: number;
  persistenceHours: number;
  hasBaseline: boolean;
}

/** The escalation thresholds, strongest first. */
export function thermalStatus(s: StatusInput): ThermalStatus {
  if (s.persistenceHours >= 12 && (s.countDelta >= 3 || s.maxFrp >= 80)) return 'THERMAL_STATUS_PERSISTENT';
  if (s.zScore >= 2.5 || s.countDelta >= 6 || s.frpDelta >= 120 || (s.observationCount >= 8 && s.totalFrp >= 150))
    return 'THERMAL_STATUS_SPIKE';
  if (s.zScore >= 1.5 || s.countDelta >= 3 || s.frpDelta >= 50 || (!s.hasBaseline && s.observationCount >= 5))
    return 'THERMAL_STATUS_ELEVATED';
  return 'THERMAL_STATUS_NORMAL';
}

export function nearbyAssets(lat: number, lon: number): (typeof ASSETS)[number][] {
  return ASSETS.filter((a) => haversineKm(lat, lon, a.lat, a.lon) <= ASSET_RADIUS_KM);
}

export function thermalContext(region: string, assets: readonly { kind: string }[]): ThermalContext {
  const conflict = CONFLICT_REGIONS.has(region);
  const kinds = new Set(assets.map((a) => a.kind));
  const asset: ThermalContext | undefined = kinds.has('energy')
    ? 'THERMAL_CONTEXT_ENERGY_ADJACENT'
    : kinds.has('logistics')
      ? 'THERMAL_CONTEXT_LOGISTICS_ADJACENT'
      : kinds.has('industrial')
        ? 'THERMAL_CONTEXT_INDUSTRIAL'
        : undefined;
  if (conflict && asset) return 'THERMAL_CONTEXT_MIXED';
  if (conflict) return 'THERMAL_CONTEXT_CONFLICT_ADJACENT';
  return asset ?? 'THERMAL_CONTEXT_WILDLAND';
}

export function isConflictRegion(region: string): boolean {
  return CONFLICT_REGIONS.has(region);
}

export function thermalConfidence(observations: number, satellites: number): ThermalConfidence {
  if (observations >= 3 && satellites >= 2) return 'THERMAL_CONFIDENCE_HIGH';
  if (observations >= 2) return 'THERMAL_CONFIDENCE_MEDIUM';
  return 'THERMAL_CONFIDENCE_LOW';
}

const UNUSUAL = new Set<ThermalStatus>(['THERMAL_STATUS_SPIKE', 'THERMAL_STATUS_PERSISTENT']);

export function strategicRelevance(status: ThermalStatus, context: ThermalContext): ThermalRelevance {
  const conflict = context === 'THERMAL_CONTEXT_CONFLICT_ADJACENT' || context === 'THERMAL_CONTEXT_MIXED';
  if (conflict && UNUSUAL.has(status)) return 'THERMAL_RELEVANCE_HIGH';
  if (
    (conflict && status !== 'THERMAL_STATUS_NORMAL') ||
    context === 'THERMAL_CONTEXT_ENERGY_ADJACENT' ||
    (conflict && context === 'THERMAL_CONTEXT_MIXED')
  )
    return 'THERMAL_RELEVANCE_MEDIUM';
  return 'THERMAL_RELEVANCE_LOW';
}

export const STATUS_RANK: Record<ThermalStatus, number> = {
  THERMAL_STATUS_SPIKE: 4,
  THERMAL_STATUS_PERSISTENT: 3,
  THERMAL_STATUS_ELEVATED: 2,
  THERMAL_STATUS_NORMAL: 1,
  THERMAL_STATUS_UNSPECIFIED: 0,
};
export const RELEVANCE_RANK: Record<ThermalRelevance, number> = {
  THERMAL_RELEVANCE_HIGH: 3,
  THERMAL_RELEVANCE_MEDIUM: 2,
  THERMAL_RELEVANCE_LOW: 1,
  THERMAL_RELEVANCE_UNSPECIFIED: 0,
};

export const round2 = (x: number) => Math.round(x * 100) / 100;
