import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { RESILIENCE_SCORES } from './datasets/resilience-scores.js';
import { getResilienceRanking } from './queries.js';
import { GetResilienceRankingRequest, GetResilienceRankingResponse } from './schemas.js';

export const resilienceRouter = router({
  getResilienceRanking: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/resilience/v1/get-resilience-ranking',
        operationId: 'GetResilienceRanking',
        tags: ['resilience'],
        summary: 'Rank countries by resilience score',
        description:
          'Every scored country, split into a headline ranking of countries whose data is complete and ' +
          'trustworthy enough (best first) and a greyed-out list of the rest, with how much of the ' +
          'country universe is scored. Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      ratePolicy: 'get-resilience-ranking',
      datasets: [RESILIENCE_SCORES],
    })
    .input(GetResilienceRankingRequest)
    .output(GetResilienceRankingResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getResilienceRanking(ctx.deps.store);
      // The contract has no degradation flag here, so a missing snapshot is marked out of band.
      if (degraded) markDegraded(ctx);
      return response;
    }),
});
