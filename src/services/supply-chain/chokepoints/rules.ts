import { haversineKm } from '../../../platform/geo.js';
import type { FlowEstimate, WAR_RISK_TIERS } from './schemas.js';
import { FLOW_SOURCES } from './schemas.js';
import { round } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Disruption score and badges (reference §4.2, §4.3)
// ---------------------------------------------------------------------------------------------

export const THREAT_LEVELS = ['war_zone', 'critical', 'high', 'elevated', 'normal'] as const;
export type ThreatLevel = (typeof THREAT_LEVELS)[number];

export const THREAT_POINTS: Record<ThreatLevel, number> = {
  war_zone: 70,
  critical: 40,
  high: 30,
  elevated: 15,
  normal: 0,
};

/** Each matched warning adds 5 points, at most 15; AIS congestion severity (0-3) likewise. */
export const POINTS_PER_WARNING = 5;
export const POINTS_PER_AIS_SEVERITY = 5;
export const WARNING_POINTS_CAP = 15;
export const AIS_POINTS_CAP = 15;
export const ANOMALY_BONUS = 10;

export interface ScoreInputs {
  threatLevel: string;
  warnings: number;
  maxAisSeverity: number;
  anomaly: boolean;
}

export function threatPoints(level: string): number {
  return (THREAT_POINTS as Record<string, number>)[level] ?? 0;
}

export function disruptionScore(i: ScoreInputs): number {
  const warningPoints = Math.min(WARNING_POINTS_CAP, POINTS_PER_WARNING * Math.max(0, i.warnings));
  const aisPoints = Math.min(AIS_POINTS_CAP, POINTS_PER_AIS_SEVERITY * Math.max(0, i.maxAisSeverity));
  return Math.min(100, threatPoints(i.threatLevel) + warningPoints + aisPoints + (i.anomaly ? ANOMALY_BONUS : 0));
}

export type Status = 'green' | 'yellow' | 'red';

export function statusForScore(score: number): Status {
  if (score < 20) return 'green';
  if (score < 50) return 'yellow';
  return 'red';
}

/** AIS congestion level from the highest congestion severity; empty when there is no AIS view of the area. */
export function congestionLevel(maxSeverity: number, aisSnapshotAvailable: boolean): string {
  if (!aisSnapshotAvailable) return '';
  if (maxSeverity >= 3) return 'high';
  if (maxSeverity === 2) return 'elevated';
  if (maxSeverity === 1) return 'low';
  return 'normal';
}

export type WarRiskTier = (typeof WAR_RISK_TIERS)[number];

export function warRiskTier(threatLevel: string): WarRiskTier {
  switch (threatLevel) {
    case 'war_zone':
      return 'WAR_RISK_TIER_WAR_ZONE';
    case 'critical':
      return 'WAR_RISK_TIER_CRITICAL';
    case 'high':
      return 'WAR_RISK_TIER_HIGH';
    case 'elevated':
      return 'WAR_RISK_TIER_ELEVATED';
    case 'normal':
      return 'WAR_RISK_TIER_NORMAL';
    default:
      return 'WAR_RISK_TIER_UNSPECIFIED';
  }
}

/** Availability flags written by older builds may be absent: only an explicit true counts. */
export function availabilityFlag(value: unknown): boolean {
  return value === true;
}

// ---------------------------------------------------------------------------------------------
// Assigning warnings and AIS reports to chokepoints
// ---------------------------------------------------------------------------------------------

export const ASSIGN_RADIUS_KM = 300;
const PRIMARY_POINTS = 3;
const AREA_POINTS = 1;

export interface AssignTarget {
  id: string;
  lat: number;
  lon: number;
  primaryKeywords: readonly string[];
  areaKeywords: readonly string[];
}

export interface AssignItem {
  text: string;
  lat?: number;
  lon?: number;
}

export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function hasPhrase(paddedText: string, keyword: string): boolean {
  const k = normaliseText(keyword);
  return k !== '' && paddedText.includes(` ${k} `);
}

/**
 * Which chokepoint an item (warning or AIS report) belongs to. Text first: each primary keyword found
 * scores 3, each area keyword that is not also primary 1; a chokepoint needs one primary hit or two
 * area hits, so a broad sea name alone never classifies. The best score wins, ties go to the nearer
 * chokepoint. Without a text match the nearest chokepoint within 300 km takes it.
 */
