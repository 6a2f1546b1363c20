import { operation, router } from '../../trpc/procedures.js';
import { getDisplacementSummary } from './queries.js';
import { GetDisplacementSummaryRequest, GetDisplacementSummaryResponse } from './schemas.js';

export const displacementRouter = router({
  getDisplacementSummary: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/displacement/v1/get-displacement-summary',
        operationId: 'GetDisplacementSummary',
        tags: ['displacement'],
        summary: 'Get the global displacement summary',
        description:
          'Refugees, asylum seekers, internally displaced and stateless people from UNHCR statistics: worldwide totals, ' +
          'per-country figures (as origin and as host) and the largest origin-to-asylum flows, for the latest data year, ' +
          'which usually precedes the calendar year. Served from the current snapshot only: a year other than the ' +
          'snapshot’s answers dataAvailable false with an empty summary and fetchedAt 0. Country codes are ISO alpha-2.',
      },
      cacheTier: 'daily',
      // No `datasets`: whether a year is valid depends on the clock, and this operation never
      // creates response-cache entries.
    })
    .input(GetDisplacementSummaryRequest)
    .output(GetDisplacementSummaryResponse)
    .query(({ ctx, input }) => getDisplacementSummary(ctx.deps.store, input, ctx.deps.clock.now())),
});
