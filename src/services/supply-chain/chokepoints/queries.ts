import { ServiceError } from '../../../platform/errors.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { groupBy, iso } from '../wire.js';
import {
  AIS_CROSSINGS,
  AIS_DISRUPTIONS,
  CONGESTION_TYPE,
  type AisDisruptionRecord,
  type AisSnapshotInfo,
  type CrossingRecord,
} from './datasets/ais.js';
import { FLOW_BASELINES, type FlowBaselineRecord } from './datasets/baselines.js';
import { CHOKEPOINTS, type ChokepointDef, type ChokepointRegistryInfo } from './datasets/chokepoints.js';
import { HAZARDS, type HazardRecord } from './datasets/hazards.js';
import { TRANSITS, type TransitRecord } from './datasets/transits.js';
import { NAV_WARNINGS, type NavWarningRecord, type NavWarningsInfo } from '../datasets/warnings.js';
import {
  assignChokepoint,
  availabilityFlag,
  computeFlowEstimate,
  congestionLevel,
  describeChokepoint,
  detectTrafficAnomaly,
  disruptionScore,
  flowSource,
  nearestHazard,
  statusForScore,
  warRiskTier,
  wowChangePct,
  type AssignTarget,
} from './rules.js';
import type {
  ChokepointInfo,
  GetChokepointHistoryRequest,
  GetChokepointHistoryResponse,
  GetChokepointStatusResponse,
  TransitDayCount,
  TransitSummary,
} from './schemas.js';

/** Every dataset the chokepoint status is composed from; their versions key the computed result. */
export const STATUS_DATASETS = [
  CHOKEPOINTS,
  TRANSITS,
  AIS_CROSSINGS,
  AIS_DISRUPTIONS,
  NAV_WARNINGS,
  HAZARDS,
  FLOW_BASELINES,
] as const;

/** Days of history carried inline in each transit summary: the two weeks behind wowChangePct. */
export const SUMMARY_HISTORY_DAYS = 14;

function toDayCount(r: TransitRecord): TransitDayCount {
  const { chokepointId: _id, ...day } = r;
  return day;
}