export function assignChokepoint(item: AssignItem, targets: readonly AssignTarget[]): string | undefined {
  const padded = ` ${normaliseText(item.text)} `;
  const located =
    item.lat !== undefined && item.lon !== undefined && Number.isFinite(item.lat) && Number.isFinite(item.lon);
  const dist = (t: AssignTarget) => (located ? haversineKm(item.lat!, item.lon!, t.lat, t.lon) : Infinity);
  let best: { id: string; score: number; km: number } | undefined;
  for (const t of targets) {
    const primaryHits = t.primaryKeywords.filter((k) => hasPhrase(padded, k)).length;
    const primarySet = new Set(t.primaryKeywords.map(normaliseText));
    const areaHits = t.areaKeywords.filter((k) => !primarySet.has(normaliseText(k)) && hasPhrase(padded, k)).length;
    if (primaryHits < 1 && areaHits < 2) continue;
    const score = primaryHits * PRIMARY_POINTS + areaHits * AREA_POINTS;
    const km = dist(t);
    if (!best || score > best.score || (score === best.score && km < best.km)) best = { id: t.id, score, km };
  }
  if (best) return best.id;
  if (!located) return undefined;
  let nearest: { id: string; km: number } | undefined;
  for (const t of targets) {
    const km = dist(t);
    if (km <= ASSIGN_RADIUS_KM && (!nearest || km < nearest.km)) nearest = { id: t.id, km };
  }
  return nearest?.id;
}

// ---------------------------------------------------------------------------------------------
// Traffic: anomaly, week-on-week change, description (reference §4.4-4.6)
// ---------------------------------------------------------------------------------------------

export interface TrafficAnomaly {
  signal: boolean;
  dropPct: number;
}

/**
 * Compares the last 7 days of transits with the 30 days before them (scaled to a week). Needs 37
 * days and a baseline week of at least 14 transits; only war-zone and critical chokepoints signal,
 * and only for a drop of 50% or more.
 */
export function detectTrafficAnomaly(totalsOldestFirst: readonly number[], threatLevel: string): TrafficAnomaly {
  const none = { signal: false, dropPct: 0 };
  if (totalsOldestFirst.length < 37) return none;
  const newest = [...totalsOldestFirst].reverse();
  const recent = newest.slice(0, 7).reduce((a, b) => a + b, 0);
  const baselineWeek = (newest.slice(7, 37).reduce((a, b) => a + b, 0) / 30) * 7;
  if (baselineWeek < 14) return none;
  const dropPct = Math.round(((baselineWeek - recent) / baselineWeek) * 100);
  return { signal: dropPct >= 50 && (threatLevel === 'war_zone' || threatLevel === 'critical'), dropPct };
}

/** Last 7 days against the 7 before, percent to one decimal; 0 with under 14 days or an empty prior week. */
export function wowChangePct(totalsOldestFirst: readonly number[]): number {
  if (totalsOldestFirst.length < 14) return 0;
  const thisWeek = totalsOldestFirst.slice(-7).reduce((a, b) => a + b, 0);
  const lastWeek = totalsOldestFirst.slice(-14, -7).reduce((a, b) => a + b, 0);
  if (lastWeek === 0) return 0;
  return Math.round(((thisWeek - lastWeek) / lastWeek) * 1000) / 10;
}

export const REVIEW_MAX_AGE_DAYS = 120;
const DAY_MS = 86_400_000;

export interface DescriptionInputs {
  threatDescription: string;
  anomaly: TrafficAnomaly;
  /** When the threat classification was last reviewed (YYYY-MM-DD), if known. */
  reviewedAt?: string;
  /** The instant the description speaks for. */
  asOf: number;
}

