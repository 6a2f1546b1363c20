/**
 * Pure rules of the stock analysis: indicators over daily bars, the technical score and signal,
 * trade levels, risk figures, and the backtest walk that replays the signal over history.
 */
import type { Bar } from '../../../sources/yahoo/chart.js';

export const ENGINE_VERSION = 'v3-composite';
export const BACKTEST_ENGINE_VERSION = 'v3-technical-only';
/** Fewest bars an analysis needs; fewer and the symbol is unavailable. */
export const MIN_ANALYSIS_BARS = 30;
/** Fewest bars a backtest needs, and the first bar index the ledger analyses from. */
export const MIN_BACKTEST_BARS = 80;
export const LEDGER_START_INDEX = 59;

export const round = (x: number, dp = 2) => Math.round(x * 10 ** dp) / 10 ** dp;

// ---- indicators ------------------------------------------------------------------------------

/** Mean of the last `n` values (all of them when fewer). */
export function sma(xs: readonly number[], n: number): number {
  const tail = xs.slice(-n);
  return tail.length ? tail.reduce((s, x) => s + x, 0) / tail.length : 0;
}

/** Exponential moving average series, seeded with the first value. */
export function emaSeries(xs: readonly number[], period: number): number[] {
  const k = 2 / (period + 1);
  const out: number[] = [];
  xs.forEach((x, i) => out.push(i === 0 ? x : x * k + out[i - 1] * (1 - k)));
  return out;
}

/** MACD: DIF = EMA12 − EMA26, DEA = EMA9 of DIF, bar = 2 × (DIF − DEA); series oldest first. */
export function macdSeries(closes: readonly number[]): { dif: number[]; dea: number[]; bar: number[] } {
  const e12 = emaSeries(closes, 12);
  const e26 = emaSeries(closes, 26);
  const dif = e12.map((v, i) => v - e26[i]);
  const dea = emaSeries(dif, 9);
  return { dif, dea, bar: dif.map((d, i) => 2 * (d - dea[i])) };
}

