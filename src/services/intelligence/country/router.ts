import { operation, router } from '../../../trpc/procedures.js';
import { CII_SCORES } from './datasets/cii-scores.js';
import { SANCTIONS_COUNTS } from './datasets/sanctions-counts.js';
import { TRAVEL_ADVISORIES } from './datasets/travel-advisories.js';
import { getCountryRisk } from './queries.js';
import { GetCountryRiskRequest, GetCountryRiskResponse } from './schemas.js';

export const countryRouter = router({
  getCountryRisk: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-country-risk',
        operationId: 'GetCountryRisk',
        tags: ['intelligence'],
        summary: 'Risk summary for a country',
        description:
          'The country’s instability index score, its current U.S. travel advisory level and how many OFAC ' +
          'sanctions list entries have an address there. When any of the three inputs is unavailable the ' +
          'answer is flagged upstreamUnavailable and carries none of them.',
      },
      cacheTier: 'slow',
      datasets: [CII_SCORES, TRAVEL_ADVISORIES, SANCTIONS_COUNTS],
    })
    .input(GetCountryRiskRequest)
    .output(GetCountryRiskResponse)
    .query(({ ctx, input }) => getCountryRisk(ctx.deps.store, input)),
});
