export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** Percent change, 2 decimals; 0 when there is no base to compare with. */
export function pctChange2(latest: number, base: number | undefined): number {
  if (base === undefined || base === 0) return 0;
  return round(((latest - base) / base) * 100, 2);
}

/** Months of the food price index listed in an answer. */
export const FFPI_POINTS = 12;
