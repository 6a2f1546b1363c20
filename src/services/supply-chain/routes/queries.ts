import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { getChokepointStatus, STATUS_DATASETS } from '../chokepoints/queries.js';
import type { ChokepointInfo } from '../chokepoints/schemas.js';
import {
  ROUTE_MODEL,
  routeModel,
  type CargoType,
  type RouteModel,
  type RouteModelInfo,
  type RouteModelRecord,
} from './datasets/route-model.js';
import { bypassLiveScore, corridorApplies, corridorStatus, laneExposures, laneRoutes, maxTier } from './rules.js';
import {
  hs2Of,
  type BypassOption,
  type GetBypassOptionsRequest,
  type GetBypassOptionsResponse,
  type GetRouteExplorerLaneRequest,
  type GetRouteExplorerLaneResponse,
} from './schemas.js';

/** Every dataset a lane answer is built from (the status adds its own inputs). */
export { ROUTE_MODEL };

/** Lane model and current chokepoint status: what every route answer is built from. */
export const LANE_DATASETS = [ROUTE_MODEL, ...STATUS_DATASETS];

export function readRouteModel(store: SnapshotStore): RouteModel | undefined {
  const s = store.read<RouteModelRecord, RouteModelInfo>(ROUTE_MODEL);
  return s ? routeModel(s) : undefined;
}

/** The composed chokepoint status by id, and whether it could be composed at all. */
export function statusById(store: SnapshotStore): {
  byId: Map<string, ChokepointInfo>;
  fetchedAt: string;
  available: boolean;
} {
  const status = getChokepointStatus(store);
  return {
    byId: new Map(status.chokepoints.map((c) => [c.id, c])),
    fetchedAt: status.fetchedAt,
    available: status.chokepoints.length > 0,
  };
}

/** A registry chokepoint id, or the spec's 400 naming the field. */
export function knownChokepoint(store: SnapshotStore, field: string, id: string): void {
  const { byId, available } = statusById(store);
  if (available && !byId.has(id))
    throw ServiceError.validation([{ field, description: `unknown chokepoint id: ${id}` }]);
}

// ---------------------------------------------------------------------------------------------
// get-bypass-options
// ---------------------------------------------------------------------------------------------

export function getBypassOptions(
  store: SnapshotStore,
  req: GetBypassOptionsRequest,
): { response: GetBypassOptionsResponse; degraded: boolean } {
  knownChokepoint(store, 'chokepointId', req.chokepointId);
  const cargo: CargoType = req.cargoType ?? 'container';
  const closurePct = req.closurePct ?? 100;
  const model = readRouteModel(store);
  const status = statusById(store);
  const tierOf = (id: string) => status.byId.get(id)?.warRiskTier ?? 'WAR_RISK_TIER_UNSPECIFIED';
  const options: BypassOption[] = (model?.corridors.get(req.chokepointId) ?? [])
    .filter((c) => corridorApplies(c, cargo, closurePct))
    .map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      addedTransitDays: c.addedTransitDays,
      addedCostMultiplier: c.addedCostMultiplier,
      capacityConstraintTonnage: String(c.capacityConstraintTonnage),
      suitableCargoTypes: c.suitableCargoTypes,
      activationThreshold: c.activationThreshold,
      waypointChokepointIds: c.waypointChokepointIds,
      liveScore: bypassLiveScore(
        c.waypointChokepointIds.map((id) => status.byId.get(id)?.disruptionScore ?? 0),
        c.addedCostMultiplier,
      ),
      bypassWarRiskTier: (status.available
        ? maxTier(c.waypointChokepointIds.map(tierOf))
        : 'WAR_RISK_TIER_UNSPECIFIED') as BypassOption['bypassWarRiskTier'],
      notes: c.notes,
    }))
    .sort((a, b) => a.liveScore - b.liveScore);
  return {
    response: {
      chokepointId: req.chokepointId,
      cargoType: cargo,
      closurePct,
      options,
      fetchedAt: status.available ? status.fetchedAt : '',
      primaryChokepointWarRiskTier: tierOf(
        req.chokepointId,
      ) as GetBypassOptionsResponse['primaryChokepointWarRiskTier'],
    },
    // Without the model or the status the answer is a fallback the body cannot flag.
    degraded: !model || !status.available,
  };
}

// ---------------------------------------------------------------------------------------------
// Lanes: get-route-explorer-lane and shipping v2 route-intelligence
// ---------------------------------------------------------------------------------------------

export interface LaneView {
  cargo: CargoType;
  hs2: string;
  primaryRouteId: string;
  geometry: { lon: number; lat: number }[];
  exposures: { chokepointId: string; chokepointName: string; exposurePct: number }[];
  /** The chokepoint of the lane with the highest exposure (the first of `exposures`), as published. */
  primaryChokepointId: string;
  warRiskTier: string;
  disruptionScore: number;
  transitDays: [number, number] | undefined;
  freightRange: [number, number] | undefined;
  corridors: {
    id: string;
    name: string;
    type: string;
    addedTransitDays: number;
    addedCostMultiplier: number;
    activationThreshold: string;
    warRiskTier: string;
    status: ReturnType<typeof corridorStatus>;
    fromPort: { lon: number; lat: number };
    toPort: { lon: number; lat: number };
  }[];
  noModeledLane: boolean;
  fetchedAt: string;
  degraded: boolean;
}

