import { countryName } from '../../../reference/countries.js';
import { GEOGRAPHY_VERSION, type RegionDef } from './geography.js';
import {
  FLIGHT_SATURATION,
  OREF_SATURATION,
  SCORING_VERSION,
  THREAT_SHARE,
  scoreRegion,
  type Axes,
  type RegionFacts,
  type RegionalInputs,
} from './rules.js';
import type { RegionalSnapshot } from './schemas.js';

/**
 * The deterministic part of a regional snapshot (everything but the narrative): scores, actors,
 * trigger ladder, scenario lanes, transmission paths and evidence, composed from the facts.
 */
export const PIPELINE_VERSION = 'mds-regional-pipeline-1';
export const VALID_FOR_MS = 6 * 3_600_000;

type Trigger = RegionalSnapshot['triggers']['active'][number];
type Path = RegionalSnapshot['transmissionPaths'][number];
type Evidence = RegionalSnapshot['evidence'][number];

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const DOMAINS = [
  ['militaryActivity', 'military'],
  ['geoConvergence', 'conflict'],
  ['ciiContribution', 'unrest'],
  ['newsActivity', 'information'],
] as const;

function evidenceOf(region: RegionDef, f: RegionFacts, asOf: number): Evidence[] {
  const out: Evidence[] = [];
  for (const s of f.scored.slice(0, 5)) {
    const trend = s.trend.replace('TREND_DIRECTION_', '').toLowerCase();
    out.push({
      id: `cii:${s.region}`,
      type: 'instability-score',
      source: 'intelligence.cii-scores',
      summary: `${countryName(s.region) ?? s.region}: instability ${s.combinedScore.toFixed(1)}/100, ${trend} (${s.dynamicScore >= 0 ? '+' : ''}${s.dynamicScore.toFixed(1)} in 24 h)`,
      confidence: 0.8,
      observedAt: s.computedAt,
      theater: s.region,
      corridor: '',
    });
  }
  for (const c of f.chokepoints.filter((k) => k.threatLevel !== 'normal')) {
    out.push({
      id: `chokepoint:${c.id}`,
      type: 'chokepoint-threat',
      source: 'supply-chain.chokepoints',
      summary: `${c.name}: threat ${c.threatLevel.replace('_', ' ')}${c.threatDescription ? ` (${c.threatDescription})` : ''}`,
      confidence: 0.7,
      observedAt: asOf,
      theater: region.id,
      corridor: c.id,
    });
  }
  if (f.orefAlerts24h > 0) {
    out.push({
      id: 'oref:24h',
      type: 'oref-alerts',
      source: 'intelligence.oref-history',
      summary: `${f.orefAlerts24h} OREF siren alerts in Israel in the last 24 h`,
      confidence: 0.9,
      observedAt: asOf,
      theater: 'IL',
      corridor: '',
    });
  }
  if (f.militaryFlights > 0) {
    out.push({
      id: 'flights:box',
      type: 'military-flights',
      source: 'military.flights',
      summary: `${f.militaryFlights} military aircraft tracked over the region`,
      confidence: 0.6,
      observedAt: asOf,
      theater: region.id,
      corridor: '',
    });
  }
  return out;
}

function drivers(
  a: Axes,
  f: RegionFacts,
  evidenceIds: Set<string>,
): Pick<RegionalSnapshot['balance'], 'pressures' | 'buffers'> {
  const has = (ids: string[]) => ids.filter((id) => evidenceIds.has(id));
  const top = f.scored.slice(0, 3).map((s) => `cii:${s.region}`);
  const chokepointIds = f.chokepoints.map((c) => `chokepoint:${c.id}`);
  const pressures = [
    {
      axis: 'coercivePressure',
      description: `Military and conflict components of the most unstable members; ${f.orefAlerts24h} sirens in 24 h, ${f.militaryFlights} military aircraft`,
      magnitude: a.coercivePressure,
      evidenceIds: has([...top, 'oref:24h', 'flights:box']),
      orientation: 'pressure',
    },
    {
      axis: 'domesticFragility',
      description: 'Unrest components and combined scores of the most unstable members',
      magnitude: a.domesticFragility,
      evidenceIds: has(top),
      orientation: 'pressure',
    },
    {
      axis: 'energyVulnerability',
      description: 'Threat at the region’s worst chokepoint',
      magnitude: a.energyVulnerability,
      evidenceIds: has(chokepointIds),
      orientation: 'pressure',
    },
  ];
  const buffers = [
    {
      axis: 'allianceCohesion',
      description: 'Stability of the member states, from their instability scores',
      magnitude: a.allianceCohesion,
      evidenceIds: has(top),
      orientation: 'buffer',
    },
    {
      axis: 'maritimeAccess',
      description: 'Openness of the region’s chokepoints',
      magnitude: a.maritimeAccess,
      evidenceIds: has(chokepointIds),
      orientation: 'buffer',
    },
  ];
  return {
    pressures: pressures.sort((x, y) => y.magnitude - x.magnitude),
    buffers: buffers.sort((x, y) => y.magnitude - x.magnitude),
  };
}

