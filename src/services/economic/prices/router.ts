import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { BIGMAC } from './datasets/bigmac.js';
import { FAO_FFPI } from './datasets/fao-ffpi.js';
import { FUEL_PRICES } from './datasets/fuel-prices.js';
import { GROCERY_OBSERVATIONS } from './datasets/grocery.js';
import {
  getFaoFoodPriceIndex,
  listBigMacPrices,
  listFuelPrices,
  listGroceryBasketPrices,
  type Flagged,
} from './queries.js';
import {
  GetFaoFoodPriceIndexRequest,
  GetFaoFoodPriceIndexResponse,
  ListBigMacPricesRequest,
  ListBigMacPricesResponse,
  ListFuelPricesRequest,
  ListFuelPricesResponse,
  ListGroceryBasketPricesRequest,
  ListGroceryBasketPricesResponse,
} from './schemas.js';

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

  listBigMacPrices: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/list-bigmac-prices',
        operationId: 'ListBigMacPrices',
        tags: ['economic'],
        summary: 'List Big Mac prices by country',
        description:
          'Local and US-dollar prices of a Big Mac from The Economist’s Big Mac index (its public raw-index CSV), ' +
          'for the latest survey, cheapest first, with the change since the previous survey. The index is surveyed ' +
          'twice a year, so the `wow*` fields compare surveys about six months apart, not weeks. Dollar prices outside ' +
          '1.50-12.00 are marked unavailable; changes over 20% are not reported. An empty list with caching disabled ' +
          'means the data is not available right now.',
      },
      cacheTier: 'daily',
      datasets: [BIGMAC],
    })
    .input(ListBigMacPricesRequest)
    .output(ListBigMacPricesResponse)
    .query(({ ctx }) => answer(ctx, listBigMacPrices(ctx.deps.store))),

  listGroceryBasketPrices: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/list-grocery-basket-prices',
        operationId: 'ListGroceryBasketPrices',
        tags: ['economic'],
        summary: 'List the price of a ten-item grocery basket by country',
        description:
          'Sugar, salt, rice, pasta, potatoes, cooking oil, flour, eggs, milk and bread priced at national retailers, ' +
          'in local currency and US dollars, cheapest basket first, with the change from the week before. The prices ' +
          'are shelf-price observations an operator-run collector publishes at GROCERY_OBSERVATIONS_URL (no public upstream ' +
          'serves them and no price search runs here): fetchedAt is the day they were observed and each item names its retailer and that day. Prices above an item’s plausible dollar ceiling or ' +
          'more than four times off the cross-country median are marked unavailable; the week-over-week change compares ' +
          'the items priced in both weeks. upstreamUnavailable is true when there are no observations.',
      },
      cacheTier: 'daily',
      datasets: [GROCERY_OBSERVATIONS],
    })
    .input(ListGroceryBasketPricesRequest)
    .output(ListGroceryBasketPricesResponse)
    .query(({ ctx }) => listGroceryBasketPrices(ctx.deps.store)),

  listFuelPrices: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/list-fuel-prices',
        operationId: 'ListFuelPrices',
        tags: ['economic'],
        summary: 'List retail gasoline and diesel prices by country',
        description:
          'Pump prices per litre in local currency and US dollars from official weekly sources: Malaysia (data.gov.my), ' +
          'the United States (EIA), the EU member states in the European Commission’s Weekly Oil Bulletin and the ' +
          'United Kingdom (DESNZ), converted at Yahoo Finance exchange rates. Mexico, Brazil and New Zealand, which ' +
          'the published service also reads, are not included. Prices outside 0.02-3.50 USD per litre are left out; ' +
          'week-over-week changes compare each source’s own previous week. An empty list with caching disabled means ' +
          'the data is not available right now.',
      },
      cacheTier: 'daily',
      datasets: [FUEL_PRICES],
    })
    .input(ListFuelPricesRequest)
    .output(ListFuelPricesResponse)
    .query(({ ctx }) => answer(ctx, listFuelPrices(ctx.deps.store))),
};
