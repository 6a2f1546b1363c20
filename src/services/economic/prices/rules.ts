export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** Percent change, 2 decimals; 0 when there is no base to compare with. */
export function pctChange2(latest: number, base: number | undefined): number {
  if (base === undefined || base === 0) return 0;
  return round(((latest - base) / base) * 100, 2);
}

/** Months of the food price index listed in an answer. */
export const FFPI_POINTS = 12;

/** The flag emoji of a two-letter code (regional indicator symbols); empty for anything else. */
export function flagOf(code: string): string {
  return /^[A-Z]{2}$/.test(code) ? String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65)) : '';
}

/** A dollar price outside this band is treated as a bad observation (currency mix-up, stale rate). */
export const BIGMAC_USD_RANGE = { min: 1.5, max: 12 } as const;
/** A country whose price moved more than this (percent) between surveys gets no change figure. */
export const PERIOD_CHANGE_CAP = 20;

export interface PriceChange {
  code: string;
  pct: number;
}

/**
 * Period-over-period changes with implausible ones hidden: a country moving more than the cap is
 * left out, and when the mean of all raw changes is itself beyond the cap (a broken comparison
 * rather than real moves) no change is reported at all. `avg` is the mean of what remains.
 */
export function screenChanges(raw: readonly PriceChange[]): { kept: Map<string, number>; available: boolean; avg: number } {
  if (raw.length === 0) return { kept: new Map(), available: false, avg: 0 };
  const mean = raw.reduce((s, c) => s + c.pct, 0) / raw.length;
  if (Math.abs(mean) > PERIOD_CHANGE_CAP) return { kept: new Map(), available: false, avg: 0 };
  const kept = new Map(raw.filter((c) => Math.abs(c.pct) <= PERIOD_CHANGE_CAP).map((c) => [c.code, c.pct]));
  const values = [...kept.values()];
  return { kept, available: true, avg: values.length > 0 ? round(values.reduce((s, v) => s + v, 0) / values.length, 2) : 0 };
}