interface TriggerDef {
  id: string;
  description: string;
  metric: string;
  operator: '>' | '<';
  value: number;
  windowMinutes: number;
  lane: string;
  observe: (a: Axes, f: RegionFacts) => number;
  evidence: string[];
  applies?: (r: RegionDef) => boolean;
}

/** The fixed trigger ladder every region is evaluated against. */
export const TRIGGERS: readonly TriggerDef[] = [
  {
    id: 'coercion-high',
    description: 'Coercive pressure above 0.8',
    metric: 'coercive_pressure',
    operator: '>',
    value: 0.8,
    windowMinutes: 0,
    lane: 'escalation',
    observe: (a) => a.coercivePressure,
    evidence: [],
  },
  {
    id: 'balance-collapse',
    description: 'Net balance below -0.4',
    metric: 'net_balance',
    operator: '<',
    value: -0.4,
    windowMinutes: 0,
    lane: 'escalation',
    observe: (a) => a.netBalance,
    evidence: [],
  },
  {
    id: 'cohesion-low',
    description: 'Alliance cohesion below 0.3',
    metric: 'alliance_cohesion',
    operator: '<',
    value: 0.3,
    windowMinutes: 0,
    lane: 'escalation',
    observe: (a) => a.allianceCohesion,
    evidence: [],
  },
  {
    id: 'chokepoint-war-zone',
    description: 'A chokepoint of the region classed as a war zone',
    metric: 'chokepoint_threat',
    operator: '>',
    value: 0.99,
    windowMinutes: 0,
    lane: 'escalation',
    observe: (a) => a.energyVulnerability,
    evidence: ['chokepoint'],
  },
  {
    id: 'siren-surge',
    description: `More than ${OREF_SATURATION / 2} OREF siren alerts in 24 h`,
    metric: 'oref_alerts_24h',
    operator: '>',
    value: OREF_SATURATION / 2,
    windowMinutes: 1440,
    lane: 'escalation',
    observe: (_a, f) => f.orefAlerts24h,
    evidence: ['oref:24h'],
    applies: (r) => r.oref,
  },
  {
    id: 'air-surge',
    description: `More than ${FLIGHT_SATURATION} military aircraft over the region`,
    metric: 'military_flights',
    operator: '>',
    value: FLIGHT_SATURATION,
    windowMinutes: 0,
    lane: 'escalation',
    observe: (_a, f) => f.militaryFlights,
    evidence: ['flights:box'],
  },
  {
    id: 'balance-recovery',
    description: 'Net balance above 0.1',
    metric: 'net_balance',
    operator: '>',
    value: 0.1,
    windowMinutes: 0,
    lane: 'de-escalation',
    observe: (a) => a.netBalance,
    evidence: [],
  },
];

/** Met; or within 20% of the threshold's distance scale (the value itself, or 1 for thresholds near 0). */
export function triggerState(operator: '>' | '<', value: number, observed: number): 'active' | 'watching' | 'dormant' {
  const met = operator === '>' ? observed > value : observed < value;
  if (met) return 'active';
  const gap = Math.abs(observed - value);
  return gap <= 0.2 * Math.max(Math.abs(value), 1) ? 'watching' : 'dormant';
}

function ladder(
  region: RegionDef,
  a: Axes,
  f: RegionFacts,
  asOf: number,
  evidence: Evidence[],
): RegionalSnapshot['triggers'] {
  const out: RegionalSnapshot['triggers'] = { active: [], watching: [], dormant: [] };
  for (const t of TRIGGERS) {
    if (t.applies && !t.applies(region)) continue;
    const state = triggerState(t.operator, t.value, t.observe(a, f));
    const evidenceIds = evidence
      .filter((e) => t.evidence.some((p) => e.id === p || e.id.startsWith(`${p}:`)))
      .map((e) => e.id);
    const trigger: Trigger = {
      id: `${region.id}:${t.id}`,
      description: t.description,
      threshold: {
        metric: t.metric,
        operator: t.operator,
        value: t.value,
        windowMinutes: t.windowMinutes,
        baseline: 'fixed',
      },
      activated: state === 'active',
      activatedAt: state === 'active' ? asOf : 0,
      scenarioLane: t.lane,
      evidenceIds,
    };
    out[state].push(trigger);
  }
  return out;
}

const HORIZONS = [
  ['24h', 0.5],
  ['7d', 0.75],
  ['30d', 1],
] as const;

