import { operation } from '../../../trpc/procedures.js';
import { FEAR_GREED } from './datasets/fear-greed.js';
import { getFearGreedIndex } from './queries.js';
import { GetFearGreedIndexRequest, GetFearGreedIndexResponse } from './schemas.js';

/** Fund flows and positioning: ETF flows, futures positioning, perpetuals flow, fear & greed. */
export const flowsProcedures = {
  getFearGreedIndex: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-fear-greed-index',
        operationId: 'GetFearGreedIndex',
        tags: ['market'],
        summary: 'Get the market fear & greed composite',
        description:
          'A 0-100 fear & greed composite from ten weighted categories (sentiment, volatility, positioning, trend, ' +
          'breadth, momentum, liquidity, credit, macro, cross-asset), with each category’s inputs, headline market ' +
          'readings, a financial stress indicator and one-day sector performance. When no composite is available the ' +
          'body is only compositeScore 0, an empty compositeLabel and unavailable true.',
      },
      cacheTier: 'slow',
      datasets: [FEAR_GREED],
    })
    .input(GetFearGreedIndexRequest)
    .output(GetFearGreedIndexResponse)
    .query(({ ctx }) => getFearGreedIndex(ctx.deps.store)),
};
