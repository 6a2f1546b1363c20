import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { CargoType, RouteModel } from '../routes/datasets/route-model.js';
import { knownChokepoint, readRouteModel, statusById } from '../routes/queries.js';
import { laneExposures, laneRoutes, routeCategoryFor, routeOverlapScore, warRiskPremiumBps } from '../routes/rules.js';
import { RESILIENCE_SCORES } from '../../resilience/index.js';
import { hs2Of } from '../routes/schemas.js';
import { hs2Label, hs4Label } from './codes.js';
import { COMTRADE_FLOWS, importsOf, readImports } from './flows.js';
import {
  chapterSuppliers,
  dependencyFlags,
  DEFAULT_CLOSURE_DAYS,
  finalExposure,
  flowWeightedExposure,
  sectorCostShock,
  vulnerabilityIndex,
  type ProductImports,
} from './rules.js';
import type {
  GetCountryChokepointIndexRequest,
  GetCountryChokepointIndexResponse,
  GetCountryProductsRequest,
  GetCountryProductsResponse,
  GetMultiSectorCostShockRequest,
  GetMultiSectorCostShockResponse,
  GetRouteImpactRequest,
  GetRouteImpactResponse,
  GetSectorDependencyRequest,
  GetSectorDependencyResponse,
} from './schemas.js';

export { COMTRADE_FLOWS };

/** The ship type a chapter mostly travels in: fuels by tanker, ores and grain in bulk, the rest in boxes. */
export function cargoForChapter(hs2: string): CargoType {
  if (hs2 === '27') return 'tanker';
  if (hs2 === '26' || hs2 === '10' || hs2 === '12') return 'bulk';
  return 'container';
}

/**
 * Share (0-1) of an exporter's modelled lanes to the importer, of the cargo's route category, that
 * pass a chokepoint. A supplier without such a lane (pipeline or overland trade, a crude route for
 * electronics, an unmodelled pair) counts as unexposed.
 */
function coverageOf(
  model: RouteModel,
  chokepointId: string,
  exporter: string,
  importer: string,
  cargo: CargoType,
): number {
  const category = routeCategoryFor(cargo);
  const lane = laneRoutes(
    model.countries.get(exporter)?.nearestRouteIds ?? [],
    model.countries.get(importer)?.nearestRouteIds ?? [],
    model.routes,
    cargo,
  ).filter((r) => r.category === category);
  return lane.length > 0 ? lane.filter((r) => r.waypoints.includes(chokepointId)).length / lane.length : 0;
}

/** Exposure (0-100, before the chapter weighting) of an importer's chapter to one chokepoint. */
function rawExposure(
  model: RouteModel,
  chokepointId: string,
  importer: string,
  products: readonly ProductImports[],
  cargo: CargoType,
): number {
  if (products.length > 0)
    return flowWeightedExposure(products, (exporter) => coverageOf(model, chokepointId, exporter, importer, cargo));
  return routeOverlapScore(
    model.chokepointRoutes.get(chokepointId) ?? [],
    model.countries.get(importer)?.nearestRouteIds ?? [],
  );
}

// ---------------------------------------------------------------------------------------------
// get-country-products
// ---------------------------------------------------------------------------------------------

