import { z } from 'zod';

const double = (description?: string) =>
  z.number().meta(description ? { format: 'double', description } : { format: 'double' });

// ---------------------------------------------------------------------------------------------
// FAO Food Price Index
// ---------------------------------------------------------------------------------------------

export const FaoFoodPricePoint = z
  .object({
    date: z.string().meta({ description: 'Month, YYYY-MM.' }),
    ffpi: double('Food price index, 2014-2016 = 100.'),
    meat: double(),
    dairy: double(),
    cereals: double(),
    oils: double('Vegetable oils.'),
    sugar: double(),
  })
  .meta({ id: 'economic_v1_FaoFoodPricePoint' });

export const GetFaoFoodPriceIndexRequest = z.object({});

export const GetFaoFoodPriceIndexResponse = z
  .object({
    points: z.array(FaoFoodPricePoint).meta({ description: 'The last twelve months, oldest first.' }),
    fetchedAt: z.string().meta({ description: 'When the index was fetched (ISO 8601); empty without data.' }),
    currentFfpi: double('Latest food price index.'),
    momPct: double('Percent change from the month before, 2 decimals; 0 without it.'),
    yoyPct: double('Percent change from twelve months before, 2 decimals; 0 without it.'),
  })
  .meta({
    id: 'economic_v1_GetFaoFoodPriceIndexResponse',
    description: 'The FAO Food Price Index and its sub-indices.',
  });

export type GetFaoFoodPriceIndexResponse = z.infer<typeof GetFaoFoodPriceIndexResponse>;

// ---------------------------------------------------------------------------------------------
// Big Mac prices
// ---------------------------------------------------------------------------------------------

export const BigMacCountryPrice = z
  .object({
    code: z.string().meta({ description: 'ISO 3166-1 alpha-2 (`EU` for the euro area).' }),
    name: z.string(),
    currency: z.string().meta({ description: 'ISO 4217 code of the local price.' }),
    flag: z.string().meta({ description: 'Flag emoji.' }),
    localPrice: double('Price of a Big Mac in local currency.'),
    usdPrice: double('The same in US dollars at the survey’s exchange rate, 2 decimals.'),
    fxRate: double('US dollars per unit of local currency used for the conversion.'),
    sourceSite: z.string().meta({ description: 'Where the price comes from: The Economist’s Big Mac index.' }),
    available: z.boolean().meta({ description: 'False when the dollar price is outside 1.50-12.00 and is not used.' }),
    wowPct: double(
      'Change of the dollar price since the previous survey, percent (2 decimals); absent without a usable comparison.',
    ).optional(),
  })
  .meta({ id: 'economic_v1_BigMacCountryPrice' });

export const ListBigMacPricesRequest = z.object({});

export const ListBigMacPricesResponse = z
  .object({
    countries: z
      .array(BigMacCountryPrice)
      .meta({ description: 'Countries of the latest survey, cheapest in dollars first.' }),
    fetchedAt: z.string().meta({ description: 'Date of the latest survey, YYYY-MM-DD; empty without data.' }),
    cheapestCountry: z.string().meta({ description: 'Code of the cheapest available country.' }),
    mostExpensiveCountry: z.string().meta({ description: 'Code of the most expensive available country.' }),
    wowAvgPct: double('Mean change since the previous survey over the countries that have one, percent.'),
    wowAvailable: z.boolean().meta({ description: 'True when the previous survey gives a usable comparison.' }),
    prevFetchedAt: z.string().meta({ description: 'Date of the previous survey, YYYY-MM-DD; empty without one.' }),
  })
  .meta({
    id: 'economic_v1_ListBigMacPricesResponse',
    description: 'Big Mac prices by country from The Economist’s Big Mac index.',
  });

export type ListBigMacPricesResponse = z.infer<typeof ListBigMacPricesResponse>;

// ---------------------------------------------------------------------------------------------
// Grocery basket
// ---------------------------------------------------------------------------------------------

