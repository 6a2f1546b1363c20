import { operation } from '../../../trpc/procedures.js';
import { CRITICAL_MINERALS } from './datasets/minerals.js';
import { getCriticalMinerals } from './queries.js';
import { GetCriticalMineralsRequest, GetCriticalMineralsResponse } from './schemas.js';

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
};
