import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { BIS_CREDIT } from './datasets/bis-credit.js';
import { BIS_EER } from './datasets/bis-eer.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import { getBisCredit, getBisExchangeRates, getBisPolicyRates, type Flagged } from './queries.js';
import {
  GetBisCreditRequest,
  GetBisCreditResponse,
  GetBisExchangeRatesRequest,
  GetBisExchangeRatesResponse,
  GetBisPolicyRatesRequest,
  GetBisPolicyRatesResponse,
} from './schemas.js';

function answer<T>(ctx: RequestContext, { response, degraded }: Flagged<T>): T {
  if (degraded) markDegraded(ctx);
  return response;
}

const ECONOMIES = 'US, euro area, UK, Japan, Switzerland, Canada, Australia, China, India, South Korea, Singapore, Brazil';
const NO_DATA = 'An empty list with caching disabled means the data is not available right now.';

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
          `Latest monthly policy rate and the one before it for twelve major economies (${ECONOMIES}), from the BIS ` +
          `policy-rate statistics. ${NO_DATA}`,
      },
      cacheTier: 'daily',
      datasets: [BIS_POLICY_RATES],
    })
    .input(GetBisPolicyRatesRequest)
    .output(GetBisPolicyRatesResponse)
    .query(({ ctx }) => answer(ctx, getBisPolicyRates(ctx.deps.store))),

  getBisExchangeRates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-bis-exchange-rates',
        operationId: 'GetBisExchangeRates',
        tags: ['economic'],
        summary: 'Get effective exchange rates',
        description:
          `Latest monthly real effective exchange rate (broad basket) with its change from the month before, and the ` +
          `nominal index of the same month, for ${ECONOMIES}, from the BIS effective exchange rate statistics (WS_EER). ${NO_DATA}`,
      },
      cacheTier: 'daily',
      datasets: [BIS_EER],
    })
    .input(GetBisExchangeRatesRequest)
    .output(GetBisExchangeRatesResponse)
    .query(({ ctx }) => answer(ctx, getBisExchangeRates(ctx.deps.store))),

  getBisCredit: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-bis-credit',
        operationId: 'GetBisCredit',
        tags: ['economic'],
        summary: 'Get credit-to-GDP ratios',
        description:
          `Latest quarterly total credit to the non-financial sector as a percent of GDP, and the quarter before, for ` +
          `${ECONOMIES} where BIS has data, from the BIS total credit statistics (WS_TC). ${NO_DATA}`,
      },
      cacheTier: 'daily',
      datasets: [BIS_CREDIT],
    })
    .input(GetBisCreditRequest)
    .output(GetBisCreditResponse)
    .query(({ ctx }) => answer(ctx, getBisCredit(ctx.deps.store))),
};
