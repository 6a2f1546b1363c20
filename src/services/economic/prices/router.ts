import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { FAO_FFPI } from './datasets/fao-ffpi.js';
import { getFaoFoodPriceIndex, type Flagged } from './queries.js';
import { GetFaoFoodPriceIndexRequest, GetFaoFoodPriceIndexResponse } from './schemas.js';

function answer<T>(ctx: RequestContext, { response, degraded }: Flagged<T>): T {
  if (degraded) markDegraded(ctx);
  return response;
}

/** Consumer and commodity prices across countries: food index, grocery basket, Big Mac. */
export const pricesProcedures = {
  getFaoFoodPriceIndex: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-fao-food-price-index',
        operationId: 'GetFaoFoodPriceIndex',
        tags: ['economic'],
        summary: 'Get the FAO Food Price Index',
        description:
          'The last twelve months of the FAO Food Price Index (2014-2016 = 100) with its meat, dairy, cereals, vegetable ' +
          'oils and sugar sub-indices, and the latest month-over-month and year-over-year change, from the FAO download. ' +
          'An empty answer with caching disabled means the data is not available right now.',
      },
      cacheTier: 'daily',
      datasets: [FAO_FFPI],
    })
    .input(GetFaoFoodPriceIndexRequest)
    .output(GetFaoFoodPriceIndexResponse)
    .query(({ ctx }) => answer(ctx, getFaoFoodPriceIndex(ctx.deps.store))),
};
