import { createHash } from 'node:crypto';
import { inBox, type RegionDef } from './geography.js';

/**
 * Deterministic regional scoring: four pressure axes and three buffer axes in [0, 1] from the
 * pipeline's inputs, their net balance, and the regime label the published scoring (version 1.1.0)
 * assigns from them. Pure functions; the snapshot operation and the regime-history ingestion both
 * call them, so a snapshot and the history agree on a label for the same inputs.
 */
export const SCORING_VERSION = 'mds-regional-1.0';

export const REGIME_LABELS = [
  'escalation_ladder',
  'fragmentation_risk',
  'coercive_stalemate',
  'managed_deescalation',
  'stressed_equilibrium',
  'calm',
] as const;
export type RegimeLabel = (typeof REGIME_LABELS)[number];

/** The chokepoint registry's threat levels as shares of the worst (war zone). */
export const THREAT_SHARE: Record<string, number> = {
  war_zone: 1,
  critical: 40 / 70,
  high: 30 / 70,
  elevated: 15 / 70,
  normal: 0,
};

/** Instability score of one country, as the CII export carries it. */
export interface CountryScore {
  region: string;
  combinedScore: number;
  dynamicScore: number;
  trend: string;
  computedAt: number;
  advisoryLevel: string;
  components: { newsActivity: number; ciiContribution: number; geoConvergence: number; militaryActivity: number };
}

export interface ChokepointState {
  id: string;
  name: string;
  threatLevel: string;
  threatDescription: string;
}

/** Inputs of the pipeline; an absent one is undefined (then listed in missingInputs). */
export interface RegionalInputs {
  cii?: readonly CountryScore[];
  chokepoints?: readonly ChokepointState[];
  orefAlerts?: readonly { at: number }[];
  militaryFlights?: readonly { latitude: number; longitude: number }[];
  /** The instant the inputs describe (newest input time); windows count back from it. */
  asOf: number;
}

export interface Axes {
  coercivePressure: number;
  domesticFragility: number;
  capitalStress: number;
  energyVulnerability: number;
  allianceCohesion: number;
  maritimeAccess: number;
  energyLeverage: number;
  netBalance: number;
}

/** Counts behind the axes, kept for evidence, triggers and the narrative. */
export interface RegionFacts {
  scored: CountryScore[];
  chokepoints: ChokepointState[];
  orefAlerts24h: number;
  militaryFlights: number;
  /** Names of the inputs that were absent. */
  missing: string[];
}

export const DAY_MS = 86_400_000;
/** Alerts in 24 h / flights in the box at which the activity term saturates. */
export const OREF_SATURATION = 60;
export const FLIGHT_SATURATION = 25;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Mean of the three highest values (fewer when there are fewer); 0 for none. */
export function topMean(values: readonly number[], n = 3): number {
  return mean([...values].sort((a, b) => b - a).slice(0, n));
}

/** The inputs restricted to one region: its scored countries, its chokepoints, its activity counts. */
export function regionFacts(region: RegionDef, inputs: RegionalInputs): RegionFacts {
  const members = new Set(region.countries);
  const missing: string[] = [];
  if (!inputs.cii) missing.push('cii-scores');
  if (!inputs.chokepoints) missing.push('chokepoints');
  if (!inputs.militaryFlights) missing.push('military-flights');
  if (region.oref && !inputs.orefAlerts) missing.push('oref-history');
  const scored = (inputs.cii ?? [])
    .filter((s) => members.has(s.region))
    .sort((a, b) => b.combinedScore - a.combinedScore || (a.region < b.region ? -1 : 1));
  const wanted = new Set(region.chokepoints);
  const chokepoints = (inputs.chokepoints ?? []).filter((c) => wanted.has(c.id));
  const since = inputs.asOf - DAY_MS;
  const orefAlerts24h = region.oref
    ? (inputs.orefAlerts ?? []).filter((a) => a.at > since && a.at <= inputs.asOf).length
    : 0;
  const militaryFlights = (inputs.militaryFlights ?? []).filter((f) =>
    inBox(region.box, f.latitude, f.longitude),
  ).length;
  return { scored, chokepoints, orefAlerts24h, militaryFlights, missing };
}

/**
 * The seven axes and the net balance. capitalStress and energyLeverage have no input in this
 * pipeline: they are 0 and left out of the means, so they do not tilt the balance.
 */