/** The lane between two countries from the model and the current chokepoint status (pure reads). */
export function laneView(
  store: SnapshotStore,
  fromIso2: string,
  toIso2: string,
  cargoType: CargoType | undefined,
  hs2: string | undefined,
): LaneView {
  const cargo = cargoType ?? 'container';
  const model = readRouteModel(store);
  const status = statusById(store);
  const from = model?.countries.get(fromIso2)?.nearestRouteIds ?? [];
  const to = model?.countries.get(toIso2)?.nearestRouteIds ?? [];
  const routes = model ? laneRoutes(from, to, model.routes, cargo) : [];
  const empty: LaneView = {
    cargo,
    hs2: hs2Of(hs2),
    primaryRouteId: '',
    geometry: [],
    exposures: [],
    primaryChokepointId: '',
    warRiskTier: 'WAR_RISK_TIER_NORMAL',
    disruptionScore: 0,
    transitDays: undefined,
    freightRange: undefined,
    corridors: [],
    noModeledLane: true,
    fetchedAt: status.available ? status.fetchedAt : '',
    degraded: !model || !status.available,
  };
  const primary = routes[0];
  if (!model || !primary) return empty;
  const point = (lat: number, lon: number) => ({ lon, lat });
  const fromPort = model.ports.get(primary.fromPort)!;
  const toPort = model.ports.get(primary.toPort)!;
  const geometry = [
    point(fromPort.lat, fromPort.lon),
    ...primary.waypoints.flatMap((id) => {
      const c = status.byId.get(id);
      return c ? [point(c.lat, c.lon)] : [];
    }),
    point(toPort.lat, toPort.lon),
  ];
  // The status lists the chokepoints in registry order.
  const exposures = laneExposures(routes, [...status.byId.keys()]);
  // The published rule: the primary chokepoint is the lane's most exposed one, not its most disrupted.
  const primaryCp = exposures[0]?.chokepointId;
  const cpInfo = primaryCp ? status.byId.get(primaryCp) : undefined;
  const tierOf = (id: string) => status.byId.get(id)?.warRiskTier ?? 'WAR_RISK_TIER_UNSPECIFIED';
  const corridors = (primaryCp ? (model.corridors.get(primaryCp) ?? []) : [])
    .filter((c) => c.suitableCargoTypes.length === 0 || c.suitableCargoTypes.includes(cargo))
    .slice(0, 5)
    .map((c) => {
      const st = corridorStatus(c);
      return {
        id: c.id,
        name: c.name,
        type: c.type,
        addedTransitDays: c.addedTransitDays,
        addedCostMultiplier: c.addedCostMultiplier,
        activationThreshold: c.activationThreshold,
        warRiskTier:
          st === 'CORRIDOR_STATUS_UNAVAILABLE' && c.waypointChokepointIds.length === 0
            ? 'WAR_RISK_TIER_WAR_ZONE'
            : maxTier(c.waypointChokepointIds.map(tierOf)),
        status: st,
        fromPort: point(c.fromPort.lat, c.fromPort.lon),
        toPort: point(c.toPort.lat, c.toPort.lon),
      };
    });
  return {
    ...empty,
    primaryRouteId: primary.id,
    geometry,
    exposures: exposures.map((e) => ({
      ...e,
      chokepointName: status.byId.get(e.chokepointId)?.name ?? e.chokepointId,
    })),
    primaryChokepointId: primaryCp ?? '',
    warRiskTier: cpInfo?.warRiskTier ?? 'WAR_RISK_TIER_NORMAL',
    disruptionScore: cpInfo?.disruptionScore ?? 0,
    transitDays: primary.transitDays,
    freightRange: model.info.freightUsdRanges[cargo],
    corridors,
    noModeledLane: false,
  };
}

export function getRouteExplorerLane(
  store: SnapshotStore,
  req: GetRouteExplorerLaneRequest,
): { response: GetRouteExplorerLaneResponse; degraded: boolean } {
  const v = laneView(store, req.fromIso2, req.toIso2, req.cargoType, req.hs2);
  const range = (r: [number, number] | undefined) => ({ min: r?.[0] ?? 0, max: r?.[1] ?? 0 });
  return {
    response: {
      fromIso2: req.fromIso2,
      toIso2: req.toIso2,
      hs2: v.hs2,
      cargoType: v.cargo,
      primaryRouteId: v.primaryRouteId,
      primaryRouteGeometry: v.geometry,
      chokepointExposures: v.exposures,
      bypassOptions: v.corridors.map(({ activationThreshold: _a, ...c }) => c),
      warRiskTier: v.warRiskTier,
      disruptionScore: v.disruptionScore,
      estTransitDaysRange: range(v.transitDays),
      estFreightUsdPerTeuRange: range(v.freightRange),
      noModeledLane: v.noModeledLane,
      fetchedAt: v.fetchedAt,
    },
    degraded: v.degraded,
  };
}
