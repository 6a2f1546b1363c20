import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { COMMODITIES_SNAPSHOT } from './datasets/commodities.js';
import { MAX_COMMODITY_SYMBOLS } from './instruments.js';
import { listCommodityQuotes, type Outcome } from './queries.js';
import { ListCommodityQuotesRequest, ListCommodityQuotesResponse } from './schemas.js';

function served<T>(ctx: RequestContext, outcome: Outcome<T>): T {
  if (outcome.degraded) markDegraded(ctx);
  return outcome.response;
}

/** Commodities and gold: the commodity board, gold intelligence and physical premiums. */
export const commoditiesProcedures = {
  listCommodityQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-commodity-quotes',
        operationId: 'ListCommodityQuotes',
        tags: ['market'],
        summary: 'List commodity, commodity-fund and currency quotes',
        description:
          'Latest price, percent change against the previous close and a one-month daily sparkline for the 33-symbol board ' +
          '(metals, energy, agriculture futures, uranium and lithium funds, the VIX, major currency pairs), from the commodities ' +
          `snapshot of Yahoo Finance chart data. symbols narrows the board (up to ${MAX_COMMODITY_SYMBOLS}; rows stay in board ` +
          'order); a symbol off the board is refused with 400. An empty list (no snapshot) is served with no-store.',
      },
      cacheTier: 'medium',
      datasets: [COMMODITIES_SNAPSHOT],
    })
    .input(ListCommodityQuotesRequest)
    .output(ListCommodityQuotesResponse)
    .query(({ ctx, input }) => served(ctx, listCommodityQuotes(ctx.deps.store, input))),
};
