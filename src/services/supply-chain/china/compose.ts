import { CORRIDOR_IDS, FAMILIES, type CorridorDef, type CorridorId, type Family } from './datasets/corridors.js';
import {
  corridorAvailability,
  conditionAvailability,
  familyTrend,
  breadth,
  type Availability,
  type SourceSignal,
  type Trend,
} from './rules.js';
import {
  aviationSignals,
  energySignals,
  hazardSignals,
  portSignals,
  tradeSignals,
  type CorridorInputs,
  type TrendedSignal,
} from './signals.js';

/** Composition of the corridor towers from the registry and the family snapshots, at one assessment time. */

export const CORRIDOR_METHOD_ID = 'china-corridor-condition';
export const CORRIDOR_METHOD_VERSION = 'v1';

const PROVIDERS: Record<Family, string> = {
  port: 'imf-portwatch',
  aviation: 'aviationstack',
  hazard: 'nasa-eonet',
  power_energy: 'jodi-oil',
  strategic_industry: 'none',
  trade: 'un-comtrade+shanghai-shipping-exchange',
};

type Claim = { status: 'unknown' | 'not_applicable'; reason: string } | { status: 'known'; value: unknown };

export interface CorridorCondition {
  family: Family;
  providerId: string;
  availability: Availability;
  reason: string | null;
  sourceSignals: SourceSignal[];
  provenance: {
    contractVersion: 'decision-signal-provenance/v1';
    signalId: string;
    familyId: 'composed_corridor_condition';
    claims: Record<string, Claim>;
  } | null;
}

export interface CorridorTower {
  id: CorridorId;
  name: string;
  description: string;
  boundary: { lat: number; lon: number }[];
  nodes: CorridorDef['nodes'];
  availability: Availability;
  conditions: CorridorCondition[];
}

