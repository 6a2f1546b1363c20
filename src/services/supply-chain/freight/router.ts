import { operation } from '../../../trpc/procedures.js';
import { SHIPPING_STRESS } from './datasets/shipping-stress.js';
import { SHIPPING_RATES } from './datasets/shipping-rates.js';
import { getShippingRates, getShippingStress } from './queries.js';
import {
  GetShippingRatesRequest,
  GetShippingRatesResponse,
  GetShippingStressRequest,
  GetShippingStressResponse,
} from './schemas.js';

/** Freight markets, composed into the supply-chain router. */
export const freightProcedures = {
  getShippingRates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-shipping-rates',
        operationId: 'GetShippingRates',
        tags: ['supply-chain'],
        summary: 'Container and dry-bulk freight indices',
        description:
          'The Shanghai Shipping Exchange SCFI and CCFI composites (weekly) and the Baltic Exchange dry indices BDI, BCI, BPI, BSI ' +
          'and BHSI as HandyBulk publishes them (daily): level, previous level and change, and a decision-grade period change ' +
          'with its basis (publisher-reported or derived from the prior level) when the publication date is valid.',
      },
      cacheTier: 'daily',
      datasets: [SHIPPING_RATES],
    })
    .input(GetShippingRatesRequest)
    .output(GetShippingRatesResponse)
    .query(({ ctx }) => getShippingRates(ctx.deps.store)),

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