/** Wilder's relative strength index over `period`; 50 without enough history, 100 when there are no losses. */
export function rsi(closes: readonly number[], period: number): number {
  if (closes.length <= period) return 50;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const d = closes[i] - closes[i - 1];
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < closes.length; i++) {
    const d = closes[i] - closes[i - 1];
    gain = (gain * (period - 1) + Math.max(d, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-d, 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/** Wilder's average true range over `period` bars. */
export function atr(bars: readonly Bar[], period = 14): number {
  if (bars.length < 2) return 0;
  const tr = bars
    .slice(1)
    .map((b, i) => Math.max(b.high - b.low, Math.abs(b.high - bars[i].close), Math.abs(b.low - bars[i].close)));
  if (tr.length < period) return sma(tr, tr.length);
  let a = sma(tr.slice(0, period), period);
  for (let i = period; i < tr.length; i++) a = (a * (period - 1) + tr[i]) / period;
  return a;
}

/** Annualised realised volatility, percent: sample deviation of daily log returns × √252. */
export function realizedVolatility(closes: readonly number[]): number {
  const r = closes.slice(1).map((c, i) => Math.log(c / closes[i]));
  if (r.length < 2) return 0;
  const mean = r.reduce((s, x) => s + x, 0) / r.length;
  const variance = r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1);
  return Math.sqrt(variance) * Math.sqrt(252) * 100;
}

/** Largest fall from a running peak, percent (0 for a series that never falls). */
export function maxDrawdown(closes: readonly number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const c of closes) {
    peak = Math.max(peak, c);
    worst = Math.max(worst, (peak - c) / peak);
  }
  return worst * 100;
}

// ---- the technical score ---------------------------------------------------------------------

export const TREND_POINTS = {
  'Strong bull': 30,
  Bull: 26,
  'Weak bull': 18,
  Consolidation: 12,
  'Weak bear': 8,
  Bear: 4,
  'Strong bear': 0,
} as const;
export type Trend = keyof typeof TREND_POINTS;

/** Moving-average alignment; "strong" needs MA5 over 5% from MA20 and the gap wider than four bars ago. */
export function trendOf(ma5: number, ma10: number, ma20: number, spreadBefore: number): Trend {
  const spread = ((ma5 - ma20) / ma20) * 100;
  if (ma5 > ma10 && ma10 > ma20) return spread > 5 && spread > spreadBefore ? 'Strong bull' : 'Bull';
  if (ma5 > ma10) return 'Weak bull';
  if (ma5 < ma10 && ma10 < ma20) return spread < -5 && spread < spreadBefore ? 'Strong bear' : 'Bear';
  if (ma5 < ma10) return 'Weak bear';
  return 'Consolidation';
}

/** Points for the distance of the price from MA5: a small dip in an uptrend scores best, a stretched price least. */
export function biasPoints(biasMa5: number, trend: Trend): number {
  const stretched = trend === 'Strong bull' ? 7.5 : 5;
  if (biasMa5 < -5) return 8;
  if (biasMa5 < -3) return 16;
  if (biasMa5 < 0) return 20;
  if (biasMa5 < 2) return 18;
  if (biasMa5 <= 5 && biasMa5 <= stretched) return 14;
  if (biasMa5 > stretched) return 4;
  return 10;
}

export const VOLUME_POINTS = {
  'Shrinking volume down': 15,
  'Heavy volume up': 12,
  'Normal volume': 10,
  'Shrinking volume up': 6,
  'Heavy volume down': 0,
} as const;
export type VolumeStatus = keyof typeof VOLUME_POINTS;

export function volumeStatusOf(ratio: number, dayChange: number): VolumeStatus {
  const up = dayChange >= 0;
  if (ratio >= 1.5) return up ? 'Heavy volume up' : 'Heavy volume down';
  if (ratio <= 0.7) return up ? 'Shrinking volume up' : 'Shrinking volume down';
  return 'Normal volume';
}

export const MACD_POINTS = {
  'Golden cross above zero': 15,
  'Golden cross': 12,
  'Crossing above zero': 10,
  Bullish: 8,
  Bearish: 2,
  'Crossing below zero': 0,
  'Death cross': 0,
} as const;
export type MacdStatus = keyof typeof MACD_POINTS;

export function macdStatusOf(dif: number, dea: number, prevDif: number, prevDea: number): MacdStatus {
  if (prevDif <= prevDea && dif > dea) return dif > 0 ? 'Golden cross above zero' : 'Golden cross';
  if (prevDif >= prevDea && dif < dea) return 'Death cross';
  if (prevDif <= 0 && dif > 0) return 'Crossing above zero';
  if (prevDif >= 0 && dif < 0) return 'Crossing below zero';
  return dif > dea ? 'Bullish' : 'Bearish';
}

export const RSI_POINTS = { Overbought: 0, Strong: 8, Neutral: 5, Weak: 3, Oversold: 10 } as const;
export type RsiStatus = keyof typeof RSI_POINTS;

export function rsiStatusOf(rsi12: number): RsiStatus {
  if (rsi12 > 70) return 'Overbought';
  if (rsi12 > 60) return 'Strong';
  if (rsi12 >= 40) return 'Neutral';
  if (rsi12 >= 30) return 'Weak';
  return 'Oversold';
}

export type Signal = 'Strong buy' | 'Buy' | 'Hold' | 'Watch' | 'Sell' | 'Strong sell';

export function signalOf(score: number, trend: Trend): Signal {
  if (score >= 75 && (trend === 'Strong bull' || trend === 'Bull')) return 'Strong buy';
  if (score >= 60 && (trend === 'Strong bull' || trend === 'Bull' || trend === 'Weak bull')) return 'Buy';
  if (score >= 45) return 'Hold';
  if (score >= 30) return 'Watch';
  return trend === 'Bear' || trend === 'Strong bear' ? 'Strong sell' : 'Sell';
}

export const isLong = (s: Signal) => s === 'Strong buy' || s === 'Buy';
export const isShort = (s: Signal) => s === 'Strong sell' || s === 'Sell';

export function confidenceOf(score: number): 'High' | 'Medium' | 'Low' {
  if (score >= 75) return 'High';
  if (score >= 55) return 'Medium';
  return 'Low';
}

/** Everything the rules derive from a run of daily bars (oldest first, at least two). */
export interface Technicals {
  price: number;
  changePercent: number;
  ma5: number;
  ma10: number;
  ma20: number;
  ma60: number;
  biasMa5: number;
  biasMa10: number;
  biasMa20: number;
  volumeRatio5d: number;
  rsi12: number;
  macdDif: number;
  macdDea: number;
  macdBar: number;
  trend: Trend;
  volumeStatus: VolumeStatus;
  macdStatus: MacdStatus;
  rsiStatus: RsiStatus;
  supportLevels: number[];
  resistanceLevels: number[];
  score: number;
  signal: Signal;
  stopLoss: number;
  takeProfit: number;
  realizedVolatility: number;
  atr: number;
  maxDrawdown: number;
}

const bias = (price: number, ma: number) => (ma ? ((price - ma) / ma) * 100 : 0);

export function technicals(bars: readonly Bar[]): Technicals {
  const closes = bars.map((b) => b.close);
  const n = closes.length;
  const price = closes[n - 1];
  const prev = closes[n - 2] ?? price;
  const changePercent = prev ? ((price - prev) / prev) * 100 : 0;
  const ma5 = sma(closes, 5);
  const ma10 = sma(closes, 10);
  const ma20 = sma(closes, 20);
  const ma60 = n >= 60 ? sma(closes, 60) : ma20;
  const before = closes.slice(0, Math.max(1, n - 4));
  const spreadBefore = ((sma(before, 5) - sma(before, 20)) / sma(before, 20)) * 100;
  const trend = trendOf(ma5, ma10, ma20, spreadBefore);
  const { dif, dea, bar } = macdSeries(closes);
  const macdStatus = macdStatusOf(dif[n - 1], dea[n - 1], dif[n - 2] ?? dif[n - 1], dea[n - 2] ?? dea[n - 1]);
  const rsi12 = rsi(closes, 12);
  const rsiStatus = rsiStatusOf(rsi12);
  const prior = bars
    .slice(0, -1)
    .map((b) => b.volume)
    .filter((v) => v > 0)
    .slice(-5);
  const volumeRatio5d = prior.length ? bars[n - 1].volume / (prior.reduce((s, v) => s + v, 0) / prior.length) : 1;
  const volumeStatus = volumeStatusOf(volumeRatio5d, changePercent);

  const supportLevels: number[] = [];
  let supportBonus = 0;
  for (const ma of [ma5, ma10]) {
    if (price > ma && (price - ma) / ma <= 0.02) {
      supportLevels.push(round(ma));
      supportBonus += 5;
    }
  }
  if (price > ma20) supportLevels.push(round(ma20));
  const high20 = Math.max(...bars.slice(-20).map((b) => b.high));
  const resistanceLevels = high20 > price ? [round(high20)] : [];

  const biasMa5 = bias(price, ma5);
  const score = Math.max(
    0,
    Math.min(
      100,
      TREND_POINTS[trend] +
        biasPoints(biasMa5, trend) +
        VOLUME_POINTS[volumeStatus] +
        supportBonus +
        MACD_POINTS[macdStatus] +
        RSI_POINTS[rsiStatus],
    ),
  );
  const signal = signalOf(score, trend);
  const levels = tradeLevels(price, signal, supportLevels, resistanceLevels);
  return {
    price,
    changePercent: round(changePercent),
    ma5: round(ma5),
    ma10: round(ma10),
    ma20: round(ma20),
    ma60: round(ma60),
    biasMa5: round(biasMa5),
    biasMa10: round(bias(price, ma10)),
    biasMa20: round(bias(price, ma20)),
    volumeRatio5d: round(volumeRatio5d),
    rsi12: round(rsi12),
    macdDif: round(dif[n - 1], 4),
    macdDea: round(dea[n - 1], 4),
    macdBar: round(bar[n - 1], 4),
    trend,
    volumeStatus,
    macdStatus,
    rsiStatus,
    supportLevels,
    resistanceLevels,
    score,
    signal,
    ...levels,
    realizedVolatility: round(realizedVolatility(closes)),
    atr: round(atr(bars)),
    maxDrawdown: round(maxDrawdown(closes)),
  };
}

/** Long: stop at the nearest support below (else −5%), target at the nearest resistance above (else +8%); short mirrored at ±5%/8%. */
export function tradeLevels(
  price: number,
  signal: Signal,
  supports: readonly number[],
  resistances: readonly number[],
): { stopLoss: number; takeProfit: number } {
  if (isShort(signal)) return { stopLoss: round(price * 1.05), takeProfit: round(price * 0.92) };
  const below = supports.filter((s) => s < price).sort((a, b) => b - a)[0];
  const above = resistances.filter((r) => r > price).sort((a, b) => a - b)[0];
  return { stopLoss: round(below ?? price * 0.95), takeProfit: round(above ?? price * 1.08) };
}

// ---- the backtest walk -----------------------------------------------------------------------

export type Outcome = 'stop_loss' | 'take_profit' | 'window_close';

export interface LedgerEntry {
  index: number;
  time: number;
  signal: Signal;
  score: number;
  entry: number;
  stopLoss: number;
  takeProfit: number;
}

export interface Evaluation extends LedgerEntry {
  exit: number;
  outcome: Outcome;
  returnPct: number;
  /** The close at the end of the window moved the way the signal pointed, whatever the stops did. */
  directionCorrect: boolean;
}

/** The signal the rules would have given at each bar from the ledger start on, using only the bars up to it. */
export function ledger(bars: readonly Bar[]): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (let i = LEDGER_START_INDEX; i < bars.length; i++) {
    const t = technicals(bars.slice(0, i + 1));
    out.push({
      index: i,
      time: bars[i].time,
      signal: t.signal,
      score: t.score,
      entry: t.price,
      stopLoss: t.stopLoss,
      takeProfit: t.takeProfit,
    });
  }
  return out;
}

