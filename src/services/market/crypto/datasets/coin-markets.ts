import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  type CoinMarket,
  coinMarketsUrl,
  coingeckoEndpoint,
  parseCoinMarkets,
} from '../../../../sources/coingecko/markets.js';
import { paprikaTickerUrl, parsePaprikaTickers } from '../../../../sources/coinpaprika/tickers.js';
import { ALL_COIN_IDS, QUOTE_COINS } from '../coins.js';

export const COIN_MARKETS = 'market.coin-markets';

export interface CoinMarketsInfo {
  /** Newest `last_updated` among the coins, epoch ms. */
  asOf: number;
  /** Which upstream the rows came from: CoinGecko, or CoinPaprika for the headline coins only. */
  provider: 'coingecko' | 'coinpaprika' | 'mixed';
}

const byPaprikaId = new Map(QUOTE_COINS.map((c) => [c.paprikaId, c.id]));

/**
 * One row per coin: CoinGecko's markets answer for every curated id; headline coins CoinGecko did
 * not return (or every headline coin, when CoinGecko failed) come from CoinPaprika's tickers.
 */
export function buildCoinMarkets(payloads: { coingecko?: Buffer; paprika?: Buffer }): {
  records: CoinMarket[];
  info: CoinMarketsInfo;
} {
  if (!payloads.coingecko && !payloads.paprika) throw new Error('neither CoinGecko nor CoinPaprika answered');
  const gecko = payloads.coingecko ? parseCoinMarkets(payloads.coingecko) : [];
  const have = new Set(gecko.map((c) => c.id));
  const missingHeadline = QUOTE_COINS.some((c) => !have.has(c.id));
  const paprika =
    payloads.paprika && missingHeadline
      ? parsePaprikaTickers(payloads.paprika, (id) => byPaprikaId.get(id)).filter((c) => !have.has(c.id))
      : [];
  const records = [...gecko, ...paprika];
  const provider = paprika.length === 0 ? 'coingecko' : gecko.length === 0 ? 'coinpaprika' : 'mixed';
  return { records, info: { asOf: records.reduce((m, c) => Math.max(m, c.updatedAt), 0), provider } };
}

export const coinMarketsDataset: Dataset<CoinMarket, CoinMarketsInfo> = {
  name: COIN_MARKETS,
  source: 'CoinGecko coins/markets; CoinPaprika tickers (fallback for the headline coins)',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {
    coingecko: {
      url: coinMarketsUrl('https://api.coingecko.com', ALL_COIN_IDS, true),
      sample: 'market/coingecko-coin-markets.json',
      // Keyless CoinGecko rate-limits hard; CoinPaprika then keeps the headline board alive.
      optional: true,
      headers: (config) => ({ accept: 'application/json', ...coingeckoEndpoint(config).headers }),
      fetch: (get, { config }) => get(coinMarketsUrl(coingeckoEndpoint(config).origin, ALL_COIN_IDS, true)),
    },
    paprika: {
      url: paprikaTickerUrl(QUOTE_COINS[0].paprikaId),
      sample: 'market/coinpaprika-tickers.requests.json',
      optional: true,
      headers: () => ({ accept: 'application/json' }),
      // One ticker per request; joined as a JSON array for the parser.
      fetch: async (get) => {
        const docs: string[] = [];
        for (const c of QUOTE_COINS) docs.push((await get(paprikaTickerUrl(c.paprikaId))).toString('utf8'));
        return Buffer.from(`[${docs.join(',')}]`);
      },
    },
  },
  parse: (payloads) => buildCoinMarkets(payloads),
};
