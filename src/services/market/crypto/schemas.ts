import { z } from 'zod';
import { listParam } from '../../../platform/query-params.js';
import { MAX_QUOTE_IDS, MAX_STABLECOIN_LOOKUPS } from './rules.js';

const dbl = (description: string) => z.number().meta({ format: 'double', description });

// ---- list-crypto-quotes and the token panels ---------------------------------------------------

export const CryptoQuote = z
  .object({
    name: z.string().meta({ description: 'Coin name as CoinGecko lists it.' }),
    symbol: z.string().min(1).meta({ description: 'Ticker, upper-case (BTC).' }),
    price: dbl('Price in US dollars.'),
    change: dbl('Percent change over the last 24 hours.'),
    sparkline: z.array(z.number().meta({ format: 'double' })).meta({
      description: 'Hourly prices, oldest first: the last 48 hours for quotes; empty for the token panels.',
    }),
    change7d: dbl('Percent change over the last seven days; 0 when not known.'),
  })
  .meta({ id: 'market_v1_CryptoQuote', description: 'Latest US-dollar price of one coin.' });

export type CryptoQuote = z.infer<typeof CryptoQuote>;

export const ListCryptoQuotesRequest = z.object({
  ids: listParam(
    `CoinGecko ids (bitcoin, avalanche-2), repeated or comma-separated; trimmed, lower-cased, de-duplicated, at most ${MAX_QUOTE_IDS}. ` +
      'Omitted: the ten headline coins.',
  ),
});
export type ListCryptoQuotesRequest = z.infer<typeof ListCryptoQuotesRequest>;

export const CRYPTO_PROVIDERS = ['seed', 'degraded'] as const;

export const ListCryptoQuotesResponse = z
  .object({
    quotes: z.array(CryptoQuote).meta({ description: 'Quotes in the order the ids were requested.' }),
    unresolvedIds: z.array(z.string()).meta({ description: 'Requested ids the coin snapshot does not hold.' }),
    provider: z.string().meta({
      description:
        'seed when every quote came from the coin snapshot; degraded when some id was unresolved or the snapshot is missing.',
    }),
  })
  .meta({ id: 'market_v1_ListCryptoQuotesResponse', description: 'Crypto quotes.' });
export type ListCryptoQuotesResponse = z.infer<typeof ListCryptoQuotesResponse>;

const tokens = (what: string) =>
  z.object({
    tokens: z
      .array(CryptoQuote)
      .meta({ description: `The ${what} panel, in its curated order; coins the snapshot lacks are left out.` }),
  });

export const ListDefiTokensRequest = z.object({});
export const ListDefiTokensResponse = tokens('DeFi').meta({
  id: 'market_v1_ListDefiTokensResponse',
  description: 'DeFi token quotes.',
});
export const ListAiTokensRequest = z.object({});
export const ListAiTokensResponse = tokens('AI').meta({
  id: 'market_v1_ListAiTokensResponse',
  description: 'AI token quotes.',
});
export const ListOtherTokensRequest = z.object({});
export const ListOtherTokensResponse = tokens('other').meta({
  id: 'market_v1_ListOtherTokensResponse',
  description: 'Other notable token quotes.',
});
export type TokensResponse = { tokens: CryptoQuote[] };

// ---- list-crypto-sectors ---------------------------------------------------------------------

export const CryptoSector = z
  .object({
    id: z.string().meta({ description: 'Sector id (layer-1, defi, memes ...).' }),
    name: z.string().meta({ description: 'Sector name.' }),
    change: dbl(
      'Mean 24-hour percent change of the sector’s coins (those with a known change), two decimals; 0 when none is known.',
    ),
  })
  .meta({ id: 'market_v1_CryptoSector', description: 'One crypto sector’s day.' });

