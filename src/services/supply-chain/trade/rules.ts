import { round } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Products and exporters
// ---------------------------------------------------------------------------------------------

/** One import row of a reporter as Comtrade reports it: from one partner, or from the World (its total). */
export interface ImportRow {
  /** ISO alpha-2 of the partner; '' for the World row. */
  partnerIso2: string;
  /** UN M49 code of the partner as Comtrade writes it (490 for Taiwan, 0 for the World). */
  partnerCode: number;
  /** HS code, 4 (heading) or 6 (subheading) digits. */
  hsCode: string;
  year: number;
  valueUsd: number;
}

export interface ExporterShare {
  partnerIso2: string;
  partnerCode: number;
  value: number;
  /** Of the product's (or chapter's) total imports, 0-1. */
  share: number;
}

export interface ProductImports {
  hs4: string;
  /** Imports from the World; the sum over partners when Comtrade gave no World row. */
  totalValue: number;
  /** Every named supplier, largest first. */
  exporters: ExporterShare[];
  /** The five largest suppliers. */
  topExporters: ExporterShare[];
  year: number;
}

/**
 * Sums partner values, largest first (ties by partner code), with each partner's share of `total`
 * (by default the sum itself; the World total when known, so suppliers the rows leave out still count).
 */
export function byPartner(
  rows: readonly Pick<ImportRow, 'partnerIso2' | 'partnerCode' | 'valueUsd'>[],
  total?: number,
): { total: number; partners: ExporterShare[] } {
  const sums = new Map<string, { code: number; value: number }>();
  for (const f of rows) {
    const s = sums.get(f.partnerIso2);
    if (s) s.value += f.valueUsd;
    else sums.set(f.partnerIso2, { code: f.partnerCode, value: f.valueUsd });
  }
  const sum = [...sums.values()].reduce((a, b) => a + b.value, 0);
  const base = Math.max(total ?? sum, sum);
  const partners = [...sums.entries()]
    .map(([partnerIso2, { code, value }]) => ({
      partnerIso2,
      partnerCode: code,
      value,
      share: base > 0 ? value / base : 0,
    }))
    .sort((a, b) => b.value - a.value || a.partnerIso2.localeCompare(b.partnerIso2));
  return { total: base, partners };
}

/**
 * A reporter's imports grouped by HS heading (4 digits), each for its latest year, largest first.
 * Comtrade answers a heading and its subheadings side by side when both were asked for; the heading
 * already contains its subheadings, so when a heading row exists for the year its subheadings are
 * left out (no double counting), otherwise the subheadings are summed. Shares are of the World row.
 */
export function productImports(rows: readonly ImportRow[]): ProductImports[] {
  const byHs4 = new Map<string, ImportRow[]>();
  for (const f of rows) {
    if (f.hsCode.length < 4) continue;
    const hs4 = f.hsCode.slice(0, 4);
    let list = byHs4.get(hs4);
    if (!list) byHs4.set(hs4, (list = []));
    list.push(f);
  }
  return [...byHs4.entries()]
    .map(([hs4, all]) => {
      const year = Math.max(...all.map((r) => r.year));
      const ofYear = all.filter((r) => r.year === year);
      const used = ofYear.some((r) => r.hsCode === hs4) ? ofYear.filter((r) => r.hsCode === hs4) : ofYear;
      const world = used.filter((r) => r.partnerIso2 === '').reduce((a, r) => a + r.valueUsd, 0);
      const { total, partners } = byPartner(
        used.filter((r) => r.partnerIso2 !== ''),
        world > 0 ? world : undefined,
      );
      return { hs4, totalValue: total, exporters: partners, topExporters: partners.slice(0, 5), year };
    })
    .sort((a, b) => b.totalValue - a.totalValue || a.hs4.localeCompare(b.hs4));
}

/** Suppliers of a set of headings (e.g. one chapter): partner values summed, shares of the headings' total. */
export function chapterSuppliers(products: readonly ProductImports[]): { total: number; partners: ExporterShare[] } {
  const total = products.reduce((a, p) => a + p.totalValue, 0);
  return byPartner(
    products.flatMap((p) =>
      p.exporters.map((e) => ({ partnerIso2: e.partnerIso2, partnerCode: e.partnerCode, valueUsd: e.value })),
    ),
    total,
  );
}

// ---------------------------------------------------------------------------------------------
// Chokepoint exposure
// ---------------------------------------------------------------------------------------------

