import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { MARKET_QUOTES } from './datasets/quotes.js';
import { providerFromConfig } from './provider.js';
import { listMarketQuotes } from './queries.js';
import { ListMarketQuotesRequest, ListMarketQuotesResponse } from './schemas.js';
import { MAX_SYMBOLS } from './rules.js';

/** Stocks and indices: quotes, sectors, country indices, Gulf markets, earnings, insiders, breadth. */
export const equitiesProcedures = {
  listMarketQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-market-quotes',
        operationId: 'ListMarketQuotes',
        tags: ['market'],
        summary: 'List stock and index quotes',
        description:
          'Latest price, percent change against the previous close and a one-month daily sparkline for each requested ' +
          `symbol, in the order requested (up to ${MAX_SYMBOLS} distinct symbols). Without symbols, a default board of ` +
          'major indices and large caps. Symbols the market snapshot lacks are listed in unavailableSymbols with a reason; ' +
          'providerSkipped says the live gap-filling provider is not configured.',
      },
      cacheTier: 'medium',
      ratePolicy: 'list-market-quotes',
      // Pure function of the query and the snapshot while no live provider is configured (there is
      // no provider key in the config yet); drop this once gap-filled quotes can appear.
      datasets: [MARKET_QUOTES],
    })
    .input(ListMarketQuotesRequest)
    .output(ListMarketQuotesResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await listMarketQuotes(ctx.deps.store, input, providerFromConfig(ctx.deps.config));
      if (degraded) markDegraded(ctx);
      return response;
    }),

};
