import type { FngDay } from '../../../sources/alternative-me/fng.js';
import type { Chart } from '../../../sources/yahoo/chart.js';
import { round } from './rules.js';

/**
 * Rules of the seven-signal macro dashboard: liquidity (yen), flow structure (BTC vs QQQ), macro
 * regime (QQQ vs consumer staples), BTC technical trend, hash rate, price momentum (Mayer multiple)
 * and the crypto Fear & Greed index. A signal whose input is missing is UNKNOWN and not counted.
 */

export interface MacroInputs {
  jpy?: Chart;
  btc?: Chart;
  qqq?: Chart;
  xlp?: Chart;
  fng?: FngDay[];
  hashrate?: { time: number; hashrate: number }[];
}

const UNKNOWN = 'UNKNOWN';
/** Share of bullish signals needed for a BUY verdict. */
export const BUY_THRESHOLD = 0.57;
const SPARKLINE = 30;

/** Rate of change over `n` observations back, percent; undefined without that much history. */
export function roc(values: readonly number[], n: number): number | undefined {
  if (values.length <= n) return undefined;
  const base = values[values.length - 1 - n];
  return base === 0 ? undefined : ((values[values.length - 1] - base) / base) * 100;
}

export function sma(values: readonly number[], n: number): number | undefined {
  if (values.length < n) return undefined;
  return values.slice(-n).reduce((s, v) => s + v, 0) / n;
}

/** Volume-weighted average price over the last `n` bars; undefined without volume on all of them. */
export function vwap(bars: readonly { close: number; volume: number }[], n: number): number | undefined {
  const last = bars.slice(-n);
  if (last.length < n || last.some((b) => !(b.volume > 0))) return undefined;
  const vol = last.reduce((s, b) => s + b.volume, 0);
  return last.reduce((s, b) => s + b.close * b.volume, 0) / vol;
}

const closes = (c?: Chart) => c?.bars.map((b) => b.close) ?? [];

export function computeMacroSignals(inputs: MacroInputs) {
  const jpy = closes(inputs.jpy);
  const btc = closes(inputs.btc);
  const qqq = closes(inputs.qqq);
  const xlp = closes(inputs.xlp);

  const jpyRoc = roc(jpy, 30);
  const liquidity =
    jpyRoc === undefined
      ? { status: UNKNOWN, sparkline: [] }
      : { status: jpyRoc < -2 ? 'SQUEEZE' : 'NORMAL', value: round(jpyRoc, 2), sparkline: jpy.slice(-SPARKLINE) };

  const btc5 = roc(btc, 5);
  const qqq5 = roc(qqq, 5);
  const flowStructure =
    btc5 === undefined || qqq5 === undefined
      ? { status: UNKNOWN }
      : {
          status: Math.abs(btc5 - qqq5) > 5 ? 'PASSIVE GAP' : 'ALIGNED',
          btcReturn5: round(btc5, 2),
          qqqReturn5: round(qqq5, 2),
        };

  const qqq20 = roc(qqq, 20);
  const xlp20 = roc(xlp, 20);
  const macroRegime =
    qqq20 === undefined || xlp20 === undefined
      ? { status: UNKNOWN }
      : { status: qqq20 > xlp20 ? 'RISK-ON' : 'DEFENSIVE', qqqRoc20: round(qqq20, 2), xlpRoc20: round(xlp20, 2) };

  const price = btc.at(-1);
  const sma50 = sma(btc, 50);
  const sma200 = sma(btc, 200);
  const vw = inputs.btc ? vwap(inputs.btc.bars, 30) : undefined;
  let technicalTrend: {
    status: string;
    btcPrice?: number;
    sma50?: number;
    sma200?: number;
    vwap30d?: number;
    mayerMultiple?: number;
    sparkline: number[];
  } = { status: UNKNOWN, sparkline: [] };
  if (price !== undefined && sma50 !== undefined) {
    const status =
      price > sma50 * 1.02 && !(vw !== undefined && price < vw)
        ? 'BULLISH'
        : price < sma50 * 0.98 && !(vw !== undefined && price > vw)
          ? 'BEARISH'
          : 'NEUTRAL';
    technicalTrend = {
      status,
      btcPrice: price,
      sma50: Math.round(sma50),
      ...(sma200 !== undefined ? { sma200: Math.round(sma200), mayerMultiple: round(price / sma200, 2) } : {}),
      ...(vw !== undefined ? { vwap30d: Math.round(vw) } : {}),
      sparkline: btc.slice(-SPARKLINE),
    };
  }

  const hr = inputs.hashrate ?? [];
  const hrChange = hr.length >= 2 ? ((hr[hr.length - 1].hashrate - hr[0].hashrate) / hr[0].hashrate) * 100 : undefined;
  const hashRate =
    hrChange === undefined
      ? { status: UNKNOWN }
      : { status: hrChange > 3 ? 'GROWING' : hrChange < -3 ? 'DECLINING' : 'STABLE', change30d: round(hrChange, 1) };

  const mayer = technicalTrend.mayerMultiple;
  const priceMomentum = {
    status: mayer === undefined ? UNKNOWN : mayer > 1 ? 'STRONG' : mayer > 0.8 ? 'MODERATE' : 'WEAK',
  };

  const fng = inputs.fng ?? [];
  const today = fng.at(-1);
  const fearGreed = today
    ? {
        status: today.classification,
        value: today.value,
        history: fng.slice(-SPARKLINE).map((d) => ({ value: d.value, date: d.date })),
      }
    : { status: UNKNOWN, history: [] };

  const statuses = [
    liquidity.status,
    flowStructure.status,
    macroRegime.status,
    technicalTrend.status,
    hashRate.status,
    priceMomentum.status,
  ];
  const known = statuses.filter((s) => s !== UNKNOWN);
  const bullish =
    known.filter((s) => ['NORMAL', 'ALIGNED', 'RISK-ON', 'BULLISH', 'GROWING', 'STRONG'].includes(s)).length +
    (today && today.value > 50 ? 1 : 0);
  const totalCount = known.length + (today ? 1 : 0);
  return {
    verdict: totalCount === 0 ? UNKNOWN : bullish / totalCount >= BUY_THRESHOLD ? 'BUY' : 'CASH',
    bullishCount: bullish,
    totalCount,
    signals: { liquidity, flowStructure, macroRegime, technicalTrend, hashRate, priceMomentum, fearGreed },
    meta: { qqqSparkline: qqq.slice(-SPARKLINE) },
  };
}

export type MacroSignals = ReturnType<typeof computeMacroSignals>;
