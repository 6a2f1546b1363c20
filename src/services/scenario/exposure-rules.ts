/**
 * HS2 chokepoint exposure, the published exposure seeder's model: how much of an importer's trade in
 * one HS chapter is carried on the sea lanes through each chokepoint, 0-100. Pure functions; the
 * scenario worker turns these rows into per-country impact (rules.ts).
 */
import { finalExposure, vulnerabilityIndex } from '../supply-chain/index.js';
import type { TradeExposure } from './rules.js';

/** The chapters the published seeder computes: fuels, machinery, electronics, vehicles, pharma, steel, plastics, organic chemicals, cereals, apparel. */
export const EXPOSURE_CHAPTERS = ['27', '84', '85', '87', '30', '72', '39', '29', '10', '62'] as const;

/** A chokepoint and the modelled lanes that pass it. */
export interface ChokepointLanes {
  id: string;
  routeIds: readonly string[];
  shockSupported: boolean;
}

/** One imported HS heading with its largest suppliers (share of the heading's imports, 0-1). */
export interface HeadingImports {
  hs4: string;
  totalValue: number;
  topExporters: readonly { partnerIso2: string; share: number }[];
}

/**
 * Share (0-1) of a chokepoint's lanes that the importer or the exporter uses:
 * |chokepoint lanes ∩ (importer lanes ∪ exporter lanes)| / |chokepoint lanes|; 0 for a chokepoint no lane passes.
 */
export function routeCoverage(
  chokepointRoutes: readonly string[],
  importerRoutes: ReadonlySet<string>,
  exporterRoutes: ReadonlySet<string>,
): number {
  if (chokepointRoutes.length === 0) return 0;
  const used = chokepointRoutes.filter((r) => importerRoutes.has(r) || exporterRoutes.has(r)).length;
  return used / chokepointRoutes.length;
}

/** The headings of one chapter: '2709' and '271111' are chapter 27. */
export function headingsOfChapter<T extends { hs4: string }>(headings: readonly T[], hs2: string): T[] {
  return headings.filter((h) => h.hs4.slice(0, 2) === hs2);
}

/**
 * Flow-weighted raw score per chokepoint (0-100 before the energy weighting): over the chapter's
 * headings, each weighted by its share of the chapter's imports, and over each heading's top
 * suppliers, route coverage x supplier share x heading weight x 100. Suppliers without a code are
 * skipped.
 */
export function flowWeightedScores(
  chokepoints: readonly ChokepointLanes[],
  importerRoutes: ReadonlySet<string>,
  headings: readonly HeadingImports[],
  routesOf: (iso2: string) => ReadonlySet<string>,
): Map<string, number> {
  const scores = new Map(chokepoints.map((c) => [c.id, 0]));
  const total = headings.reduce((a, h) => a + h.totalValue, 0);
  if (total <= 0) return scores;
  for (const h of headings) {
    const weight = h.totalValue / total;
    for (const e of h.topExporters) {
      if (!e.partnerIso2) continue;
      const exporterRoutes = routesOf(e.partnerIso2);
      for (const c of chokepoints)
        scores.set(
          c.id,
          scores.get(c.id)! + routeCoverage(c.routeIds, importerRoutes, exporterRoutes) * e.share * weight * 100,
        );
    }
  }
  return scores;
}

/** Country-level fallback per chokepoint: share of its lanes among the importer's own nearest lanes, x 100. */
export function fallbackScores(
  chokepoints: readonly ChokepointLanes[],
  importerRoutes: ReadonlySet<string>,
): Map<string, number> {
  const none = new Set<string>();
  return new Map(chokepoints.map((c) => [c.id, routeCoverage(c.routeIds, importerRoutes, none) * 100]));
}

