import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import { getBisPolicyRates } from './queries.js';
import { GetBisPolicyRatesRequest, GetBisPolicyRatesResponse } from './schemas.js';

/** Interest rates, exchange rates and credit: BIS and ECB statistics. */
export const ratesProcedures = {
  getBisPolicyRates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-bis-policy-rates',
        operationId: 'GetBisPolicyRates',
        tags: ['economic'],
        summary: 'Get central bank policy rates',
        description:
          'Latest monthly policy rate and the one before it for twelve major economies (US, euro area, UK, Japan, ' +
          'Switzerland, Canada, Australia, China, India, South Korea, Singapore, Brazil), from the BIS policy-rate ' +
          'statistics. An empty list with caching disabled means the data is not available right now.',
      },
      cacheTier: 'daily',
      datasets: [BIS_POLICY_RATES],
    })
    .input(GetBisPolicyRatesRequest)
    .output(GetBisPolicyRatesResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getBisPolicyRates(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
