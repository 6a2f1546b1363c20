import { round } from '../wire.js';
import type { CargoType, CorridorDef, RouteDef } from './datasets/route-model.js';

// ---------------------------------------------------------------------------------------------
// War-risk tiers and premiums
// ---------------------------------------------------------------------------------------------

export const TIER_RANK: Record<string, number> = {
  WAR_RISK_TIER_UNSPECIFIED: 0,
  WAR_RISK_TIER_NORMAL: 1,
  WAR_RISK_TIER_ELEVATED: 2,
  WAR_RISK_TIER_HIGH: 3,
  WAR_RISK_TIER_CRITICAL: 4,
  WAR_RISK_TIER_WAR_ZONE: 5,
};

/** Hull war-risk premium in basis points of cargo value a tier commands. */
export const WAR_RISK_PREMIUM_BPS: Record<string, number> = {
  WAR_RISK_TIER_WAR_ZONE: 300,
  WAR_RISK_TIER_CRITICAL: 100,
  WAR_RISK_TIER_HIGH: 50,
  WAR_RISK_TIER_ELEVATED: 20,
};

export const warRiskPremiumBps = (tier: string) => WAR_RISK_PREMIUM_BPS[tier] ?? 5;

/** The most severe of some tiers; none at all is NORMAL (a path crossing no tracked chokepoint). */
export function maxTier(tiers: readonly string[]): string {
  return tiers.reduce((best, t) => ((TIER_RANK[t] ?? 0) > (TIER_RANK[best] ?? 0) ? t : best), 'WAR_RISK_TIER_NORMAL');
}

// ---------------------------------------------------------------------------------------------
// Bypass corridors
// ---------------------------------------------------------------------------------------------

/**
 * How costly a bypass is right now, 0-100, lower is better: 60% the mean disruption score of the
 * chokepoints it still passes, 40% its freight uplift in percent (multiplier 1.3 -> 30). One decimal.
 */
export function bypassLiveScore(waypointScores: readonly number[], addedCostMultiplier: number): number {
  const mean = waypointScores.length ? waypointScores.reduce((a, b) => a + b, 0) / waypointScores.length : 0;
  const raw = 0.6 * mean + 0.4 * (addedCostMultiplier - 1) * 100;
  return round(Math.min(100, Math.max(0, raw)), 1);
}

/** Corridors usable for a cargo at a closure level: a full-closure corridor only opens at 100%. */
export function corridorApplies(c: CorridorDef, cargo: CargoType, closurePct: number): boolean {
  const fits = c.suitableCargoTypes.length === 0 || c.suitableCargoTypes.includes(cargo);
  return fits && (c.activationThreshold === 'partial_closure' || closurePct >= 100);
}

export type CorridorStatus = 'CORRIDOR_STATUS_ACTIVE' | 'CORRIDOR_STATUS_PROPOSED' | 'CORRIDOR_STATUS_UNAVAILABLE';

/** Read from the curated name and notes: proposals are not routes yet, and closed ones are not usable. */
export function corridorStatus(c: Pick<CorridorDef, 'name' | 'notes'>): CorridorStatus {
  const text = `${c.name} ${c.notes}`.toLowerCase();
  if (/\bproposed\b|not yet constructed|\bnotional\b|\(future\)/.test(text)) return 'CORRIDOR_STATUS_PROPOSED';
  if (/blockaded|effectively closed|not usable|\bsuspended\b/.test(text)) return 'CORRIDOR_STATUS_UNAVAILABLE';
  return 'CORRIDOR_STATUS_ACTIVE';
}

// ---------------------------------------------------------------------------------------------
// Lanes and exposure
// ---------------------------------------------------------------------------------------------

const CATEGORY_FOR_CARGO: Record<CargoType, RouteDef['category']> = {
  container: 'container',
  roro: 'container',
  tanker: 'energy',
  bulk: 'bulk',
};

/** The route category a cargo type travels on. */
export const routeCategoryFor = (cargo: CargoType): RouteDef['category'] => CATEGORY_FOR_CARGO[cargo];

/**
 * The modelled routes between two countries: those both port clusters are near, the ones matching
 * the cargo's category first (stable otherwise). Empty when the model has no shared route.
 */
export function laneRoutes(
  fromRoutes: readonly string[],
  toRoutes: readonly string[],
  routes: ReadonlyMap<string, RouteDef>,
  cargo: CargoType,
): RouteDef[] {
  const to = new Set(toRoutes);
  const shared = fromRoutes
    .filter((id) => to.has(id))
    .map((id) => routes.get(id))
    .filter((r): r is RouteDef => r !== undefined);
  const wanted = CATEGORY_FOR_CARGO[cargo];
  return [...shared.filter((r) => r.category === wanted), ...shared.filter((r) => r.category !== wanted)];
}

/**
 * Share of a lane's routes that pass each chokepoint, in percent (rounded), largest first; ties in
 * `registryOrder` (the chokepoint registry's order, as the published service lists them), then by
 * first appearance. Chokepoints no route passes are left out. The first is the lane's primary
 * chokepoint.
 */
export function laneExposures(
  routes: readonly RouteDef[],
  registryOrder: readonly string[] = [],
): { chokepointId: string; exposurePct: number }[] {
  if (routes.length === 0) return [];
  const counts = new Map<string, number>();
  for (const r of routes) for (const cp of new Set(r.waypoints)) counts.set(cp, (counts.get(cp) ?? 0) + 1);
  const rank = (id: string) => {
    const i = registryOrder.indexOf(id);
    return i === -1 ? registryOrder.length : i;
  };
  return [...counts.entries()]
    .map(([chokepointId, n]) => ({ chokepointId, exposurePct: Math.round((n / routes.length) * 100) }))
    .sort((a, b) => b.exposurePct - a.exposurePct || rank(a.chokepointId) - rank(b.chokepointId));
}

/**
 * Exposure of a country to a chokepoint from the lane model alone: the share of the chokepoint's
 * routes that serve the country's ports, 0-100.
 */
export function routeOverlapScore(chokepointRoutes: readonly string[], countryRoutes: readonly string[]): number {
  if (chokepointRoutes.length === 0) return 0;
  const mine = new Set(countryRoutes);
  return (chokepointRoutes.filter((r) => mine.has(r)).length / chokepointRoutes.length) * 100;
}
