import { dataTimeOf } from '../../platform/snapshots/data-time.js';
import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { PRICE_OBSERVATIONS } from './datasets/observations.js';
import { getBasketSeries, getFreshness, getOverview, listCategories, listMovers, listSpreads } from './queries.js';
import {
  GetConsumerPriceBasketSeriesRequest,
  GetConsumerPriceBasketSeriesResponse,
  GetConsumerPriceFreshnessRequest,
  GetConsumerPriceFreshnessResponse,
  GetConsumerPriceOverviewRequest,
  GetConsumerPriceOverviewResponse,
  ListConsumerPriceCategoriesRequest,
  ListConsumerPriceCategoriesResponse,
  ListConsumerPriceMoversRequest,
  ListConsumerPriceMoversResponse,
  ListRetailerPriceSpreadsRequest,
  ListRetailerPriceSpreadsResponse,
} from './schemas.js';

const data =
  'Computed from retailer shelf-price observations published by an operator-run collector at CONSUMER_PRICES_OBSERVATIONS_URL ' +
  '(one CSV; the published service scrapes them with paid services, which this deployment does not); without that address ' +
  'every operation answers upstreamUnavailable. Recomputed once per snapshot: items are weighted into an essentials basket ' +
  'that is 100 on its base date; a price counts for a week after it was read. Only markets in the file answer (the bundled ' +
  'file covers ae, the UAE, in AED); another market answers upstreamUnavailable with empty fields.';

const meta = (path: string, operationId: string, summary: string, description: string) => ({
  openapi: {
    method: 'GET' as const,
    path: `/api/consumer-prices/v1/${path}` as const,
    operationId,
    tags: ['consumer-prices'],
    summary,
    description: `${description} ${data}`,
  },
  cacheTier: 'slow' as const,
  // Data ages are measured at the observations' capture (the data's time, never the clock's).
  datasets: [PRICE_OBSERVATIONS],
});

export const consumerPricesRouter = router({
  getConsumerPriceOverview: operation
    .meta(
      meta(
        'get-consumer-price-overview',
        'GetConsumerPriceOverview',
        'Get a market’s headline consumer-price indices',
        'Essentials and value-basket indices on the newest observation day, their change over 7 and 30 days, the spread between ' +
          'retailers, basket coverage, the mean age of each retailer’s data in minutes when the observations were captured and the 8 categories furthest from 100. basket_slug is not used: one basket per market.',
      ),
    )
    .input(GetConsumerPriceOverviewRequest)
    .output(GetConsumerPriceOverviewResponse)
    .query(({ ctx, input }) =>
      getOverview(ctx.deps.store, input, dataTimeOf(ctx.deps.store, [PRICE_OBSERVATIONS]), () => markDegraded(ctx)),
    ),

  getConsumerPriceBasketSeries: operation
    .meta(
      meta(
        'get-consumer-price-basket-series',
        'GetConsumerPriceBasketSeries',
        'Get a basket’s index over time',
        'Essentials and value-basket indices on each observation day within range (7d, 30d, 90d or 180d; default 30d) before the newest day, oldest first.',
      ),
    )
    .input(GetConsumerPriceBasketSeriesRequest)
    .output(GetConsumerPriceBasketSeriesResponse)
    .query(({ ctx, input }) => getBasketSeries(ctx.deps.store, input, () => markDegraded(ctx))),

  listConsumerPriceCategories: operation
    .meta(
      meta(
        'list-consumer-price-categories',
        'ListConsumerPriceCategories',
        'List category indices',
        'Up to 8 categories, furthest from 100 first, with their change over range (7d into wowPct, longer into momPct; default 30d) and a sparkline of the window. basket_slug is not used.',
      ),
    )
    .input(ListConsumerPriceCategoriesRequest)
    .output(ListConsumerPriceCategoriesResponse)
    .query(({ ctx, input }) => listCategories(ctx.deps.store, input, () => markDegraded(ctx))),

  listConsumerPriceMovers: operation
    .meta(
      meta(
        'list-consumer-price-movers',
        'ListConsumerPriceMovers',
        'List products with the largest price moves',
        'Each product’s newest in-stock price against its price exactly range days earlier (7d, 30d or 90d; default 30d); moves beyond a quarter or four times are treated as misreads and left out. limit applies to risers and fallers each (default 10); category_slug keeps one category.',
      ),
    )
    .input(ListConsumerPriceMoversRequest)
    .output(ListConsumerPriceMoversResponse)
    .query(({ ctx, input }) => listMovers(ctx.deps.store, input, () => markDegraded(ctx))),

  listRetailerPriceSpreads: operation
    .meta(
      meta(
        'list-retailer-price-spreads',
        'ListRetailerPriceSpreads',
        'List what the basket costs at each retailer',
        'Each retailer’s total over the basket items every retailer prices on the newest day, cheapest first, with the gap to the cheapest and the minutes since the retailer was last observed.',
      ),
    )
    .input(ListRetailerPriceSpreadsRequest)
    .output(ListRetailerPriceSpreadsResponse)
    .query(({ ctx, input }) =>
      listSpreads(ctx.deps.store, input, dataTimeOf(ctx.deps.store, [PRICE_OBSERVATIONS]), () => markDegraded(ctx)),
    ),

  getConsumerPriceFreshness: operation
    .meta(
      meta(
        'get-consumer-price-freshness',
        'GetConsumerPriceFreshness',
        'Get how old a market’s price data is',
        'For each retailer, when it was last observed and how many minutes before the observations were captured: the real age of the data, not the health of a scraper (none runs here). A retailer unobserved for over 240 minutes counts as stalled.',
      ),
    )
    .input(GetConsumerPriceFreshnessRequest)
    .output(GetConsumerPriceFreshnessResponse)
    .query(({ ctx, input }) =>
      getFreshness(ctx.deps.store, input, dataTimeOf(ctx.deps.store, [PRICE_OBSERVATIONS]), () => markDegraded(ctx)),
    ),
});
