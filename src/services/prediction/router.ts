import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { PREDICTION_MARKETS } from './datasets/markets.js';
import { listPredictionMarkets } from './queries.js';
import { ListPredictionMarketsRequest, ListPredictionMarketsResponse } from './schemas.js';

export const predictionRouter = router({
  listPredictionMarkets: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/prediction/v1/list-prediction-markets',
        operationId: 'ListPredictionMarkets',
        tags: ['prediction'],
        summary: 'List prediction markets on news-moving questions',
        description:
          'Open markets from Polymarket (Gamma API events) and Kalshi, sorted into geopolitical, technology and finance pools. ' +
          'Sport and entertainment markets, expired ones and thin ones (under 5000 volume) are left out; each pool keeps its 25 ' +
          'best by how decided the price is and how much has traded, with Yes between 10% and 90% (5-95% when a pool is short). ' +
          'category picks a pool; query matches title text; page_size defaults to 50 markets (at most 100) with cursor paging. ' +
          'Prices are as of fetchedAt.',
      },
      cacheTier: 'medium',
      datasets: [PREDICTION_MARKETS],
    })
    .input(ListPredictionMarketsRequest)
    .output(ListPredictionMarketsResponse)
    .query(({ ctx, input }) => listPredictionMarkets(ctx.deps.store, input, () => markDegraded(ctx))),
});
