import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { GIVING_CLAIMS } from './datasets/claims.js';
import { getGivingSummary } from './queries.js';
import { GetGivingSummaryRequest, GetGivingSummaryResponse } from './schemas.js';

export const givingRouter = router({
  getGivingSummary: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/giving/v1/get-giving-summary',
        operationId: 'GetGivingSummary',
        tags: ['giving'],
        summary: 'Get published estimates of charitable giving',
        description:
          'Figures about giving as organisations publish them (crowdfunding platforms’ stated volumes, OECD development ' +
          'assistance, Candid’s grant directory), from a curated registry in which every figure names its source and how far ' +
          'it was checked (provenance). Platform daily volumes use only verified US-dollar rates; campaign activity, category ' +
          'shares, crypto giving and an activity index are not measured here and are 0. platform_limit and category_limit trim ' +
          'the lists (0 or omitted: all).',
      },
      cacheTier: 'static',
      datasets: [GIVING_CLAIMS],
    })
    .input(GetGivingSummaryRequest)
    .output(GetGivingSummaryResponse)
    .query(({ ctx, input }) => getGivingSummary(ctx.deps.store, input, () => markDegraded(ctx))),
});
