import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { COIN_MARKETS } from './datasets/coin-markets.js';
import { listCryptoQuotes, listCryptoSectors, listStablecoinMarkets, listTokens, type Outcome } from './queries.js';
import { MAX_QUOTE_IDS } from './rules.js';
import {
  ListAiTokensRequest,
  ListAiTokensResponse,
  ListCryptoQuotesRequest,
  ListCryptoQuotesResponse,
  ListCryptoSectorsRequest,
  ListCryptoSectorsResponse,
  ListDefiTokensRequest,
  ListDefiTokensResponse,
  ListOtherTokensRequest,
  ListOtherTokensResponse,
  ListStablecoinMarketsRequest,
  ListStablecoinMarketsResponse,
} from './schemas.js';

const SOURCE =
  'From the coin-markets snapshot (CoinGecko coins/markets, CoinPaprika tickers as fallback for the headline coins).';

function served<T>(ctx: RequestContext, outcome: Outcome<T>): T {
  if (outcome.degraded) markDegraded(ctx);
  return outcome.response;
}

const tokenPanel = (path: string, operationId: string, what: string) => ({
  openapi: {
    method: 'GET' as const,
    path: `/api/market/v1/${path}` as const,
    operationId,
    tags: ['market'],
    summary: `List ${what} token quotes`,
    description:
      `Price, 24-hour and 7-day percent change of the ten curated ${what} tokens, in their panel order (sparkline empty). ${SOURCE} ` +
      'Takes no parameters. An empty list (no snapshot) is served with no-store.',
  },
  cacheTier: 'slow' as const,
  datasets: [COIN_MARKETS],
});

/** Crypto: headline quotes, sector moves, stablecoin pegs and the three token panels, all from one coin snapshot. */
export const cryptoProcedures = {
  listCryptoQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-crypto-quotes',
        operationId: 'ListCryptoQuotes',
        tags: ['market'],
        summary: 'List crypto quotes',
        description:
          'US-dollar price, 24-hour and 7-day percent change and a 48-hour hourly sparkline per coin, in the order requested ' +
          `(up to ${MAX_QUOTE_IDS} CoinGecko ids). Without ids, the ten headline coins. ${SOURCE} Ids the snapshot lacks ` +
          'are listed in unresolvedIds with provider degraded (served with no-store); nothing is fetched at request time.',
      },
      cacheTier: 'medium',
      datasets: [COIN_MARKETS],
    })
    .input(ListCryptoQuotesRequest)
    .output(ListCryptoQuotesResponse)
    .query(({ ctx, input }) => served(ctx, listCryptoQuotes(ctx.deps.store, input))),

  listCryptoSectors: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-crypto-sectors',
        operationId: 'ListCryptoSectors',
        tags: ['market'],
        summary: 'List crypto sector performance',
        description:
          'Eight crypto sectors (layer 1, DeFi, layer 2, AI, memes, gaming, privacy, infrastructure) of five coins each, with the ' +
          `mean 24-hour percent change of their coins. ${SOURCE} Takes no parameters.`,
      },
      cacheTier: 'slow',
      datasets: [COIN_MARKETS],
    })
    .input(ListCryptoSectorsRequest)
    .output(ListCryptoSectorsResponse)
    .query(({ ctx }) => served(ctx, listCryptoSectors(ctx.deps.store))),

  listStablecoinMarkets: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-stablecoin-markets',
        operationId: 'ListStablecoinMarkets',
        tags: ['market'],
        summary: 'List stablecoin markets and peg health',
        description:
          'Price, distance from the dollar peg, peg status, market cap, volume and changes of dollar stablecoins, with totals and a ' +
          `health status over the coins answered. Without coins, the five largest; named coins are served from the snapshot in request ` +
          `order, invalid, over-cap and unknown ids listed in unresolved. ${SOURCE}`,
      },
      cacheTier: 'medium',
      ratePolicy: 'list-stablecoin-markets',
      datasets: [COIN_MARKETS],
    })
    .input(ListStablecoinMarketsRequest)
    .output(ListStablecoinMarketsResponse)
    .query(({ ctx, input }) => served(ctx, listStablecoinMarkets(ctx.deps.store, input))),

  listDefiTokens: operation
    .meta(tokenPanel('list-defi-tokens', 'ListDefiTokens', 'DeFi'))
    .input(ListDefiTokensRequest)
    .output(ListDefiTokensResponse)
    .query(({ ctx }) => served(ctx, listTokens(ctx.deps.store, 'defi'))),

  listAiTokens: operation
    .meta(tokenPanel('list-ai-tokens', 'ListAiTokens', 'AI'))
    .input(ListAiTokensRequest)
    .output(ListAiTokensResponse)
    .query(({ ctx }) => served(ctx, listTokens(ctx.deps.store, 'ai'))),

  listOtherTokens: operation
    .meta(tokenPanel('list-other-tokens', 'ListOtherTokens', 'other notable'))
    .input(ListOtherTokensRequest)
    .output(ListOtherTokensResponse)
    .query(({ ctx }) => served(ctx, listTokens(ctx.deps.store, 'other'))),
};
