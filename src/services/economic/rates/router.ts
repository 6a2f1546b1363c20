import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { BIS_CREDIT } from './datasets/bis-credit.js';
import { BIS_EER } from './datasets/bis-eer.js';
import { BIS_POLICY_RATES } from './datasets/bis-policy-rates.js';
import { ECB_CISS } from './datasets/ecb-ciss.js';
import { ECB_FX } from './datasets/ecb-fx.js';
import { ECB_YIELD_CURVE } from './datasets/ecb-yield-curve.js';
import {
  getBisCredit,
  getBisExchangeRates,
  getBisPolicyRates,
  getEcbFxRates,
  getEuFsi,
  getEuYieldCurve,
  type Flagged,
} from './queries.js';
import {
  GetBisCreditRequest,
  GetBisCreditResponse,
  GetBisExchangeRatesRequest,
  GetBisExchangeRatesResponse,
  GetBisPolicyRatesRequest,
  GetBisPolicyRatesResponse,
  GetEcbFxRatesRequest,
  GetEcbFxRatesResponse,
  GetEuFsiRequest,
  GetEuFsiResponse,
  GetEuYieldCurveRequest,
  GetEuYieldCurveResponse,
} from './schemas.js';

function answer<T>(ctx: RequestContext, { response, degraded }: Flagged<T>): T {
  if (degraded) markDegraded(ctx);
  return response;
}

const ECONOMIES =
  'US, euro area, UK, Japan, Switzerland, Canada, Australia, China, India, South Korea, Singapore, Brazil';
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

  getEcbFxRates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-ecb-fx-rates',
        operationId: 'GetEcbFxRates',
        tags: ['economic'],
        summary: 'Get ECB euro reference rates',
        description:
          'Latest euro foreign exchange reference rates of the European Central Bank against the US dollar, pound ' +
          'sterling, yen, Swiss franc, Canadian and Australian dollars and renminbi, with the change from the previous ' +
          'day. unavailable is true when there is no data.',
      },
      cacheTier: 'slow',
      datasets: [ECB_FX],
    })
    .input(GetEcbFxRatesRequest)
    .output(GetEcbFxRatesResponse)
    .query(({ ctx }) => getEcbFxRates(ctx.deps.store)),

  getEuYieldCurve: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-eu-yield-curve',
        operationId: 'GetEuYieldCurve',
        tags: ['economic'],
        summary: 'Get the euro area AAA government yield curve',
        description:
          'Latest spot rates at 1, 2, 5, 10, 20 and 30 years of the ECB yield curve for AAA-rated euro area central ' +
          'government bonds. unavailable is true, with no data, when the curve is missing.',
      },
      cacheTier: 'daily',
      datasets: [ECB_YIELD_CURVE],
    })
    .input(GetEuYieldCurveRequest)
    .output(GetEuYieldCurveResponse)
    .query(({ ctx }) => getEuYieldCurve(ctx.deps.store)),

  getEuFsi: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-eu-fsi',
        operationId: 'GetEuFsi',
        tags: ['economic'],
        summary: 'Get the euro area systemic stress indicator',
        description:
          'The ECB new composite indicator of systemic stress (CISS) for the euro area: latest daily reading with its ' +
          'band, and the readings of the last year. stale is true when the latest reading was more than 14 days old when the series was captured; ' +
          'unavailable is true when there is no data.',
      },
      cacheTier: 'slow',
      datasets: [ECB_CISS],
    })
    .input(GetEuFsiRequest)
    .output(GetEuFsiResponse)
    .query(({ ctx }) => getEuFsi(ctx.deps.store)),
};
