import { generate } from '../../../platform/llm/generate.js';
import type { Llm } from '../../../platform/llm/provider.js';
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
  if (t.macdStatus.startsWith('Golden') || t.macdStatus === 'Crossing above zero' || t.macdStatus === 'Bullish')
    bullishFactors.push(`MACD ${t.macdStatus.toLowerCase()}.`);
  else riskFactors.push(`MACD ${t.macdStatus.toLowerCase()}.`);
  if (t.rsiStatus === 'Overbought') riskFactors.push(`RSI(12) ${fmt(t.rsi12)} is overbought.`);
  if (t.rsiStatus === 'Oversold') bullishFactors.push(`RSI(12) ${fmt(t.rsi12)} is oversold, a rebound setup.`);
  if (t.biasMa5 > 5) riskFactors.push(`Price is ${fmt(t.biasMa5)}% above its 5-day average.`);
  if (t.supportLevels.length) bullishFactors.push(`Support nearby at ${t.supportLevels.map(fmt).join(', ')}.`);
  if (t.volumeStatus === 'Heavy volume down') riskFactors.push('Heavy volume on a down day.');
  if (t.volumeStatus === 'Heavy volume up') bullishFactors.push('Heavy volume on an up day.');
  if (t.realizedVolatility > 45)
    riskFactors.push(`Realised volatility is high (${fmt(t.realizedVolatility)}% annualised).`);

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
 * The written summary: the configured model provider rewrites it from the computed figures (never
 * adding facts), the rules text answers when the provider is off or fails, and the result says which.
 * Everything else (signal, levels, factors) stays the rules' own.
 */
export async function writeNarrative(llm: Llm, symbol: string, name: string, t: Technicals): Promise<Narrative> {
  const rules = rulesNarrative(symbol, t);
  const facts = [
    `${name} (${symbol}), latest daily close ${fmt(t.price)}, change ${fmt(t.changePercent)}%.`,
    `Signal ${t.signal}, score ${t.score}/100. Trend ${t.trend}; MACD ${t.macdStatus}; RSI(12) ${fmt(t.rsi12)} (${t.rsiStatus}); ${t.volumeStatus}.`,
    `MA5 ${fmt(t.ma5)}, MA10 ${fmt(t.ma10)}, MA20 ${fmt(t.ma20)}, MA60 ${fmt(t.ma60)}. Stop ${fmt(t.stopLoss)}, target ${fmt(t.takeProfit)}.`,
    `Realised volatility ${fmt(t.realizedVolatility)}%, ATR ${fmt(t.atr)}, max drawdown ${fmt(t.maxDrawdown)}%.`,
    `Supporting: ${rules.bullishFactors.join(' ') || 'none'}. Opposing: ${rules.riskFactors.join(' ') || 'none'}.`,
  ].join('\n');
  const written = await generate(llm, {
    task: 'analyze-stock',
    system:
      'You write a three-sentence technical summary of a stock for an investor. Use only the figures given; add no news, ' +
      'fundamentals or forecasts; keep the given signal.',
    prompt: facts,
    fallback: () => rules.summary,
    maxTokens: 300,
  });
  if (written.method === 'rules') return rules;
  return { ...rules, summary: written.text, provider: 'llm', model: written.model, fallback: false };
}
