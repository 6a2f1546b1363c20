import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FNG_URL, parseFng } from '../../../../sources/alternative-me/fng.js';
import { MEMPOOL_HASHRATE_URL, parseHashrate } from '../../../../sources/mempool/hashrate.js';
import { parseYahooChartOne, yahooChartUrl } from '../../../../sources/yahoo/chart.js';
import { computeMacroSignals, type MacroInputs, type MacroSignals } from '../signals.js';

export const MACRO_SIGNALS = 'economic.macro-signals';

const CHARTS = { jpy: 'JPY=X', btc: 'BTC-USD', qqq: 'QQQ', xlp: 'XLP' } as const;

/**
 * The dashboard computed from whichever inputs answered (each source may fail alone and turns its
 * signals UNKNOWN); one record, timestamped with the ingestion time.
 */
export function buildMacroSignals(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
): (MacroSignals & { timestamp: string })[] {
  const inputs: MacroInputs = {};
  for (const [key] of Object.entries(CHARTS) as [keyof typeof CHARTS, string][]) {
    const bytes = payloads[key];
    if (bytes) inputs[key] = parseYahooChartOne(bytes);
  }
  if (payloads.fng) inputs.fng = parseFng(payloads.fng);
  if (payloads.hashrate) inputs.hashrate = parseHashrate(payloads.hashrate);
  const signals = computeMacroSignals(inputs);
  if (signals.totalCount === 0) throw new Error('macro signals: no input gave a signal');
  return [{ timestamp: new Date(now).toISOString(), ...signals }];
}

export const macroSignalsDataset: Dataset<MacroSignals & { timestamp: string }> = {
  name: MACRO_SIGNALS,
  source:
    'Yahoo Finance daily charts (USD/JPY, BTC-USD, QQQ, XLP), alternative.me Fear & Greed, mempool.space hash rate',
  kind: 'live',
  maxStaleMinutes: 150,
  sources: {
    jpy: { url: yahooChartUrl(CHARTS.jpy), sample: 'economic/yahoo/chart-JPY=X.json', optional: true },
    btc: { url: yahooChartUrl(CHARTS.btc), sample: 'economic/yahoo/chart-BTC-USD.json', optional: true },
    qqq: { url: yahooChartUrl(CHARTS.qqq), sample: 'economic/yahoo/chart-QQQ.json', optional: true },
    xlp: { url: yahooChartUrl(CHARTS.xlp), sample: 'economic/yahoo/chart-XLP.json', optional: true },
    fng: { url: FNG_URL, sample: 'economic/sentiment/alternative-me-fng.json', optional: true },
    hashrate: { url: MEMPOOL_HASHRATE_URL, sample: 'economic/sentiment/mempool-hashrate-1m.json', optional: true },
  },
  parse: (payloads, now) => ({ records: buildMacroSignals(payloads, now) }),
};