/**
 * Plays one buy or sell signal forward over `window` bars: a long exits at its stop when a bar's low
 * reaches it, else at its target when a bar's high does, else at the last close; a short mirrors it.
 * Undefined for a hold-type signal or when the window runs past the data.
 */
export function evaluate(e: LedgerEntry, bars: readonly Bar[], window: number): Evaluation | undefined {
  const long = isLong(e.signal);
  if (!long && !isShort(e.signal)) return undefined;
  if (e.index + window >= bars.length) return undefined;
  let exit = bars[e.index + window].close;
  let outcome: Outcome = 'window_close';
  for (let i = e.index + 1; i <= e.index + window; i++) {
    const b = bars[i];
    if (long ? b.low <= e.stopLoss : b.high >= e.stopLoss) {
      exit = e.stopLoss;
      outcome = 'stop_loss';
      break;
    }
    if (long ? b.high >= e.takeProfit : b.low <= e.takeProfit) {
      exit = e.takeProfit;
      outcome = 'take_profit';
      break;
    }
  }
  const raw = ((exit - e.entry) / e.entry) * 100;
  const returnPct = long ? raw : -raw;
  const closeMove = bars[e.index + window].close - e.entry;
  return { ...e, exit, outcome, returnPct, directionCorrect: long ? closeMove > 0 : closeMove < 0 };
}

export interface BacktestStats {
  evaluations: Evaluation[];
  winRate: number;
  directionAccuracy: number;
  avgReturnPct: number;
  cumulativeReturnPct: number;
}

/** Every actionable evaluation (oldest first) and their statistics, percentages to two decimals. */
export function backtest(bars: readonly Bar[], entries: readonly LedgerEntry[], window: number): BacktestStats {
  const evaluations = entries.flatMap((e) => evaluate(e, bars, window) ?? []);
  const n = evaluations.length;
  const share = (k: number) => (n ? round((k / n) * 100) : 0);
  const total = evaluations.reduce((s, e) => s + e.returnPct, 0);
  return {
    evaluations,
    winRate: share(evaluations.filter((e) => e.returnPct > 0).length),
    directionAccuracy: share(evaluations.filter((e) => e.directionCorrect).length),
    avgReturnPct: n ? round(total / n) : 0,
    cumulativeReturnPct: round(total),
  };
}
