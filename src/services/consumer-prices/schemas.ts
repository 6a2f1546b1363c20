import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { DEFAULT_MARKET, DEFAULT_MOVERS_LIMIT, MAX_MOVERS_LIMIT } from './rules.js';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });
const msString = (description: string) => z.string().regex(/^\d+$/).meta({ format: 'int64', description });

const market = stringParam(`Market, lower-case ISO alpha-2 (default ${DEFAULT_MARKET}).`, 8);
const basket = stringParam('Basket slug (default essentials-<market>).', 64);
const range = (values: string) => stringParam(`Window: ${values}; anything else means 30d.`, 8);
const upstream = z.boolean().meta({
  description: 'True when the market is not in the observation snapshot (or there is none); the rest is then empty.',
});
const asOf = msString('Time of the newest observation used, Unix epoch ms as a string; "0" without data.');

export const CategorySnapshot = z
  .object({
    slug: z.string(),
    name: z.string(),
    wowPct: double('Change of the category index over 7 days, percent (for 7-day answers).'),
    momPct: double('Change over the requested window, percent (for 30-day and longer answers; 0 in the overview).'),
    currentIndex: double('Category index, 100 on the basket’s base date.'),
    sparkline: z.array(z.number().meta({ format: 'double' })).meta({
      description: 'Category index on each observation day of the window, oldest first (empty in the overview).',
    }),
    coveragePct: double('Share of the category’s items with a current price, percent.'),
    itemCount: int32('Basket items in the category.'),
  })
  .meta({ id: 'consumer_prices_v1_CategorySnapshot', description: 'Index of one basket category.' });
export type CategorySnapshot = z.infer<typeof CategorySnapshot>;

export const GetConsumerPriceOverviewRequest = z.object({ market_code: market, basket_slug: basket });
export type GetConsumerPriceOverviewRequest = z.infer<typeof GetConsumerPriceOverviewRequest>;
export const GetConsumerPriceOverviewResponse = z
  .object({
    marketCode: z.string(),
    asOf,
    currencyCode: z.string(),
    essentialsIndex: double('Fixed-basket index (mean price per item, weighted), 100 on the base date.'),
    valueBasketIndex: double('Same with each item’s cheapest price.'),
    wowPct: double('Change of the essentials index over a week, percent.'),
    momPct: double('Change over 30 days, percent.'),
    retailerSpreadPct: double('Gap between the dearest and cheapest retailer’s basket, percent.'),
    coveragePct: double('Basket items with a current price, percent.'),
    freshnessLagMin: int32('Mean minutes since each retailer was last observed: the real age of the data.'),
    topCategories: z.array(CategorySnapshot).meta({ description: 'Up to 8 categories furthest from 100.' }),
    upstreamUnavailable: upstream,
  })
  .meta({
    id: 'consumer_prices_v1_GetConsumerPriceOverviewResponse',
    description: 'Headline consumer-price indices of a market.',
  });
export type GetConsumerPriceOverviewResponse = z.infer<typeof GetConsumerPriceOverviewResponse>;

export const BasketPoint = z
  .object({ date: z.string().meta({ description: 'YYYY-MM-DD.' }), index: double('Index, 1 decimal.') })
  .meta({ id: 'consumer_prices_v1_BasketPoint', description: 'One day of an index.' });

export const GetConsumerPriceBasketSeriesRequest = z.object({
  market_code: market,
  basket_slug: basket,
  range: range('7d, 30d, 90d or 180d'),
});
export type GetConsumerPriceBasketSeriesRequest = z.infer<typeof GetConsumerPriceBasketSeriesRequest>;
export const GetConsumerPriceBasketSeriesResponse = z
  .object({
    marketCode: z.string(),
    basketSlug: z.string(),
    asOf,
    currencyCode: z.string(),
    range: z.string(),
    essentialsSeries: z
      .array(BasketPoint)
      .meta({ description: 'Essentials index on each observation day of the window, oldest first.' }),
    valueSeries: z.array(BasketPoint).meta({ description: 'Value-basket index on the same days.' }),
    upstreamUnavailable: upstream,
  })
  .meta({
    id: 'consumer_prices_v1_GetConsumerPriceBasketSeriesResponse',
    description: 'A basket’s indices over a window.',
  });
export type GetConsumerPriceBasketSeriesResponse = z.infer<typeof GetConsumerPriceBasketSeriesResponse>;

export const ListConsumerPriceCategoriesRequest = z.object({
  market_code: market,
  basket_slug: basket,
  range: range('7d, 30d, 90d or 180d'),
});
export type ListConsumerPriceCategoriesRequest = z.infer<typeof ListConsumerPriceCategoriesRequest>;
export const ListConsumerPriceCategoriesResponse = z
  .object({
    marketCode: z.string(),
    asOf,
    range: z.string(),
    categories: z.array(CategorySnapshot).meta({ description: 'Up to 8, furthest from 100 first.' }),
    upstreamUnavailable: upstream,
  })
  .meta({ id: 'consumer_prices_v1_ListConsumerPriceCategoriesResponse', description: 'Category indices of a market.' });
