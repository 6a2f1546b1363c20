import { operation } from '../../../trpc/procedures.js';
import { CRITICAL_MINERALS } from './datasets/minerals.js';
import { MINERAL_PRODUCTION } from './datasets/mineral-production.js';
import { getCriticalMinerals, getMineralProduction } from './queries.js';
import {
  GetCriticalMineralsRequest,
  GetCriticalMineralsResponse,
  GetMineralProductionRequest,
  GetMineralProductionResponse,
} from './schemas.js';

/** mineral operations, composed into the supply-chain router. */
export const mineralProcedures = {
  getCriticalMinerals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-critical-minerals',
        operationId: 'GetCriticalMinerals',
        tags: ['supply-chain'],
        summary: 'Production concentration of critical minerals',
        description: 'Top producers, shares and the Herfindahl-Hirschman index per mineral, most concentrated first.',
      },
      cacheTier: 'daily',
      datasets: [CRITICAL_MINERALS],
    })
    .input(GetCriticalMineralsRequest)
    .output(GetCriticalMineralsResponse)
    .query(({ ctx }) => getCriticalMinerals(ctx.deps.store)),

  getMineralProduction: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-mineral-production',
        operationId: 'GetMineralProduction',
        tags: ['supply-chain'],
        summary: 'World mine and refinery production of critical minerals by country',
        description:
          'From the USGS Mineral Commodity Summaries world-production table: per commodity and stage (mine, refinery), the ' +
          'latest year with data (estimates flagged), each producer’s output and share, withheld figures (W) last, the ' +
          'Herfindahl-Hirschman index over named producers and the world total. Filters: commodity (id or name, any case), ' +
          'iso2 (only that country’s rows, commodities it does not produce dropped, and its portfolio), stage.',
      },
      cacheTier: 'daily',
      datasets: [MINERAL_PRODUCTION],
    })
    .input(GetMineralProductionRequest)
    .output(GetMineralProductionResponse)
    .query(({ ctx, input }) => getMineralProduction(ctx.deps.store, input)),
};
