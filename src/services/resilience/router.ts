import { ServiceError } from '../../platform/errors.js';
import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { RESILIENCE_SCORES } from './datasets/resilience-scores.js';
import { getResilienceRanking } from './queries.js';
import { GetResilienceRankingRequest, GetResilienceRankingResponse } from './schemas.js';
import {
  GetDemographicsCapabilityRequest,
  GetDemographicsCapabilityResponse,
  GetFoodStocksRequest,
  GetFoodStocksResponse,
  GetResilienceRuntimeManifestRequest,
  GetResilienceRuntimeManifestResponse,
} from './capability-schemas.js';
import { getDemographics, getFoodStocks, getRuntimeManifest } from './capability-queries.js';
import { DEMOGRAPHICS } from './datasets/demographics.js';
import { FOOD_STOCKS } from './datasets/food-stocks.js';
import { commodityOf, countryFilterOf } from './food-rules.js';
import { WORLD_BANK_INDICATORS } from './datasets/indicators.js';
import { getResilienceScore } from './score-queries.js';
import { GetResilienceScoreRequest, GetResilienceScoreResponse } from './score-schemas.js';

/** The country asked about when `countryCode` is omitted (the default view of the per-country operations). */
export const DEFAULT_COUNTRY = 'US';

/** An ISO 3166-1 alpha-2 `countryCode` (trimmed, any case; omitted or empty: US), or a 400 naming it. */
function countryOf(value: string | undefined): string {
  const code = value?.trim().toUpperCase() || DEFAULT_COUNTRY;
  if (!/^[A-Z]{2}$/.test(code))
    throw ServiceError.validation([
      { field: 'countryCode', description: 'must be an ISO 3166-1 alpha-2 code such as DE' },
    ]);
  return code;
}

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

  getFoodStocks: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/resilience/v1/get-food-stocks',
        operationId: 'GetFoodStocks',
        tags: ['resilience'],
        summary: 'Grain and oilseed stocks-to-use by country',
        description:
          'Balance sheets of wheat, corn, rice, soybeans, barley and palm oil from the USDA FAS PSD database: ' +
          'production, consumption, trade, ending stocks and stocks-to-use, per country and for the world. Filters: ' +
          '`countryCode` (ISO alpha-2 or WORLD) and `commodity`; with a country, also the calorie-weighted ' +
          'stocks-to-use across its commodities. Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: [FOOD_STOCKS],
    })
    .input(GetFoodStocksRequest)
    .output(GetFoodStocksResponse)
    .query(({ ctx, input }) => {
      const country = input.countryCode?.trim() ? countryFilterOf(input.countryCode) : undefined;
      const commodity = input.commodity?.trim() ? commodityOf(input.commodity) : undefined;
      const violations = [];
      if (input.countryCode?.trim() && !country)
        violations.push({ field: 'countryCode', description: 'must be an ISO 3166-1 alpha-2 code or WORLD' });
      if (input.commodity?.trim() && !commodity)
        violations.push({
          field: 'commodity',
          description: 'must be one of wheat, corn, rice, soybeans, barley, palmOil',
        });
      if (violations.length) throw ServiceError.validation(violations);
      return getFoodStocks(ctx.deps.store, { country, commodity });
    }),

  getDemographicsCapability: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/resilience/v1/get-demographics-capability',
        operationId: 'GetDemographicsCapability',
        tags: ['resilience'],
        summary: 'A country’s demographic and industrial-skills capacity',
        description:
          'Age structure (UN World Population Prospects), tertiary education and research (World Bank) and the ' +
          'industrial workforce (ILOSTAT) of one country (`countryCode`; omitted: US), each figure validated for unit, ' +
          'range and year, with the state of each source stage. Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: [DEMOGRAPHICS],
    })
    .input(GetDemographicsCapabilityRequest)
    .output(GetDemographicsCapabilityResponse)
    .query(({ ctx, input }) => getDemographics(ctx.deps.store, countryOf(input.countryCode))),

  getRuntimeManifest: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/resilience/v1/get-runtime-manifest',
        operationId: 'GetResilienceRuntimeManifest',
        tags: ['resilience'],
        summary: 'Freshness of the resilience data',
        description:
          'Which scoring formula the loaded scores use, when each resilience dataset was last fetched and whether it ' +
          'is within its staleness limit, and the state of the ranking and score intervals, read from the snapshot store. No parameters.',
      },
      cacheTier: 'no-store',
    })
    .input(GetResilienceRuntimeManifestRequest)
    .output(GetResilienceRuntimeManifestResponse)
    .query(({ ctx }) => getRuntimeManifest(ctx.deps.store, ctx.deps.clock.now(), ctx.deps.config.GIT_COMMIT ?? '')),

  getResilienceScore: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/resilience/v1/get-resilience-score',
        operationId: 'GetResilienceScore',
        tags: ['resilience'],
        summary: 'A country’s resilience score, computed from its indicators',
        description:
          'Computed here from World Bank (income, debt, inflation, jobs, electricity, connectivity, energy imports, ' +
          'governance, undernourishment, reserves, health spending), WHO (life expectancy, service coverage) and IPC ' +
          '(acute food insecurity) indicators: 16 dimensions in 6 domains and 3 pillars, the overall score penalised by ' +
          'the weakest pillar, with coverage, imputation and data age per dimension, and the trend and 30-day change ' +
          'against the score history that ingestion appends to daily (30 points per country). `countryCode` omitted: US. ' +
          'Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
    })
    .input(GetResilienceScoreRequest)
    .output(GetResilienceScoreResponse)
    .query(({ ctx, input }) => {
      const code = countryOf(input.countryCode);
      const response = getResilienceScore(ctx.deps.store, code);
      if (!ctx.deps.store.read(WORLD_BANK_INDICATORS) || response.level === 'unknown') markDegraded(ctx);
      return response;
    }),
});
