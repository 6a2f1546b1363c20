import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { POPULATION_REFERENCE } from './datasets/population-reference.js';
import { getDisplacementSummary, getPopulationExposure } from './queries.js';
import {
  GetDisplacementSummaryRequest,
  GetDisplacementSummaryResponse,
  GetPopulationExposureRequest,
  GetPopulationExposureResponse,
} from './schemas.js';

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
  getPopulationExposure: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/displacement/v1/get-population-exposure',
        operationId: 'GetPopulationExposure',
        tags: ['displacement'],
        summary: 'Get population of conflict-affected countries, or people near a point',
        description:
          'Population and land area of 19 conflict-affected countries from the World Bank (latest year each; Taiwan, in the ' +
          'published table, has no World Bank figures). Without mode, or with any mode but "exposure", lists the countries with ' +
          'their density. With mode=exposure, the point lat/lon (default 0, 0) is assigned to the country whose centroid is nearest ' +
          'in degrees, and that country’s average density is spread over a circle of radius km (default 50, at most 1000): a rough ' +
          'order of magnitude, not a census of the circle.',
      },
      cacheTier: 'daily',
      datasets: [POPULATION_REFERENCE],
    })
    .input(GetPopulationExposureRequest)
    .output(GetPopulationExposureResponse)
    .query(({ ctx, input }) => getPopulationExposure(ctx.deps.store, input, () => markDegraded(ctx))),
});