export function scoreAxes(f: RegionFacts): Axes {
  const c = f.scored.map((s) => s.components);
  const activity = Math.max(
    Math.min(1, f.orefAlerts24h / OREF_SATURATION),
    Math.min(1, f.militaryFlights / FLIGHT_SATURATION),
  );
  const coercivePressure = clamp01(
    0.45 * (topMean(c.map((x) => x.militaryActivity)) / 100) +
      0.3 * (topMean(c.map((x) => x.geoConvergence)) / 100) +
      0.25 * activity,
  );
  const domesticFragility = clamp01(
    topMean(f.scored.map((s) => 0.6 * s.components.ciiContribution + 0.4 * s.combinedScore)) / 100,
  );
  const threats = f.chokepoints.map((k) => THREAT_SHARE[k.threatLevel] ?? 0);
  const energyVulnerability = clamp01(threats.length ? Math.max(...threats) : 0);
  const maritimeAccess = clamp01(threats.length ? 1 - mean(threats) : 1);
  const allianceCohesion = clamp01(f.scored.length ? 1 - mean(f.scored.map((s) => s.combinedScore)) / 100 : 0.5);
  const pressures = [coercivePressure, domesticFragility, energyVulnerability];
  const buffers = [allianceCohesion, maritimeAccess];
  return {
    coercivePressure: round3(coercivePressure),
    domesticFragility: round3(domesticFragility),
    capitalStress: 0,
    energyVulnerability: round3(energyVulnerability),
    allianceCohesion: round3(allianceCohesion),
    maritimeAccess: round3(maritimeAccess),
    energyLeverage: 0,
    netBalance: round3(mean(buffers) - mean(pressures)),
  };
}

/** The regime label and the condition that selected it (the transition driver). */
export function regimeOf(a: Pick<Axes, 'coercivePressure' | 'allianceCohesion' | 'netBalance'>): {
  label: RegimeLabel;
  driver: string;
} {
  const c = a.coercivePressure;
  const n = a.netBalance;
  const fmt = (x: number) => x.toFixed(2);
  if (c > 0.8 && n < -0.4)
    return {
      label: 'escalation_ladder',
      driver: `coercive pressure ${fmt(c)} above 0.80 with net balance ${fmt(n)} below -0.40`,
    };
  if (c > 0.6 && a.allianceCohesion < 0.3)
    return {
      label: 'fragmentation_risk',
      driver: `coercive pressure ${fmt(c)} above 0.60 with alliance cohesion ${fmt(a.allianceCohesion)} below 0.30`,
    };
  if (c > 0.5 && n > -0.1)
    return {
      label: 'coercive_stalemate',
      driver: `coercive pressure ${fmt(c)} above 0.50 with net balance ${fmt(n)} above -0.10`,
    };
  if (n > 0.1 && c > 0.3)
    return {
      label: 'managed_deescalation',
      driver: `net balance ${fmt(n)} above 0.10 with coercive pressure ${fmt(c)} above 0.30`,
    };
  if (n < -0.1) return { label: 'stressed_equilibrium', driver: `net balance ${fmt(n)} below -0.10` };
  return { label: 'calm', driver: `no threshold met (coercive pressure ${fmt(c)}, net balance ${fmt(n)})` };
}

/** A content id: the same region, axes and label give the same id, whichever path computed them. */
export function snapshotIdOf(regionId: string, axes: Axes, label: string): string {
  const h = createHash('sha256')
    .update(JSON.stringify([regionId, axes, label, SCORING_VERSION]))
    .digest('hex');
  return `${regionId}-${h.slice(0, 12)}`;
}

/** One region scored: what the history ingestion needs. */
export interface RegionScore {
  regionId: string;
  axes: Axes;
  label: RegimeLabel;
  driver: string;
  snapshotId: string;
}

export function scoreRegion(region: RegionDef, inputs: RegionalInputs): { score: RegionScore; facts: RegionFacts } {
  const facts = regionFacts(region, inputs);
  const axes = scoreAxes(facts);
  const { label, driver } = regimeOf(axes);
  return {
    score: { regionId: region.id, axes, label, driver, snapshotId: snapshotIdOf(region.id, axes, label) },
    facts,
  };
}

// ---------------------------------------------------------------- regime transitions

/** One entry of the regime history. */
export interface RegimeTransition {
  regionId: string;
  label: string;
  previousLabel: string;
  transitionedAt: number;
  transitionDriver: string;
  snapshotId: string;
}

/** Entries kept per region (the published list is trimmed to 100). */
export const HISTORY_PER_REGION = 100;

/**
 * Appends a transition for every region whose label differs from the last one recorded, then keeps
 * the newest HISTORY_PER_REGION per region, newest first. A region seen for the first time only
 * records its label: there is nothing it changed from.
 */
export function appendTransitions(
  history: readonly RegimeTransition[],
  lastLabels: Readonly<Record<string, string>>,
  scores: readonly RegionScore[],
  at: number,
): { history: RegimeTransition[]; lastLabels: Record<string, string> } {
  const added: RegimeTransition[] = [];
  const labels: Record<string, string> = { ...lastLabels };
  for (const s of scores) {
    const before = labels[s.regionId];
    if (before !== undefined && before !== s.label) {
      added.push({
        regionId: s.regionId,
        label: s.label,
        previousLabel: before,
        transitionedAt: at,
        transitionDriver: s.driver,
        snapshotId: s.snapshotId,
      });
    }
    labels[s.regionId] = s.label;
  }
  const all = [...added, ...history].sort(
    (a, b) => b.transitionedAt - a.transitionedAt || (a.regionId < b.regionId ? -1 : a.regionId > b.regionId ? 1 : 0),
  );
  const perRegion = new Map<string, number>();
  const kept = all.filter((t) => {
    const n = (perRegion.get(t.regionId) ?? 0) + 1;
    perRegion.set(t.regionId, n);
    return n <= HISTORY_PER_REGION;
  });
  return { history: kept, lastLabels: labels };
}