/** HS chapter 27 (mineral fuels) on a chokepoint with a supply-shock model weighs half again. */
export const ENERGY_SHOCK_WEIGHT = 1.5;

/**
 * Flow-weighted exposure of an importer to one chokepoint, 0-100: over the chapter's products and
 * their top exporters, the share of each exporter's modelled lane to the importer that passes the
 * chokepoint, weighted by the exporter's share and the product's share of the chapter's imports.
 * `coverage(exporter)` is that lane share (0-1).
 */
export function flowWeightedExposure(
  products: readonly ProductImports[],
  coverage: (exporterIso2: string) => number,
): number {
  const total = products.reduce((a, p) => a + p.totalValue, 0);
  if (total <= 0) return 0;
  let score = 0;
  for (const p of products) {
    const weight = p.totalValue / total;
    for (const e of p.topExporters) score += coverage(e.partnerIso2) * e.share * weight * 100;
  }
  return Math.min(100, score);
}

/** The chapter weighting and cap, one decimal. */
export function finalExposure(score: number, hs2: string, shockSupported: boolean): number {
  return round(Math.min(100, hs2 === '27' && shockSupported ? score * ENERGY_SHOCK_WEIGHT : score), 1);
}

/** 0.5 x the highest exposure + 0.3 x the second + 0.2 x the third, one decimal. */
export function vulnerabilityIndex(scoresDesc: readonly number[]): number {
  const [a = 0, b = 0, c = 0] = [...scoresDesc].sort((x, y) => y - x);
  return round(0.5 * a + 0.3 * b + 0.2 * c, 1);
}

// ---------------------------------------------------------------------------------------------
// Dependency flags
// ---------------------------------------------------------------------------------------------

export type DependencyFlag =
  | 'DEPENDENCY_FLAG_SINGLE_SOURCE_CRITICAL'
  | 'DEPENDENCY_FLAG_SINGLE_CORRIDOR_CRITICAL'
  | 'DEPENDENCY_FLAG_COMPOUND_RISK'
  | 'DEPENDENCY_FLAG_DIVERSIFIABLE';

export const SINGLE_SOURCE_SHARE = 0.8;
export const SINGLE_CORRIDOR_EXPOSURE = 80;

/**
 * At most one flag: one supplier above 80% and one chokepoint above 80 exposure with no bypass is a
 * compound risk; either alone is critical; otherwise a bypass makes the dependency diversifiable.
 */
export function dependencyFlags(i: { exporterShare: number; exposure: number; hasBypass: boolean }): DependencyFlag[] {
  const singleSource = i.exporterShare > SINGLE_SOURCE_SHARE;
  const singleCorridor = i.exposure > SINGLE_CORRIDOR_EXPOSURE && !i.hasBypass;
  if (singleSource && singleCorridor) return ['DEPENDENCY_FLAG_COMPOUND_RISK'];
  if (singleSource) return ['DEPENDENCY_FLAG_SINGLE_SOURCE_CRITICAL'];
  if (singleCorridor) return ['DEPENDENCY_FLAG_SINGLE_CORRIDOR_CRITICAL'];
  return i.hasBypass ? ['DEPENDENCY_FLAG_DIVERSIFIABLE'] : [];
}

// ---------------------------------------------------------------------------------------------
// Closure cost shock
// ---------------------------------------------------------------------------------------------

export const DEFAULT_CLOSURE_DAYS = 30;

export interface SectorShockInputs {
  /** Yearly imports of the chapter that travel through the chokepoint, USD. */
  exposedImports: number;
  /** Freight multiplier of the best bypass (1 = no uplift). */
  bypassMultiplier: number;
  warRiskPremiumBps: number;
  closureDays: number;
}

/**
 * Extra cost while the chokepoint is closed: the exposed imports pay the bypass freight uplift plus
 * the war-risk premium, spread evenly over the year. Per day, 30 and 90 days, and the closure.
 */
export function sectorCostShock(i: SectorShockInputs): {
  freightAddedPct: number;
  perDay: number;
  days30: number;
  days90: number;
  closure: number;
} {
  const uplift = Math.max(0, i.bypassMultiplier - 1);
  const perDay = (i.exposedImports * (uplift + i.warRiskPremiumBps / 10_000)) / 365;
  return {
    freightAddedPct: round(uplift * 100, 4),
    perDay: Math.round(perDay),
    days30: Math.round(perDay * 30),
    days90: Math.round(perDay * 90),
    closure: Math.round(perDay * i.closureDays),
  };
}