export function getCountryProducts(store: SnapshotStore, req: GetCountryProductsRequest): GetCountryProductsResponse {
  const flows = readImports(store);
  if (!flows) return { iso2: req.iso2, products: [], fetchedAt: '' };
  return {
    iso2: req.iso2,
    products: importsOf(flows, req.iso2).map((p) => ({
      hs4: p.hs4,
      description: hs4Label(p.hs4),
      totalValue: p.totalValue,
      topExporters: p.topExporters.map((e) => ({
        partnerCode: e.partnerCode,
        partnerIso2: e.partnerIso2,
        value: e.value,
        share: Math.round(e.share * 1000) / 1000,
      })),
      year: p.year,
    })),
    fetchedAt: flows.fetchedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// get-country-chokepoint-index
// ---------------------------------------------------------------------------------------------

export function getCountryChokepointIndex(
  store: SnapshotStore,
  req: GetCountryChokepointIndexRequest,
): { response: GetCountryChokepointIndexResponse; degraded: boolean } {
  const hs2 = hs2Of(req.hs2);
  const model = readRouteModel(store);
  const status = statusById(store);
  const flows = readImports(store);
  const empty = { iso2: req.iso2, hs2, exposures: [], primaryChokepointId: '', vulnerabilityIndex: 0, fetchedAt: '' };
  if (!model || !status.available) return { response: empty, degraded: true };
  const products = flows ? importsOf(flows, req.iso2, hs2) : [];
  const cargo = cargoForChapter(hs2);
  const shock = new Set(model.info.shockModelChokepoints);
  const coastSide = model.countries.get(req.iso2)?.coastSide ?? '';
  const exposures = [...status.byId.values()]
    .map((c) => ({
      chokepointId: c.id,
      chokepointName: c.name,
      exposureScore: finalExposure(rawExposure(model, c.id, req.iso2, products, cargo), hs2, shock.has(c.id)),
      coastSide: '',
      shockSupported: shock.has(c.id),
    }))
    .sort((a, b) => b.exposureScore - a.exposureScore);
  if (exposures[0]) exposures[0].coastSide = coastSide;
  return {
    response: {
      iso2: req.iso2,
      hs2,
      exposures,
      primaryChokepointId: exposures[0] && exposures[0].exposureScore > 0 ? exposures[0].chokepointId : '',
      vulnerabilityIndex: vulnerabilityIndex(exposures.map((e) => e.exposureScore)),
      fetchedAt: flows?.fetchedAt ?? status.fetchedAt,
    },
    degraded: !flows,
  };
}

// ---------------------------------------------------------------------------------------------
// get-sector-dependency
// ---------------------------------------------------------------------------------------------

export function getSectorDependency(
  store: SnapshotStore,
  req: GetSectorDependencyRequest,
): { response: GetSectorDependencyResponse; degraded: boolean } {
  const hs2 = hs2Of(req.hs2);
  const model = readRouteModel(store);
  const status = statusById(store);
  const flows = readImports(store);
  const products = flows ? importsOf(flows, req.iso2, hs2) : [];
  const { partners } = chapterSuppliers(products);
  const cargo = cargoForChapter(hs2);
  let primaryChokepointId = '';
  let exposure = 0;
  if (model) {
    for (const id of status.byId.keys()) {
      const e = rawExposure(model, id, req.iso2, products, cargo);
      if (e > exposure) [primaryChokepointId, exposure] = [id, e];
    }
  }
  const hasViableBypass =
    primaryChokepointId !== '' &&
    (model?.corridors.get(primaryChokepointId) ?? []).some(
      (c) => c.suitableCargoTypes.length === 0 || c.suitableCargoTypes.includes(cargo),
    );
  const share = partners[0]?.share ?? 0;
  return {
    response: {
      iso2: req.iso2,
      hs2,
      hs2Label: hs2Label(hs2),
      flags: dependencyFlags({ exporterShare: share, exposure, hasBypass: hasViableBypass }),
      primaryExporterIso2: partners[0]?.partnerIso2 ?? '',
      primaryExporterShare: Math.round(share * 1000) / 1000,
      primaryChokepointId,
      primaryChokepointExposure: Math.round(exposure * 10) / 10,
      hasViableBypass,
      fetchedAt: flows?.fetchedAt ?? '',
    },
    degraded: !flows || !model || !status.available,
  };
}

// ---------------------------------------------------------------------------------------------
// get-multi-sector-cost-shock
// ---------------------------------------------------------------------------------------------

/** The ten chapters the closure shock is reported for. */
export const SHOCK_SECTORS = ['27', '84', '85', '87', '30', '72', '39', '29', '10', '62'] as const;

export function getMultiSectorCostShock(
  store: SnapshotStore,
  req: GetMultiSectorCostShockRequest,
): { response: GetMultiSectorCostShockResponse; degraded: boolean } {
  knownChokepoint(store, 'chokepointId', req.chokepointId);
  const closureDays = req.closureDays ?? DEFAULT_CLOSURE_DAYS;
  const model = readRouteModel(store);
  const status = statusById(store);
  const flows = readImports(store);
  const tier = status.byId.get(req.chokepointId)?.warRiskTier ?? 'WAR_RISK_TIER_NORMAL';
  const bps = warRiskPremiumBps(tier);
  const mine = flows ? importsOf(flows, req.iso2) : [];
  const sectors = SHOCK_SECTORS.map((hs2) => {
    const cargo = cargoForChapter(hs2);
    const { total, partners } = chapterSuppliers(mine.filter((p) => p.hs4.startsWith(hs2)));
    const exposed = model
      ? partners.reduce((a, p) => a + p.value * coverageOf(model, req.chokepointId, p.partnerIso2, req.iso2, cargo), 0)
      : 0;
    // The cheapest way round: a corridor open at partial closure that suits the cargo, fewest days first.
    const bypass = (model?.corridors.get(req.chokepointId) ?? [])
      .filter(
        (c) =>
          c.activationThreshold === 'partial_closure' &&
          c.addedCostMultiplier >= 1 &&
          (c.suitableCargoTypes.length === 0 || c.suitableCargoTypes.includes(cargo)),
      )
      .sort((a, b) => a.addedTransitDays - b.addedTransitDays || a.addedCostMultiplier - b.addedCostMultiplier)[0];
    const shock = sectorCostShock({
      exposedImports: exposed,
      bypassMultiplier: bypass?.addedCostMultiplier ?? 1,
      warRiskPremiumBps: bps,
      closureDays,
    });
    return {
      hs2,
      hs2Label: hs2Label(hs2),
      importValueAnnual: total,
      freightAddedPctPerTon: shock.freightAddedPct,
      warRiskPremiumBps: bps,
      addedTransitDays: bypass?.addedTransitDays ?? 0,
      totalCostShockPerDay: shock.perDay,
      totalCostShock30Days: shock.days30,
      totalCostShock90Days: shock.days90,
      totalCostShock: shock.closure,
      closureDays,
    };
  }).sort((a, b) => b.totalCostShockPerDay - a.totalCostShockPerDay);
  const none = mine.length === 0;
  return {
    response: {
      iso2: req.iso2,
      chokepointId: req.chokepointId,
      closureDays,
      warRiskTier: tier as GetMultiSectorCostShockResponse['warRiskTier'],
      sectors,
      totalAddedCost: sectors.reduce((a, s) => a + s.totalCostShock, 0),
      fetchedAt: flows?.fetchedAt ?? '',
      unavailableReason: none ? 'no import flows for this country in the Comtrade flows dataset' : '',
    },
    degraded: none || !model || !status.available,
  };
}

// ---------------------------------------------------------------------------------------------
// get-route-impact
// ---------------------------------------------------------------------------------------------

/** The chokepoint most of an exporter's category lanes to the importer pass, with that share (0-100). */
function laneChokepoint(
  model: RouteModel | undefined,
  exporter: string,
  importer: string,
  cargo: CargoType,
): { id: string; pct: number } {
  if (!model) return { id: '', pct: 0 };
  const category = routeCategoryFor(cargo);
  const lane = laneRoutes(
    model.countries.get(exporter)?.nearestRouteIds ?? [],
    model.countries.get(importer)?.nearestRouteIds ?? [],
    model.routes,
    cargo,
  ).filter((r) => r.category === category);
  const top = laneExposures(lane)[0];
  return top ? { id: top.chokepointId, pct: top.exposurePct } : { id: '', pct: 0 };
}

interface ResilienceRow {
  countryCode: string;
  overallScore: number | null;
}

export function getRouteImpact(
  store: SnapshotStore,
  req: GetRouteImpactRequest,
): { response: GetRouteImpactResponse; degraded: boolean } {
  const hs2 = hs2Of(req.hs2);
  const cargo = cargoForChapter(hs2);
  const model = readRouteModel(store);
  const flows = readImports(store);
  const importerFlows = flows ? importsOf(flows, req.toIso2) : [];
  const chapter = importerFlows.filter((p) => p.hs4.startsWith(hs2));
  const { partners } = chapterSuppliers(chapter);
  const primary = partners[0];
  const lane = laneChokepoint(model, req.fromIso2, req.toIso2, cargo);
  const hasBypass = lane.id !== '' && (model?.corridors.get(lane.id) ?? []).length > 0;
  const score = store
    .read<ResilienceRow>(RESILIENCE_SCORES)
    ?.records.find((r) => r.countryCode === req.toIso2)?.overallScore;
  return {
    response: {
      laneValueUsd: partners.find((p) => p.partnerIso2 === req.fromIso2)?.value ?? 0,
      primaryExporterIso2: primary?.partnerIso2 ?? '',
      primaryExporterShare: Math.round((primary?.share ?? 0) * 1000) / 1000,
      topStrategicProducts: chapter.slice(0, 5).map((p) => ({
        hs4: p.hs4,
        label: hs4Label(p.hs4),
        totalValueUsd: p.totalValue,
        topExporterIso2: p.topExporters[0]?.partnerIso2 ?? '',
        topExporterShare: Math.round((p.topExporters[0]?.share ?? 0) * 1000) / 1000,
        primaryChokepointId: p.topExporters[0]
          ? laneChokepoint(model, p.topExporters[0].partnerIso2, req.toIso2, cargo).id
          : '',
      })),
      resilienceScore: typeof score === 'number' && score >= 0 && score <= 100 ? score : 0,
      dependencyFlags:
        chapter.length > 0
          ? dependencyFlags({ exporterShare: primary?.share ?? 0, exposure: lane.pct, hasBypass })
          : [],
      hs2InSeededUniverse: chapter.length > 0,
      comtradeSource: !flows ? 'missing' : importerFlows.length > 0 ? 'bilateral-hs4' : 'empty',
      fetchedAt: flows?.fetchedAt ?? '',
    },
    degraded: !flows || !model,
  };
}