export type ListConsumerPriceCategoriesResponse = z.infer<typeof ListConsumerPriceCategoriesResponse>;

export const PriceMover = z
  .object({
    productId: z.string(),
    title: z.string(),
    category: z.string(),
    retailerSlug: z.string(),
    changePct: double('Change since the start of the window, percent, 2 decimals.'),
    currentPrice: double('Latest in-stock price.'),
    currencyCode: z.string(),
  })
  .meta({ id: 'consumer_prices_v1_PriceMover', description: 'A product whose price moved.' });

export const ListConsumerPriceMoversRequest = z.object({
  market_code: market,
  range: range('7d, 30d or 90d'),
  limit: int32Param({
    description: `Risers and fallers each: omitted, 0 or negative means ${DEFAULT_MOVERS_LIMIT}; at most ${MAX_MOVERS_LIMIT}.`,
  }),
  category_slug: stringParam('Only products of this category (e.g. dairy).', 64),
});
export type ListConsumerPriceMoversRequest = z.infer<typeof ListConsumerPriceMoversRequest>;
export const ListConsumerPriceMoversResponse = z
  .object({
    marketCode: z.string(),
    asOf,
    range: z.string(),
    risers: z.array(PriceMover).meta({ description: 'Largest rises first.' }),
    fallers: z.array(PriceMover).meta({ description: 'Largest falls first.' }),
    upstreamUnavailable: upstream,
  })
  .meta({
    id: 'consumer_prices_v1_ListConsumerPriceMoversResponse',
    description: 'Products with the largest price moves.',
  });
export type ListConsumerPriceMoversResponse = z.infer<typeof ListConsumerPriceMoversResponse>;

export const RetailerSpread = z
  .object({
    slug: z.string(),
    name: z.string(),
    basketTotal: double('Sum of the retailer’s cheapest current prices over the items every retailer carries.'),
    deltaVsCheapest: double('Above the cheapest retailer’s total, currency units, 2 decimals.'),
    deltaVsCheapestPct: double('The same in percent, 1 decimal.'),
    itemCount: int32('Items in the total.'),
    freshnessMin: int32('Minutes since the retailer was last observed.'),
    currencyCode: z.string(),
  })
  .meta({ id: 'consumer_prices_v1_RetailerSpread', description: 'One retailer’s basket total.' });

export const ListRetailerPriceSpreadsRequest = z.object({ market_code: market, basket_slug: basket });
export type ListRetailerPriceSpreadsRequest = z.infer<typeof ListRetailerPriceSpreadsRequest>;
export const ListRetailerPriceSpreadsResponse = z
  .object({
    marketCode: z.string(),
    asOf,
    basketSlug: z.string(),
    currencyCode: z.string(),
    retailers: z.array(RetailerSpread).meta({ description: 'Cheapest first.' }),
    spreadPct: double('Dearest over cheapest total, percent; 0 with fewer than 2 retailers or 4 common items.'),
    upstreamUnavailable: upstream,
  })
  .meta({
    id: 'consumer_prices_v1_ListRetailerPriceSpreadsResponse',
    description: 'What the same basket costs at each retailer.',
  });
export type ListRetailerPriceSpreadsResponse = z.infer<typeof ListRetailerPriceSpreadsResponse>;

export const RetailerFreshnessInfo = z
  .object({
    slug: z.string(),
    name: z.string(),
    lastRunAt: msString('Last observation of the retailer, Unix epoch ms as a string.'),
    status: z.string().meta({ description: '"fresh" when observed within 240 minutes, else "stalled".' }),
    parseSuccessRate: double(
      'Share of basket items with an in-stock price on the retailer’s last observation day, 0 to 1.',
    ),
    freshnessMin: int32('Minutes since that observation.'),
  })
  .meta({ id: 'consumer_prices_v1_RetailerFreshnessInfo', description: 'How old one retailer’s data is.' });

export const GetConsumerPriceFreshnessRequest = z.object({ market_code: market });
export type GetConsumerPriceFreshnessRequest = z.infer<typeof GetConsumerPriceFreshnessRequest>;
export const GetConsumerPriceFreshnessResponse = z
  .object({
    marketCode: z.string(),
    asOf,
    retailers: z.array(RetailerFreshnessInfo),
    overallFreshnessMin: int32('Mean of the retailers’ minutes since last observation.'),
    stalledCount: int32('Retailers not observed for more than 240 minutes.'),
    upstreamUnavailable: upstream,
  })
  .meta({
    id: 'consumer_prices_v1_GetConsumerPriceFreshnessResponse',
    description: 'The real age of a market’s price observations.',
  });
export type GetConsumerPriceFreshnessResponse = z.infer<typeof GetConsumerPriceFreshnessResponse>;