export const ListCryptoSectorsRequest = z.object({});
export const ListCryptoSectorsResponse = z
  .object({
    sectors: z
      .array(CryptoSector)
      .meta({ description: 'The eight sectors in their curated order; empty without a snapshot.' }),
  })
  .meta({ id: 'market_v1_ListCryptoSectorsResponse', description: 'Crypto sector performance.' });
export type ListCryptoSectorsResponse = z.infer<typeof ListCryptoSectorsResponse>;

// ---- list-stablecoin-markets -----------------------------------------------------------------

export const Stablecoin = z
  .object({
    id: z.string().min(1).meta({ description: 'CoinGecko id.' }),
    symbol: z.string().min(1).meta({ description: 'Ticker, upper-case.' }),
    name: z.string(),
    price: dbl('Price in US dollars.'),
    deviation: dbl('Distance from one dollar, percent, three decimals.'),
    pegStatus: z.string().meta({ description: 'ON PEG (within 0.5%), SLIGHT DEPEG (within 1%) or DEPEGGED.' }),
    marketCap: dbl('Market capitalisation, US dollars.'),
    volume24h: dbl('Traded volume over 24 hours, US dollars.'),
    change24h: dbl('Percent price change over 24 hours.'),
    change7d: dbl('Percent price change over seven days.'),
    image: z.string().meta({ description: 'Logo address as CoinGecko gives it; empty when not known.' }),
  })
  .meta({ id: 'market_v1_Stablecoin', description: 'One dollar stablecoin’s market and peg.' });
export type Stablecoin = z.infer<typeof Stablecoin>;

export const StablecoinSummary = z
  .object({
    totalMarketCap: dbl('Sum of the listed coins’ market caps.'),
    totalVolume24h: dbl('Sum of the listed coins’ 24-hour volumes.'),
    coinCount: z.number().int().meta({ format: 'int32', description: 'Coins listed.' }),
    depeggedCount: z.number().int().meta({ format: 'int32', description: 'Listed coins whose status is DEPEGGED.' }),
    healthStatus: z
      .string()
      .meta({ description: 'HEALTHY (none depegged), CAUTION (one), WARNING (two or more), UNAVAILABLE (no coins).' }),
  })
  .meta({ id: 'market_v1_StablecoinSummary', description: 'Totals over the coins in this answer.' });

export const UnresolvedStablecoin = z
  .object({
    id: z.string().meta({ description: 'The requested id (at most 64 characters echoed).' }),
    reason: z.string().meta({
      description: `INVALID_ID (not a CoinGecko id), OVER_CAP (beyond the first ${MAX_STABLECOIN_LOOKUPS} ids), NOT_FOUND (not held by the coin snapshot).`,
    }),
  })
  .meta({ id: 'market_v1_UnresolvedStablecoin', description: 'A requested coin without a row.' });

export const ListStablecoinMarketsRequest = z.object({
  coins: listParam(
    `CoinGecko ids, repeated or comma-separated; trimmed, lower-cased, de-duplicated; at most ${MAX_STABLECOIN_LOOKUPS} are looked up. ` +
      'Omitted: the five largest dollar stablecoins.',
    { maxItemLength: 256 },
  ),
});
export type ListStablecoinMarketsRequest = z.infer<typeof ListStablecoinMarketsRequest>;

export const ListStablecoinMarketsResponse = z
  .object({
    timestamp: z.string().meta({
      description: 'Time of the newest price in the snapshot, ISO 8601 UTC; the answer time when there is none.',
    }),
    summary: StablecoinSummary,
    stablecoins: z.array(Stablecoin).meta({ description: 'In request order (or the default order).' }),
    unresolved: z.array(UnresolvedStablecoin),
    dataStatus: z
      .string()
      .meta({ description: 'OK (everything resolved), PARTIAL (some ids unresolved), UNAVAILABLE (no rows).' }),
  })
  .meta({ id: 'market_v1_ListStablecoinMarketsResponse', description: 'Stablecoin prices and peg health.' });
export type ListStablecoinMarketsResponse = z.infer<typeof ListStablecoinMarketsResponse>;
