import { operation } from '../../../trpc/procedures.js';
import { SHIPPING_STRESS } from './datasets/shipping-stress.js';
import { getShippingStress } from './queries.js';
import { GetShippingStressRequest, GetShippingStressResponse } from './schemas.js';

/** Freight markets, composed into the supply-chain router. */
export const freightProcedures = {
  getShippingStress: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-shipping-stress',
        operationId: 'GetShippingStress',
        tags: ['supply-chain'],
        summary: 'Market stress in listed shipping names',
        description:
          'Daily moves of a dry-bulk freight ETF (BDRY) and listed carriers (ZIM, MATX, SBLK) from Yahoo Finance charts, ' +
          'with a 0-100 stress score that rises as they fall. upstreamUnavailable when a watched name had no quote.',
      },
      cacheTier: 'medium',
      datasets: [SHIPPING_STRESS],
    })
    .input(GetShippingStressRequest)
    .output(GetShippingStressResponse)
    .query(({ ctx }) => getShippingStress(ctx.deps.store)),
};