export interface CorridorComposition {
  payload: { generatedAt: string; corridors: CorridorTower[] };
  upstreamUnavailable: boolean;
  /** Which way each family of each corridor points (not part of the payload; the nowcast reads it). */
  trends: Partial<Record<CorridorId, Record<Family, Trend>>>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const NA = (reason: string): Claim => ({ status: 'not_applicable', reason });
const UNKNOWN = (reason: string): Claim => ({ status: 'unknown', reason });

const REASONS: Record<Availability, string | null> = {
  available: null,
  stale: 'some signals are older than their freshness budget',
  partial: 'some signals are missing, unusable or of unknown time',
  unavailable: 'no usable signal',
};

/** Newest observation among the signals as a day, month or year string the provenance contract accepts. */
function newestObservation(
  signals: readonly SourceSignal[],
): { value: string; precision: 'day' | 'month' | 'year' } | undefined {
  const dated = signals.filter((s) => s.observationTime && s.availability !== 'unavailable');
  if (dated.length === 0) return undefined;
  const day = (s: SourceSignal) =>
    s.observationTimePrecision === 'instant' ? s.observationTime!.slice(0, 10) : s.observationTime!;
  const newest = dated.map(day).sort().at(-1)!;
  return {
    value: newest,
    precision: /^\d{4}-\d{2}-\d{2}$/.test(newest) ? 'day' : /^\d{4}-\d{2}$/.test(newest) ? 'month' : 'year',
  };
}

/** The derived-output provenance envelope of one condition; null when it rests on no signal at all. */
function provenanceOf(
  corridor: CorridorId,
  family: Family,
  availability: Availability,
  signals: readonly SourceSignal[],
  assessedAt: number,
): CorridorCondition['provenance'] {
  if (signals.length === 0) return null;
  const at = iso(assessedAt);
  const ids = [...new Set(signals.map((s) => s.id))];
  const observed = newestObservation(signals);
  const transports = signals.map((s) => s.transportFreshness);
  const transport = transports.includes('error')
    ? 'error'
    : transports.includes('missing')
      ? 'missing'
      : transports.includes('stale')
        ? 'stale'
        : 'fresh';
  const content =
    availability === 'available' || availability === 'stale'
      ? observed
        ? { state: availability === 'available' ? 'current' : 'stale', assessedAt: at, contentAsOf: observed.value }
        : { state: 'timestamp_unknown', assessedAt: at }
      : { state: availability, assessedAt: at };
  return {
    contractVersion: 'decision-signal-provenance/v1',
    signalId: `${corridor}:${family}`,
    familyId: 'composed_corridor_condition',
    claims: {
      publisher: {
        status: 'known',
        value: {
          id: 'monitoring-data-service',
          name: 'Monitoring Data Service',
          type: 'derived_output',
          registryReference: null,
        },
      },
      source_url: NA('composed from the listed source signals, each with its own source URL'),
      original_reference: { status: 'known', value: { kind: 'dataset', id: `${corridor}:${family}` } },
      original_language: NA('numeric observations'),
      translation: { status: 'known', value: { state: 'not_translated' } },
      observation_time: observed
        ? { status: 'known', value: { role: 'observation', value: observed.value, precision: observed.precision } }
        : UNKNOWN('no dated signal'),
      effective_time: NA('conditions describe the observation time'),
      publication_time: UNKNOWN('publication times of the inputs are not recorded'),
      retrieval_time: { status: 'known', value: { role: 'retrieval', value: at, precision: 'instant' } },
      revision: NA('recomputed from the current snapshots'),
      supersession: { status: 'known', value: { state: 'current' } },
      extraction_confidence: NA('structured inputs; nothing extracted from text'),
      classification_confidence: NA('rule-based; no classifier'),
      corroboration: {
        status: 'known',
        value: { state: ids.length === 1 ? 'single_source' : 'multi_source', sourceSignalIds: ids },
      },
      transport_freshness: { status: 'known', value: { state: transport, assessedAt: at } },
      content_freshness: { status: 'known', value: content },
      derivation: {
        status: 'known',
        value: {
          methodId: CORRIDOR_METHOD_ID,
          methodVersion: CORRIDOR_METHOD_VERSION,
          computedAt: at,
          inputSignalIds: ids,
        },
      },
    },
  };
}

function condition(
  corridor: CorridorId,
  family: Family,
  signals: TrendedSignal[],
  assessedAt: number,
): { condition: CorridorCondition; trend: Trend } {
  const availability = conditionAvailability(signals);
  const sourceSignals: SourceSignal[] = signals.map(({ trend: _trend, ...s }) => s);
  const reason =
    family === 'strategic_industry'
      ? 'no strategic-industry source is collected by this service'
      : REASONS[availability];
  return {
    condition: {
      family,
      providerId: PROVIDERS[family],
      availability,
      reason,
      sourceSignals,
      provenance: provenanceOf(corridor, family, availability, sourceSignals, assessedAt),
    },
    trend: familyTrend(signals),
  };
}

/**
 * Every corridor of the registry, one condition per family, composed at `assessedAt` (the newest
 * snapshot time of the inputs, so the result depends on the snapshots only).
 */
export function composeCorridorTowers(
  registry: readonly CorridorDef[],
  inputs: CorridorInputs,
  assessedAt: number,
): CorridorComposition {
  const trade = tradeSignals(inputs.comtrade, inputs.shipping, assessedAt);
  const energy = energySignals(inputs.oil, assessedAt);
  const trends: CorridorComposition['trends'] = {};
  const corridors = [...registry]
    .sort((a, b) => CORRIDOR_IDS.indexOf(a.id) - CORRIDOR_IDS.indexOf(b.id))
    .map((c) => {
      const byFamily: Record<Family, TrendedSignal[]> = {
        port: portSignals(c, inputs.ports, assessedAt),
        aviation: aviationSignals(c, inputs.flights, assessedAt),
        hazard: hazardSignals(c, inputs.hazards, assessedAt),
        power_energy: energy,
        strategic_industry: [],
        trade,
      };
      const built = FAMILIES.map((f) => ({ family: f, ...condition(c.id, f, byFamily[f], assessedAt) }));
      trends[c.id] = Object.fromEntries(built.map((b) => [b.family, b.trend])) as Record<Family, Trend>;
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        boundary: c.boundary,
        nodes: c.nodes,
        availability: corridorAvailability(built.map((b) => b.condition.availability)),
        conditions: built.map((b) => b.condition),
      };
    });
  return {
    payload: { generatedAt: iso(assessedAt), corridors },
    upstreamUnavailable: corridors.length === 0 || corridors.every((c) => c.availability === 'unavailable'),
    trends,
  };
}

/** Strengthening minus weakening families per corridor, and over every corridor. */
export function corridorBreadth(trends: CorridorComposition['trends']): {
  total: number;
  byCorridor: Partial<Record<CorridorId, number>>;
} {
  const byCorridor: Partial<Record<CorridorId, number>> = {};
  let total = 0;
  for (const [id, t] of Object.entries(trends) as [CorridorId, Record<Family, Trend>][]) {
    byCorridor[id] = breadth(t);
    total += byCorridor[id]!;
  }
  return { total, byCorridor };
}
