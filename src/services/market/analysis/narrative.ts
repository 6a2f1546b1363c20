import { confidenceOf, isLong, isShort, type Technicals } from './rules.js';

/** The written part of an analysis and who wrote it. */
export interface Narrative {
  summary: string;
  action: string;
  confidence: string;
  technicalSummary: string;
  whyNow: string;
  bullishFactors: string[];
  riskFactors: string[];
  /** `rules` for the deterministic text; the model provider's name once one writes it. */
  provider: string;
  model: string;
  /** True whenever the text is not a model's (rules-written). */
  fallback: boolean;
}

const ACTION: Record<string, string> = {
  'Strong buy': 'Buy',
  Buy: 'Buy',
  Hold: 'Hold',
  Watch: 'Wait',
  Sell: 'Reduce',
  'Strong sell': 'Sell',
};

const fmt = (x: number) => x.toFixed(2);

/** The rules-written narrative: every sentence is a restatement of a computed figure. */
export function rulesNarrative(symbol: string, t: Technicals): Narrative {
  const bullishFactors: string[] = [];
  const riskFactors: string[] = [];
  if (t.trend.includes('bull')) bullishFactors.push(`Moving averages aligned upward (${t.trend}).`);
  if (t.trend.includes('bear')) riskFactors.push(`Moving averages aligned downward (${t.trend}).`);
  if (t.macdStatus.startsWith('Golden') || t.macdStatus === 'Crossing above zero' || t.macdStatus === 'Bullish') bullishFactors.push(`MACD ${t.macdStatus.toLowerCase()}.`);
  else riskFactors.push(`MACD ${t.macdStatus.toLowerCase()}.`);
  if (t.rsiStatus === 'Overbought') riskFactors.push(`RSI(12) ${fmt(t.rsi12)} is overbought.`);
  if (t.rsiStatus === 'Oversold') bullishFactors.push(`RSI(12) ${fmt(t.rsi12)} is oversold, a rebound setup.`);
  if (t.biasMa5 > 5) riskFactors.push(`Price is ${fmt(t.biasMa5)}% above its 5-day average.`);
  if (t.supportLevels.length) bullishFactors.push(`Support nearby at ${t.supportLevels.map(fmt).join(', ')}.`);
  if (t.volumeStatus === 'Heavy volume down') riskFactors.push('Heavy volume on a down day.');
  if (t.volumeStatus === 'Heavy volume up') bullishFactors.push('Heavy volume on an up day.');
  if (t.realizedVolatility > 45) riskFactors.push(`Realised volatility is high (${fmt(t.realizedVolatility)}% annualised).`);

  const side = isLong(t.signal) ? 'long' : isShort(t.signal) ? 'short' : 'no new position';
  const technicalSummary =
    `${symbol} closed at ${fmt(t.price)} (${t.changePercent >= 0 ? '+' : ''}${fmt(t.changePercent)}%). Trend ${t.trend.toLowerCase()}, ` +
    `MA5/10/20 ${fmt(t.ma5)}/${fmt(t.ma10)}/${fmt(t.ma20)}, MACD ${t.macdStatus.toLowerCase()}, RSI(12) ${fmt(t.rsi12)}, ${t.volumeStatus.toLowerCase()}.`;
  return {
    summary: `Rules-based technical read: ${t.signal} (score ${t.score}/100). ${technicalSummary}`,
    action: ACTION[t.signal],
    confidence: confidenceOf(t.score),
    technicalSummary,
    whyNow: `Signal ${t.signal} on the latest daily bar; ${side} levels: stop ${fmt(t.stopLoss)}, target ${fmt(t.takeProfit)}.`,
    bullishFactors,
    riskFactors,
    provider: 'rules',
    model: '',
    fallback: true,
  };
}

/**
 * SEAM (model provider): the model-written summary. The shared model provider (`deps.llm`, coming to
 * main from the `state` branch) is not available here yet, so this always answers the rules text,
 * labelled `provider: 'rules'`. Once `deps.llm` lands: when `llm.enabled`, ask it to rewrite the
 * summary/whyNow/factors from the same facts, set provider/model from it and fallback false, and keep
 * this rules text as its deterministic fallback.
 */
export async function writeNarrative(symbol: string, t: Technicals): Promise<Narrative> {
  return rulesNarrative(symbol, t);
}
