/** Pure trade arithmetic: tariff bands, gaps, year-on-year changes and Comtrade aggregation. */

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;
export const DEFAULT_YEARS = 10;
export const MAX_YEARS = 30;
/** |year-on-year change| above this (a ratio) flags a Comtrade flow as an anomaly. */
export const COMTRADE_ANOMALY_RATIO = 0.3;

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Omitted, zero or negative means the default; anything above the maximum is the maximum. */
export function listLimit(limit: number | undefined): number {
  if (!limit || limit <= 0) return DEFAULT_LIST_LIMIT;
  return Math.min(limit, MAX_LIST_LIMIT);
}

/** Band of a tariff rate or tariff gap in percent (points): above 10 high, above 5 moderate, else low. */
export function tariffBand(rate: number): 'high' | 'moderate' | 'low' {
  if (rate > 10) return 'high';
  if (rate > 5) return 'moderate';
  return 'low';
}

export interface TariffGap {
  gap: number;
  title: string;
  measureType: string;
  objective: string;
  status: 'high' | 'moderate' | 'low';
}

const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

/** Agricultural minus non-agricultural MFN average, in percentage points, described in words. */
export function tariffGap(agricultural: number, nonAgricultural: number): TariffGap {
  const gap = round(agricultural - nonAgricultural, 2);
  return {
    gap,
    title: `Agricultural tariff: ${agricultural.toFixed(1)}% vs Non-agricultural: ${nonAgricultural.toFixed(1)}% (gap: ${signed(gap)} pp)`,
    measureType:
      gap > 10 ? 'High agricultural protection' : gap > 5 ? 'Moderate agricultural protection' : 'Low tariff gap',
    objective: gap > 0 ? 'Agricultural sector protection' : 'Uniform tariff structure',
    status: tariffBand(gap),
  };
}

/** Percent change from `previous` to `current`, 2 decimals; 0 when there is no base to compare with. */
export function yoyPercent(current: number, previous: number | undefined): number {
  if (previous === undefined || previous === 0) return 0;
  return round(((current - previous) / previous) * 100, 2);
}

export interface YearValue {
  year: number;
  value: number;
}

/** The latest value per key within `span` years before the newest year of the whole series set. */
export function latestWithin<K>(series: ReadonlyMap<K, readonly YearValue[]>, span: number): Map<K, YearValue> {
  let newest = -Infinity;
  for (const points of series.values()) for (const p of points) newest = Math.max(newest, p.year);
  const out = new Map<K, YearValue>();
  for (const [key, points] of series) {
    let best: YearValue | undefined;
    for (const p of points) if (p.year >= newest - span && (!best || p.year > best.year)) best = p;
    if (best) out.set(key, best);
  }
  return out;
}

export interface FlowYear {
  year: number;
  exports: number;
  imports: number;
  yoyExportChange: number;
  yoyImportChange: number;
}

/**
 * Years with both an export and an import figure, ascending. A year's changes compare with the
 * year immediately before it only when that year was kept too; otherwise they are 0.
 */
export function flowYears(exports: ReadonlyMap<number, number>, imports: ReadonlyMap<number, number>): FlowYear[] {
  const years = [...exports.keys()].filter((y) => imports.has(y)).sort((a, b) => a - b);
  const kept = new Set(years);
  return years.map((year) => {
    const x = exports.get(year)!;
    const m = imports.get(year)!;
    const prev = kept.has(year - 1);
    return {
      year,
      exports: x,
      imports: m,
      yoyExportChange: prev ? yoyPercent(x, exports.get(year - 1)) : 0,
      yoyImportChange: prev ? yoyPercent(m, imports.get(year - 1)) : 0,
    };
  });
}

/** Years [newest - years, newest] of an ascending series (inclusive, so 10 gives up to 11 calendar years). */
export function yearWindow<T extends { year: number }>(points: readonly T[], years: number): T[] {
  if (points.length === 0) return [];
  const newest = points[points.length - 1].year;
  return points.filter((p) => p.year >= newest - years);
}

/** Ratio change (not percent) for Comtrade flows; 0 without a previous year. */
export function yoyRatio(current: number, previous: number | undefined): number {
  if (previous === undefined || previous === 0) return 0;
  return round((current - previous) / previous, 4);
}

export function isComtradeAnomaly(yoy: number): boolean {
  return Math.abs(yoy) > COMTRADE_ANOMALY_RATIO;
}

/** Fiscal amounts in dollars to billions, 2 decimals. */
export function toBillions(dollars: number): number {
  return round(dollars / 1e9, 2);
}
