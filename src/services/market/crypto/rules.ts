/** Pure rules of the crypto operations: id handling, sparkline length, sector means, stablecoin pegs. */

/** Most coin ids one crypto-quotes request may name. */
export const MAX_QUOTE_IDS = 25;
/** Most named coins one stablecoin request looks up; the rest are reported OVER_CAP. */
export const MAX_STABLECOIN_LOOKUPS = 25;
/** A CoinGecko id: lower-case letters, digits and hyphens. */
export const COIN_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Trimmed, lower-cased, duplicates dropped keeping the first occurrence. */
export function normaliseIds(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of raw) {
    const id = r.trim().toLowerCase();
    if (!id || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** A seven-day hourly sparkline is cut to its last 48 points (two days); short ones are kept whole. */
export function trimSparkline(points: readonly number[]): number[] {
  return points.length > 24 ? points.slice(-48) : [...points];
}

export const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

/** Mean of the known 24-hour changes of a sector's coins, two decimals; 0 when none is known. */
export function sectorChange(changes: readonly (number | undefined)[]): number {
  const known = changes.filter((c): c is number => c !== undefined && Number.isFinite(c));
  if (known.length === 0) return 0;
  return round(known.reduce((s, c) => s + c, 0) / known.length, 2);
}

export type PegStatus = 'ON PEG' | 'SLIGHT DEPEG' | 'DEPEGGED';

/** Distance from one dollar as a fraction of the peg (unrounded: the status is decided on it). */
export const pegDistance = (price: number) => Math.abs(price - 1);

// Prices are quoted to a few decimals; the tolerance keeps 0.995 from reading as 0.0050000000000000044 off peg.
const EPSILON = 1e-12;

/** Within half a cent on peg; within a cent a slight depeg; beyond, depegged. */
export function pegStatus(price: number): PegStatus {
  const d = pegDistance(price);
  if (d <= 0.005 + EPSILON) return 'ON PEG';
  if (d <= 0.01 + EPSILON) return 'SLIGHT DEPEG';
  return 'DEPEGGED';
}

export type HealthStatus = 'UNAVAILABLE' | 'HEALTHY' | 'CAUTION' | 'WARNING';

export function healthStatus(coinCount: number, depegged: number): HealthStatus {
  if (coinCount === 0) return 'UNAVAILABLE';
  if (depegged === 0) return 'HEALTHY';
  return depegged === 1 ? 'CAUTION' : 'WARNING';
}