export const GroceryItemPrice = z
  .object({
    itemId: z.string(),
    itemName: z.string(),
    unit: z.string(),
    localPrice: double('Shelf price in local currency; 0 when not found.'),
    usdPrice: double('The same in US dollars (2 decimals); 0 when not found.'),
    currency: z.string(),
    sourceSite: z
      .string()
      .meta({ description: 'Retailer site the price was read from, with the date of the observation.' }),
    available: z
      .boolean()
      .meta({ description: 'False when the item was not found or its price failed the plausibility checks.' }),
  })
  .meta({ id: 'economic_v1_GroceryItemPrice' });

export const CountryBasket = z
  .object({
    code: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
    name: z.string(),
    currency: z.string(),
    flag: z.string(),
    totalUsd: double('Sum of the available items, US dollars.'),
    fxRate: double('US dollars per unit of local currency on the observation day.'),
    items: z.array(GroceryItemPrice).meta({ description: 'The ten basket items, in basket order.' }),
    wowPct: double('Change of totalUsd from the week before, percent; absent without a week before.').optional(),
  })
  .meta({ id: 'economic_v1_CountryBasket' });

export const ListGroceryBasketPricesRequest = z.object({});

export const ListGroceryBasketPricesResponse = z
  .object({
    countries: z.array(CountryBasket).meta({ description: 'Cheapest basket first.' }),
    fetchedAt: z.string().meta({
      description: 'Date the prices were observed (YYYY-MM-DD): these are bundled observations, not live prices.',
    }),
    cheapestCountry: z.string(),
    mostExpensiveCountry: z.string(),
    upstreamUnavailable: z.boolean(),
    wowAvgPct: double('Mean week-over-week change over the countries that have one, percent.'),
    wowAvailable: z.boolean(),
    prevFetchedAt: z
      .string()
      .meta({ description: 'Date of the previous observations (YYYY-MM-DD); empty without them.' }),
  })
  .meta({
    id: 'economic_v1_ListGroceryBasketPricesResponse',
    description: 'A ten-item grocery basket priced across countries.',
  });

export type ListGroceryBasketPricesResponse = z.infer<typeof ListGroceryBasketPricesResponse>;

// ---------------------------------------------------------------------------------------------
// Fuel prices
// ---------------------------------------------------------------------------------------------

export const FuelPrice = z
  .object({
    usdPrice: double('US dollars per litre.'),
    localPrice: double('Local currency per litre.'),
    grade: z
      .string()
      .meta({ description: 'Grade as the source names it (RON95, Regular, Euro-super 95, ULSP, Diesel ...).' }),
    source: z.string(),
    available: z.boolean(),
    wowPct: double(
      'Change from the source’s price of a week or more before, percent; absent without one or when over 15%.',
    ).optional(),
    observedAt: z.string().meta({ description: 'Date the price stands for, YYYY-MM-DD.' }),
  })
  .meta({ id: 'economic_v1_FuelPrice' });

export const FuelCountryPrice = z
  .object({
    code: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
    name: z.string(),
    currency: z.string(),
    flag: z.string(),
    gasoline: FuelPrice.optional(),
    diesel: FuelPrice.optional(),
    fxRate: double('US dollars per unit of local currency used.'),
  })
  .meta({ id: 'economic_v1_FuelCountryPrice' });

export const ListFuelPricesRequest = z.object({});

export const ListFuelPricesResponse = z
  .object({
    countries: z.array(FuelCountryPrice).meta({ description: 'By country code.' }),
    fetchedAt: z.string().meta({ description: 'When the prices were fetched (ISO 8601); empty without data.' }),
    cheapestGasoline: z.string().meta({ description: 'Country code with the cheapest gasoline in US dollars.' }),
    cheapestDiesel: z.string(),
    mostExpensiveGasoline: z.string(),
    mostExpensiveDiesel: z.string(),
    wowAvailable: z.boolean().meta({ description: 'True when at least one price has a week-over-week change.' }),
    prevFetchedAt: z.string().meta({
      description: 'Always empty: changes compare each source’s own previous price, not an earlier snapshot.',
    }),
    sourceCount: z.number().int().meta({ format: 'int32', description: 'Sources that gave prices.' }),
    countryCount: z.number().int().meta({ format: 'int32' }),
  })
  .meta({ id: 'economic_v1_ListFuelPricesResponse', description: 'Retail gasoline and diesel prices by country.' });

export type ListFuelPricesResponse = z.infer<typeof ListFuelPricesResponse>;
