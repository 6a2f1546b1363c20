/** Pure rules of the fear & greed composite: category scoring, weights, labels and the stress indicator. */

export const CATEGORY_WEIGHTS = {
  sentiment: 0.1,
  volatility: 0.1,
  positioning: 0.15,
  trend: 0.1,
  breadth: 0.1,
  momentum: 0.1,
  liquidity: 0.15,
  credit: 0.1,
  macro: 0.05,
  crossAsset: 0.05,
} as const;

export type CategoryKey = keyof typeof CATEGORY_WEIGHTS;
export const CATEGORY_KEYS = Object.keys(CATEGORY_WEIGHTS) as CategoryKey[];

const clamp = (x: number) => Math.max(0, Math.min(100, x));
/** Linear map: `fear` gives 0, `greed` gives 100, clamped outside. */
const scale = (x: number, fear: number, greed: number) => clamp(((x - fear) / (greed - fear)) * 100);

/**
 * Each category's score from its headline input, 0 (extreme fear) to 100 (extreme greed).
 * The anchors are the readings treated as the extremes of each input.
 */
export const CATEGORY_SCORE: Record<CategoryKey, (x: number) => number> = {
  sentiment: (cnnScore) => clamp(cnnScore),
  volatility: (vix) => scale(vix, 35, 12),
  positioning: (putCall) => scale(putCall, 1.15, 0.65),
  trend: (pctVs200d) => scale(pctVs200d, -10, 10),
  breadth: (pctSectorsAbove200d) => clamp(pctSectorsAbove200d),
  momentum: (roc20d) => scale(roc20d, -10, 10),
  liquidity: (balanceSheet13wPct) => scale(balanceSheet13wPct, -5, 5),
  credit: (hyOas) => scale(hyOas, 7, 2.5),
  macro: (curve10y2y) => scale(curve10y2y, -2, 2),
  crossAsset: (stocksMinusBonds20d) => scale(stocksMinusBonds20d, -10, 10),
};

export function compositeLabel(score: number): string {
  if (score <= 20) return 'Extreme Fear';
  if (score <= 40) return 'Fear';
  if (score <= 60) return 'Neutral';
  if (score <= 80) return 'Greed';
  return 'Extreme Greed';
}

/** Financial stress indicator: credit appetite (HYG/TLT) over fear (VIX times the HY spread). */
export function financialStress(hyg: number, tlt: number, vix: number, hyOas: number): number | undefined {
  const denom = vix * (hyOas / 100);
  if (!(tlt > 0) || !(denom > 0)) return undefined;
  return hyg / tlt / denom;
}

export function stressLabel(fsi: number): string {
  if (fsi >= 1.5) return 'Low Stress';
  if (fsi >= 0.8) return 'Moderate Stress';
  if (fsi >= 0.3) return 'Elevated Stress';
  return 'High Stress';
}

export interface ScoredCategory {
  score: number;
  weight: number;
  contribution: number;
  degraded: boolean;
}

/**
 * Scores the categories whose input is known and combines them. A category without input is
 * marked degraded, contributes nothing, and the others' weights are rescaled to sum to one, so
 * the composite stays on the 0-100 scale. Returns undefined when nothing could be scored.
 */
export function composite(
  inputs: Partial<Record<CategoryKey, number>>,
): { score: number; categories: Record<CategoryKey, ScoredCategory> } | undefined {
  const live = CATEGORY_KEYS.filter((k) => inputs[k] !== undefined && Number.isFinite(inputs[k]));
  const liveWeight = live.reduce((s, k) => s + CATEGORY_WEIGHTS[k], 0);
  if (live.length === 0 || liveWeight === 0) return undefined;
  const categories = {} as Record<CategoryKey, ScoredCategory>;
  let total = 0;
  for (const k of CATEGORY_KEYS) {
    const weight = CATEGORY_WEIGHTS[k];
    if (!live.includes(k)) {
      categories[k] = { score: 50, weight, contribution: 0, degraded: true };
      continue;
    }
    const score = round1(CATEGORY_SCORE[k](inputs[k]!));
    const contribution = Math.round(((score * weight) / liveWeight) * 100) / 100;
    total += (score * weight) / liveWeight;
    categories[k] = { score, weight, contribution, degraded: false };
  }
  return { score: round1(total), categories };
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

// ---- spot bitcoin ETF flows ------------------------------------------------------------------

export type FlowDirection = 'inflow' | 'outflow' | 'neutral';

export interface EtfFlowFigures {
  price: number;
  priceChange: number;
  volume: number;
  avgVolume: number;
  volumeRatio: number;
  direction: FlowDirection;
  estFlow: number;
}

/**
 * A fund's estimated flow from its last sessions (closes and volumes, oldest first, at least two):
 * the day's change against the previous close, the last volume against the mean of the earlier ones,
 * and a rough dollar flow of a tenth of the day's traded value, signed by the price move.
 */
export function etfFlow(closes: readonly number[], volumes: readonly number[]): EtfFlowFigures | undefined {
  const n = closes.length;
  if (n < 2 || volumes.length !== n) return undefined;
  const price = closes[n - 1];
  const change = ((price - closes[n - 2]) / closes[n - 2]) * 100;
  const volume = volumes[n - 1];
  const earlier = volumes.slice(0, -1);
  const avg = earlier.reduce((s, v) => s + v, 0) / earlier.length;
  return {
    price: round2(price),
    priceChange: round2(change),
    volume,
    avgVolume: Math.round(avg),
    volumeRatio: avg > 0 ? round2(volume / avg) : 1,
    direction: change > 0.1 ? 'inflow' : change < -0.1 ? 'outflow' : 'neutral',
    estFlow: Math.round(volume * price * (change > 0 ? 1 : -1) * 0.1),
  };
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

export function netDirection(totalEstFlow: number): string {
  if (totalEstFlow > 0) return 'NET INFLOW';
  if (totalEstFlow < 0) return 'NET OUTFLOW';
  return 'NEUTRAL';
}

// ---- futures positioning ---------------------------------------------------------------------

/** Net position as a percent of the category's gross position, two decimals. */
export function netPct(long: number, short: number): number {
  return round2(((long - short) / Math.max(long + short, 1)) * 100);
}

/** Share of open interest held by a category (long plus short over twice the open interest), percent. */
export function oiSharePct(long: number, short: number, openInterest: number): number {
  return openInterest > 0 ? round2(((long + short) / (2 * openInterest)) * 100) : 0;
}

/** The CFTC publishes Tuesday's positions on the Friday after. */
export function nextReleaseDate(reportDate: string): string {
  const d = new Date(`${reportDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 3);
  return d.toISOString().slice(0, 10);
}