/** Transit history grouped by chokepoint, oldest day first; built once per transit snapshot. */
function historyIndex(snapshot: Snapshot<TransitRecord>): Map<string, TransitDayCount[]> {
  return snapshot.derive('history-by-chokepoint', (s) => {
    const byId = new Map<string, TransitDayCount[]>();
    for (const r of s.records) {
      let list = byId.get(r.chokepointId);
      if (!list) byId.set(r.chokepointId, (list = []));
      list.push(toDayCount(r));
    }
    for (const list of byId.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return byId;
  });
}

// ---------------------------------------------------------------------------------------------
// get-chokepoint-status
// ---------------------------------------------------------------------------------------------

interface Input<R, I = Record<string, unknown>> {
  records: readonly R[];
  info: I;
  fetchedAt: number;
}

export interface StatusInputs {
  registry?: Input<ChokepointDef, ChokepointRegistryInfo>;
  /** Daily transit history already grouped by chokepoint, oldest first. */
  history?: { byId: ReadonlyMap<string, readonly TransitDayCount[]>; fetchedAt: number };
  crossings?: Input<CrossingRecord>;
  ais?: Input<AisDisruptionRecord, AisSnapshotInfo>;
  warnings?: Input<NavWarningRecord, NavWarningsInfo>;
  hazards?: Input<HazardRecord>;
  baselines?: Input<FlowBaselineRecord>;
}

/** The exact body served when the status cannot be composed at all. */
export function unavailableStatus(): GetChokepointStatusResponse {
  return { chokepoints: [], fetchedAt: '', upstreamUnavailable: true };
}

const ZERO_SUMMARY: Omit<TransitSummary, 'dataAvailable' | 'todayCountsAvailable'> = {
  todayTotal: 0,
  todayTanker: 0,
  todayCargo: 0,
  todayOther: 0,
  wowChangePct: 0,
  history: [],
  riskLevel: '',
  incidentCount7d: 0,
  disruptionPct: 0,
  riskSummary: '',
  riskReportAction: '',
};

/**
 * Composes the status of every registry chokepoint from all inputs (pure). Without the registry or
 * the transit history, or with neither warnings nor AIS, there is nothing trustworthy to say and the
 * fixed unavailable body is returned; any other missing input, or a chokepoint the tracker has no
 * history for, is partial coverage: served, flagged upstreamUnavailable.
 */
export function composeChokepointStatus(inputs: StatusInputs): GetChokepointStatusResponse {
  const { registry, history, crossings, ais, warnings, hazards, baselines } = inputs;
  if (!registry || !history || (!warnings && !ais)) return unavailableStatus();
  // The data's time: the newest capture among the observed inputs (the registry is a reference table
  // loaded at start, which describes no moment).
  const asOf = Math.max(...[history, crossings, ais, warnings, hazards, baselines].map((i) => i?.fetchedAt ?? 0));
  const targets: AssignTarget[] = registry.records.map((c) => ({
    id: c.id,
    lat: c.lat,
    lon: c.lon,
    primaryKeywords: c.primaryKeywords,
    areaKeywords: c.areaKeywords,
  }));
  const warningsAvailable = warnings !== undefined && availabilityFlag(warnings.info.navigationalWarningsAvailable);
  const aisAvailable = ais !== undefined && availabilityFlag(ais.info.aisSnapshotAvailable);
  const covered = new Set(aisAvailable ? (ais!.info.coveredChokepoints ?? []) : []);
  const warningsById = groupBy(warningsAvailable ? warnings!.records : [], (w) => assignChokepoint(w, targets));
  const aisById = groupBy(aisAvailable ? ais!.records : [], (d) => assignChokepoint(d, targets));
  const crossingById = new Map((crossings?.records ?? []).map((c) => [c.chokepointId, c]));
  const baselineById = new Map((baselines?.records ?? []).map((b) => [b.baselineId, b]));
  const alerts = hazards?.records ?? [];

  const chokepoints = registry.records.map((def): ChokepointInfo => {
    const days = history.byId.get(def.id) ?? [];
    const dataAvailable = days.length > 0;
    const totals = days.map((d) => d.total);
    const anomaly = detectTrafficAnomaly(totals, def.threatLevel);
    const crossing = crossingById.get(def.id);
    const todayCountsAvailable = crossing !== undefined && crossing.total > 0;
    const transitSummary: TransitSummary = {
      ...ZERO_SUMMARY,
      ...(todayCountsAvailable
        ? {
            todayTotal: crossing.total,
            todayTanker: crossing.tanker,
            todayCargo: crossing.cargo,
            todayOther: crossing.other,
          }
        : {}),
      ...(crossing
        ? {
            riskLevel: crossing.riskLevel,
            incidentCount7d: crossing.incidentCount7d,
            disruptionPct: crossing.disruptionPct,
            riskSummary: crossing.riskSummary,
            riskReportAction: crossing.riskReportAction,
          }
        : {}),
      ...(dataAvailable ? { wowChangePct: wowChangePct(totals), history: days.slice(-SUMMARY_HISTORY_DAYS) } : {}),
      dataAvailable,
      todayCountsAvailable,
    };
    const aisCovered = covered.has(def.id);
    const assignedAis = aisCovered ? (aisById.get(def.id) ?? []) : [];
    const maxSeverity = assignedAis
      .filter((d) => d.type === CONGESTION_TYPE)
      .reduce((m, d) => Math.max(m, d.severity), 0);
    const activeWarnings = warningsById.get(def.id)?.length ?? 0;
    const disruption = disruptionScore({
      threatLevel: def.threatLevel,
      warnings: activeWarnings,
      maxAisSeverity: maxSeverity,
      anomaly: anomaly.signal,
    });
    const baseline = def.flowBaselineId ? baselineById.get(def.flowBaselineId) : undefined;
    const flow = baseline && dataAvailable ? computeFlowEstimate(days, baseline.mbd) : undefined;
    const hazard = flow ? nearestHazard(def.lat, def.lon, alerts) : undefined;
    return {
      id: def.id,
      name: def.name,
      lat: def.lat,
      lon: def.lon,
      disruptionScore: disruption,
      status: statusForScore(disruption),
      activeWarnings,
      congestionLevel: congestionLevel(maxSeverity, aisCovered),
      affectedRoutes: def.affectedRoutes,
      description: describeChokepoint({
        threatDescription: def.threatDescription,
        anomaly,
        reviewedAt: registry.info.reviewedAt,
        asOf,
      }),
      aisDisruptions: assignedAis.length,
      directions: def.directions,
      directionalDwt: [],
      transitSummary,
      ...(flow && hazard
        ? {
            flowEstimate: {
              currentMbd: flow.currentMbd,
              baselineMbd: flow.baselineMbd,
              flowRatio: flow.flowRatio,
              disrupted: flow.disrupted,
              source: flowSource(flow.basis),
              hazardAlertLevel: hazard.level,
              hazardAlertName: hazard.name,
            },
          }
        : {}),
      warRiskTier: warRiskTier(def.threatLevel),
      navigationalWarningsAvailable: warningsAvailable,
      aisSnapshotAvailable: aisCovered,
    };
  });
  const partial =
    !crossings ||
    !ais ||
    !warnings ||
    !hazards ||
    !baselines ||
    !warningsAvailable ||
    !aisAvailable ||
    chokepoints.some((c) => !c.transitSummary.dataAvailable);
  return { chokepoints, fetchedAt: iso(asOf), upstreamUnavailable: partial };
}

function asInput<R, I>(s: Snapshot<R, I> | undefined): Input<R, I> | undefined {
  return s ? { records: s.records, info: s.info, fetchedAt: s.capturedAt } : undefined;
}

/** Latest composed status per store, keyed by the versions of every input it was built from. */
const statusMemo = new WeakMap<SnapshotStore, { key: string; value: GetChokepointStatusResponse }>();

export function getChokepointStatus(store: SnapshotStore): GetChokepointStatusResponse {
  const snaps = STATUS_DATASETS.map((d) => store.read(d));
  const key = snaps.map((s) => s?.version ?? 0).join(',');
  const memo = statusMemo.get(store);
  if (memo && memo.key === key) return memo.value;
  const [registry, transits, crossings, ais, warnings, hazards, baselines] = snaps as [
    Snapshot<ChokepointDef, ChokepointRegistryInfo> | undefined,
    Snapshot<TransitRecord> | undefined,
    Snapshot<CrossingRecord> | undefined,
    Snapshot<AisDisruptionRecord, AisSnapshotInfo> | undefined,
    Snapshot<NavWarningRecord, NavWarningsInfo> | undefined,
    Snapshot<HazardRecord> | undefined,
    Snapshot<FlowBaselineRecord> | undefined,
  ];
  const value = composeChokepointStatus({
    registry: asInput(registry),
    history: transits ? { byId: historyIndex(transits), fetchedAt: transits.capturedAt } : undefined,
    crossings: asInput(crossings),
    ais: asInput(ais),
    warnings: asInput(warnings),
    hazards: asInput(hazards),
    baselines: asInput(baselines),
  });
  statusMemo.set(store, { key, value });
  return value;
}

// ---------------------------------------------------------------------------------------------
// get-chokepoint-history
// ---------------------------------------------------------------------------------------------

/** The answer plus whether it is a fallback the body cannot flag (no history to give). */
export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

export function getChokepointHistory(
  store: SnapshotStore,
  req: GetChokepointHistoryRequest,
): Flagged<GetChokepointHistoryResponse> {
  const registry = store.read<ChokepointDef>(CHOKEPOINTS);
  if (registry && !registry.records.some((c) => c.id === req.chokepointId)) {
    throw ServiceError.validation([{ field: 'chokepointId', description: 'unknown chokepoint id' }]);
  }
  const transits = store.read<TransitRecord>(TRANSITS);
  const history = transits ? (historyIndex(transits).get(req.chokepointId) ?? []) : [];
  return {
    response: { chokepointId: req.chokepointId, history, fetchedAt: String(transits?.capturedAt ?? 0) },
    degraded: history.length === 0,
  };
}
