import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { listSecurityAdvisories } from './advisories.js';
import { CII_SCORES } from './datasets/cii-scores.js';
import { COUNTRY_FACTS } from './datasets/country-facts.js';
import { SANCTIONS_SDN } from '../../sanctions/index.js';
import { SECURITY_ADVISORIES } from './datasets/security-advisories.js';
import { TRAVEL_ADVISORIES } from './datasets/travel-advisories.js';
import { getCountryFacts, getCountryRisk } from './queries.js';
import {
  GetCountryFactsRequest,
  GetCountryFactsResponse,
  GetCountryRiskRequest,
  GetCountryRiskResponse,
  ListSecurityAdvisoriesRequest,
  ListSecurityAdvisoriesResponse,
} from './schemas.js';

export const countryProcedures = {
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
      datasets: [CII_SCORES, TRAVEL_ADVISORIES, SANCTIONS_SDN],
    })
    .input(GetCountryRiskRequest)
    .output(GetCountryRiskResponse)
    .query(({ ctx, input }) => getCountryRisk(ctx.deps.store, input)),
  listSecurityAdvisories: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-security-advisories',
        operationId: 'ListSecurityAdvisories',
        tags: ['intelligence'],
        summary: 'List government travel and security advisories',
        description:
          'Recent advisories from the U.S. State Department travel advisories, Australia’s Smartraveller, the UK ' +
          'FCDO travel-advice feed and U.S. embassy alert feeds, newest first, each with its level (State ' +
          'Department and Smartraveller levels; `info` for notices without one) and the country concerned, plus ' +
          'the strictest level per country. Takes no filters. Caching is disabled while any feed has not been ' +
          'loaded yet.',
      },
      cacheTier: 'slow',
      datasets: [TRAVEL_ADVISORIES, SECURITY_ADVISORIES],
    })
    .input(ListSecurityAdvisoriesRequest)
    .output(ListSecurityAdvisoriesResponse)
    .query(({ ctx }) => {
      const { response, degraded } = listSecurityAdvisories(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),
  getCountryFacts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-country-facts',
        operationId: 'GetCountryFacts',
        tags: ['intelligence'],
        summary: 'Reference facts about a country',
        description:
          'Capital, population, area, official languages and currencies from RestCountries, and the current head ' +
          'of state with the office held from Wikidata, for one ISO alpha-2 country code. The Wikipedia summary ' +
          'and image fields stay empty: Wikipedia is not one of the loaded sources. An unknown code answers ' +
          'empty fields; caching is disabled while the facts have not been loaded.',
      },
      cacheTier: 'daily',
      datasets: [COUNTRY_FACTS],
    })
    .input(GetCountryFactsRequest)
    .output(GetCountryFactsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getCountryFacts(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
