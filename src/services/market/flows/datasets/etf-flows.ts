import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { chartUrl, parseYahooChart } from '../../../../sources/yahoo/chart.js';
import { etfFlow, type EtfFlowFigures } from '../rules.js';

export const ETF_FLOWS = 'market.etf-flows';

/** The ten US spot-bitcoin ETFs and their issuers. */
export const BITCOIN_ETFS: readonly { ticker: string; issuer: string }[] = [
  { ticker: 'IBIT', issuer: 'BlackRock' },
  { ticker: 'FBTC', issuer: 'Fidelity' },
  { ticker: 'ARKB', issuer: 'ARK/21Shares' },
  { ticker: 'BITB', issuer: 'Bitwise' },
  { ticker: 'GBTC', issuer: 'Grayscale' },
  { ticker: 'HODL', issuer: 'VanEck' },
  { ticker: 'BRRR', issuer: 'Valkyrie' },
  { ticker: 'EZBC', issuer: 'Franklin' },
  { ticker: 'BTCO', issuer: 'Invesco' },
  { ticker: 'BTCW', issuer: 'WisdomTree' },
];

export interface StoredEtfFlow extends EtfFlowFigures {
  ticker: string;
  issuer: string;
}

export interface EtfFlowsInfo {
  /** Open time of the newest session, epoch ms. */
  asOf: number;
}

/** One row per fund with at least two sessions that report both a close and a volume, by volume descending. */
export function buildEtfFlows(bytes: Buffer): { records: StoredEtfFlow[]; info: EtfFlowsInfo } {
  const issuers = new Map(BITCOIN_ETFS.map((e) => [e.ticker, e.issuer]));
  let asOf = 0;
  const records = parseYahooChart(bytes).flatMap((c) => {
    const bars = c.bars.filter((b) => b.volume > 0);
    const figures = etfFlow(
      bars.map((b) => b.close),
      bars.map((b) => b.volume),
    );
    if (!figures) return [];
    asOf = Math.max(asOf, bars.at(-1)!.time);
    return [{ ticker: c.symbol, issuer: issuers.get(c.symbol) ?? '', ...figures }];
  });
  records.sort((a, b) => b.volume - a.volume || a.ticker.localeCompare(b.ticker));
  return { records, info: { asOf } };
}

export const etfFlowsDataset: Dataset<StoredEtfFlow, EtfFlowsInfo> = {
  name: ETF_FLOWS,
  source: 'Yahoo Finance chart data (five daily sessions per fund)',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    chart: {
      url: chartUrl(BITCOIN_ETFS[0].ticker, '5d'),
      sample: 'market/yahoo-chart-etf-5d.requests.json',
      headers: () => ({ accept: 'application/json' }),
      fetch: async (get) => {
        const docs: string[] = [];
        for (const e of BITCOIN_ETFS) docs.push((await get(chartUrl(e.ticker, '5d'))).toString('utf8'));
        return Buffer.from(`[${docs.join(',')}]`);
      },
    },
  },
  parse: (payloads) => buildEtfFlows(payloads.chart!),
};