/**
 * Lane weights for a horizon: stress = (mean pressure − mean buffer + 1) / 2 pushes weight to
 * escalation, its complement to de-escalation, more so the longer the horizon; active escalation
 * triggers add 0.05 each. Capped so the base lane keeps at least 0.05; the three sum to 1.
 */
export function laneWeights(
  netBalance: number,
  horizonFactor: number,
  activeEscalation: number,
): { escalation: number; base: number; deescalation: number } {
  const stress = Math.min(1, Math.max(0, (1 - netBalance) / 2));
  const escalation = round3(Math.min(0.6, 0.1 + 0.5 * stress * horizonFactor + 0.05 * activeEscalation));
  const deescalation = round3(Math.min(0.35, 0.1 + 0.4 * (1 - stress) * horizonFactor));
  return { escalation, deescalation, base: round3(1 - escalation - deescalation) };
}

function transmissions(region: RegionDef, f: RegionFacts): Path[] {
  return f.chokepoints
    .filter((c) => (THREAT_SHARE[c.threatLevel] ?? 0) >= THREAT_SHARE.high!)
    .map((c) => ({
      start: c.name,
      mechanism: 'shipping disruption and rerouting',
      end: 'freight rates and energy prices',
      severity: c.threatLevel,
      corridorId: c.id,
      confidence: round3(THREAT_SHARE[c.threatLevel] ?? 0),
      latencyHours: 72,
      impactedAssetClass: 'commodities',
      impactedRegions: [region.id],
      magnitudeLow: 0,
      magnitudeHigh: 0,
      magnitudeUnit: '',
      templateId: 'chokepoint-shipping',
      templateVersion: '1',
    }));
}

/** The full snapshot for a region, narrative left empty (the caller writes it). */
export function buildSnapshot(region: RegionDef, inputs: RegionalInputs, staleInputs: string[]): RegionalSnapshot {
  const { score, facts } = scoreRegion(region, inputs);
  const a = score.axes;
  const evidence = evidenceOf(region, facts, inputs.asOf);
  const evidenceIds = new Set(evidence.map((e) => e.id));
  const triggers = ladder(region, a, facts, inputs.asOf, evidence);
  const paths = transmissions(region, facts);
  const activeEscalation = triggers.active.filter((t) => t.scenarioLane === 'escalation');
  const expected = 4 - (region.oref ? 0 : 1);
  const empty = { text: '', evidenceIds: [] };
  return {
    regionId: region.id,
    generatedAt: inputs.asOf,
    meta: {
      snapshotId: score.snapshotId,
      modelVersion: PIPELINE_VERSION,
      scoringVersion: SCORING_VERSION,
      geographyVersion: GEOGRAPHY_VERSION,
      snapshotConfidence: round3((expected - facts.missing.length) / expected),
      missingInputs: facts.missing,
      staleInputs,
      validUntil: inputs.asOf + VALID_FOR_MS,
      triggerReason: 'scheduled',
      narrativeProvider: '',
      narrativeModel: '',
    },
    regime: { label: score.label, previousLabel: '', transitionedAt: 0, transitionDriver: score.driver },
    balance: { ...a, ...drivers(a, facts, evidenceIds) },
    actors: facts.scored.slice(0, 5).map((s) => ({
      actorId: s.region,
      name: countryName(s.region) ?? s.region,
      role: 'state',
      leverageDomains: DOMAINS.filter(([k]) => s.components[k] >= 60).map(([, name]) => name),
      leverageScore: round3(s.combinedScore / 100),
      delta: round3(s.dynamicScore / 100),
      evidenceIds: [`cii:${s.region}`],
    })),
    leverageEdges: [],
    scenarioSets: HORIZONS.map(([horizon, factor]) => {
      const w = laneWeights(a.netBalance, factor, activeEscalation.length);
      return {
        horizon,
        lanes: [
          {
            name: 'escalation',
            probability: w.escalation,
            triggerIds: activeEscalation.map((t) => t.id),
            consequences: ['wider use of force', 'shipping and energy disruption'],
            transmissions: paths,
          },
          {
            name: 'base',
            probability: w.base,
            triggerIds: [],
            consequences: ['current pressures persist'],
            transmissions: [],
          },
          {
            name: 'de-escalation',
            probability: w.deescalation,
            triggerIds: triggers.active.filter((t) => t.scenarioLane === 'de-escalation').map((t) => t.id),
            consequences: ['pressures ease'],
            transmissions: [],
          },
        ],
      };
    }),
    transmissionPaths: paths,
    triggers,
    mobility: { airspace: [], flightCorridors: [], airports: [], rerouteIntensity: 0, notamClosures: [] },
    evidence,
    narrative: {
      situation: empty,
      balanceAssessment: empty,
      outlook24h: empty,
      outlook7d: empty,
      outlook30d: empty,
      watchItems: [],
    },
  };
}