/**
 * One importer's exposure row for one chapter. Flow-weighted when the importer has imports in the
 * chapter and some chokepoint scores above 0; otherwise the route fallback from its own lanes.
 * Exposures are listed highest first (ties by chokepoint id); the primary chokepoint is the first
 * one above 0 ('' when none is). Scores are weighted as the chokepoint index weighs them (fuels x1.5
 * on a shock-modelled chokepoint, capped at 100, one decimal); the vulnerability index is
 * 0.5 x the highest + 0.3 x the second + 0.2 x the third.
 */
export function chapterExposure(input: {
  iso2: string;
  hs2: string;
  chokepoints: readonly ChokepointLanes[];
  importerRoutes: ReadonlySet<string>;
  headings: readonly HeadingImports[];
  routesOf: (iso2: string) => ReadonlySet<string>;
}): TradeExposure {
  const { iso2, hs2, chokepoints, importerRoutes } = input;
  const headings = headingsOfChapter(input.headings, hs2);
  const score = (raw: Map<string, number>) =>
    chokepoints
      .map((c) => ({ chokepointId: c.id, score: finalExposure(raw.get(c.id) ?? 0, hs2, c.shockSupported) }))
      .sort((a, b) => b.score - a.score || (a.chokepointId < b.chokepointId ? -1 : 1));
  let coverage: TradeExposure['coverage'] = 'flow-weighted';
  let exposures = score(flowWeightedScores(chokepoints, importerRoutes, headings, input.routesOf));
  if (headings.length === 0 || !exposures.some((e) => e.score > 0)) {
    coverage = 'route-fallback';
    exposures = score(fallbackScores(chokepoints, importerRoutes));
  }
  return {
    iso2,
    hs2,
    tradeValueUsd: coverage === 'flow-weighted' ? headings.reduce((a, h) => a + h.totalValue, 0) : 0,
    coverage,
    primaryChokepointId: exposures[0] && exposures[0].score > 0 ? exposures[0].chokepointId : '',
    vulnerabilityIndex: vulnerabilityIndex(exposures.map((e) => e.score)),
    exposures,
  };
}

/** What of the route model the exposure reads: each country's nearest lanes, each chokepoint's lanes, the shock-modelled chokepoints. */
export interface LaneModel {
  countries: ReadonlyMap<string, { nearestRouteIds: readonly string[] }>;
  chokepointRoutes: ReadonlyMap<string, readonly string[]>;
  shockModelChokepoints: readonly string[];
}

/**
 * The exposure table: one row per importer and chapter of EXPOSURE_CHAPTERS, for every country of
 * the route model and every Comtrade reporter with imports (a reporter the model has no lanes for
 * gets a row only in the chapters it imports, through its suppliers' lanes). Chokepoints are those
 * some lane passes, and the shock-modelled ones. Rows in chapter order, then by importer.
 */
export function exposureTable(
  model: LaneModel,
  importsByReporter: ReadonlyMap<string, readonly HeadingImports[]>,
): TradeExposure[] {
  const shock = new Set(model.shockModelChokepoints);
  const chokepoints: ChokepointLanes[] = [...new Set([...model.chokepointRoutes.keys(), ...shock])]
    .sort()
    .map((id) => ({ id, routeIds: model.chokepointRoutes.get(id) ?? [], shockSupported: shock.has(id) }));
  const routes = new Map<string, ReadonlySet<string>>();
  const routesOf = (iso2: string) => {
    let r = routes.get(iso2);
    if (!r) routes.set(iso2, (r = new Set(model.countries.get(iso2)?.nearestRouteIds ?? [])));
    return r;
  };
  const importers = [...new Set([...model.countries.keys(), ...importsByReporter.keys()])].sort();
  const rows: TradeExposure[] = [];
  for (const hs2 of EXPOSURE_CHAPTERS) {
    for (const iso2 of importers) {
      const headings = importsByReporter.get(iso2) ?? [];
      if (!model.countries.has(iso2) && headingsOfChapter(headings, hs2).length === 0) continue;
      rows.push(chapterExposure({ iso2, hs2, chokepoints, importerRoutes: routesOf(iso2), headings, routesOf }));
    }
  }
  return rows;
}