export function describeChokepoint(i: DescriptionInputs): string {
  const parts: string[] = [];
  if (i.threatDescription.trim()) parts.push(i.threatDescription.trim());
  if (i.anomaly.signal) parts.push(`Traffic down ${i.anomaly.dropPct}% vs 30-day baseline over the last 7 days`);
  const reviewed = i.reviewedAt ? Date.parse(i.reviewedAt) : NaN;
  if (Number.isFinite(reviewed) && i.asOf - reviewed > REVIEW_MAX_AGE_DAYS * DAY_MS) {
    parts.push(`Threat classification last reviewed ${i.reviewedAt}; review recommended`);
  }
  return parts.length ? parts.join('; ') : 'No active disruptions';
}

// ---------------------------------------------------------------------------------------------
// Flow estimate (reference §4.7)
// ---------------------------------------------------------------------------------------------

export const MIN_HISTORY_DAYS = 40;
export const BASELINE_WINDOW_DAYS = 90;
export const MIN_BASELINE_DAYS = 20;
export const DISRUPTED_RATIO = 0.85;
export const MAX_FLOW_RATIO = 1.5;
export const HAZARD_RADIUS_KM = 500;

export interface FlowDay {
  date: string;
  tanker: number;
  capTanker: number;
}

export type FlowBasis = 'dwt' | 'counts';

export interface FlowComputation {
  flowRatio: number;
  currentMbd: number;
  baselineMbd: number;
  disrupted: boolean;
  basis: FlowBasis;
}

export function clampRatio(ratio: number): number {
  return round(Math.min(MAX_FLOW_RATIO, Math.max(0, ratio)), 3);
}

/**
 * Estimated oil flow from tanker traffic: the last 7 days against the up to 90 days before them.
 * Tanker deadweight is the measure when at least half the baseline days report it, vessel counts
 * otherwise. Undefined when the history or its baseline is too thin to say anything.
 */
export function computeFlowEstimate(days: readonly FlowDay[], baselineMbd: number): FlowComputation | undefined {
  if (days.length < MIN_HISTORY_DAYS || !(baselineMbd > 0)) return undefined;
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const last7 = sorted.slice(-7);
  const window = sorted.slice(-(BASELINE_WINDOW_DAYS + 7), -7);
  if (last7.length < 3 || window.length < MIN_BASELINE_DAYS) return undefined;
  const withDwt = window.filter((d) => d.capTanker > 0).length;
  const basis: FlowBasis = withDwt >= Math.ceil(window.length / 2) ? 'dwt' : 'counts';
  const value = (d: FlowDay) => (basis === 'dwt' ? d.capTanker : d.tanker);
  const mean = (xs: readonly FlowDay[]) => xs.reduce((a, d) => a + value(d), 0) / xs.length;
  const baseline = mean(window);
  if (baseline < (basis === 'dwt' ? 1 : 0.5)) return undefined;
  const flowRatio = clampRatio(mean(last7) / baseline);
  const disrupted = last7.slice(-3).every((d) => value(d) / baseline < DISRUPTED_RATIO);
  return { flowRatio, currentMbd: round(baselineMbd * flowRatio, 1), baselineMbd, disrupted, basis };
}

/** The wire source of a flow basis; anything outside the known list is reported as unspecified. */
export function flowSource(basis: unknown): FlowEstimate['source'] {
  if (basis === 'dwt' || basis === 'tracker-dwt') return 'tracker-dwt';
  if (basis === 'counts' || basis === 'tracker-counts') return 'tracker-counts';
  return (FLOW_SOURCES as readonly unknown[]).includes(basis)
    ? (basis as FlowEstimate['source'])
    : 'FLOW_SOURCE_UNSPECIFIED';
}

export interface HazardAlert {
  name: string;
  level: string;
  active: boolean;
  lat: number;
  lon: number;
}

/** The nearest active RED or ORANGE alert within 500 km (inclusive); empty strings when none applies. */
export function nearestHazard(
  lat: number,
  lon: number,
  alerts: readonly HazardAlert[],
): { level: string; name: string } {
  let best: { level: string; name: string; km: number } | undefined;
  for (const a of alerts) {
    const level = a.level.toUpperCase();
    if (!a.active || (level !== 'RED' && level !== 'ORANGE')) continue;
    const km = haversineKm(lat, lon, a.lat, a.lon);
    if (km <= HAZARD_RADIUS_KM && (!best || km < best.km)) best = { level, name: a.name, km };
  }
  return best ? { level: best.level, name: best.name } : { level: '', name: '' };
}
