import { z } from 'zod';

const double = (description?: string) => z.number().meta(description ? { format: 'double', description } : { format: 'double' });

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
  .meta({ id: 'economic_v1_GetFaoFoodPriceIndexResponse', description: 'The FAO Food Price Index and its sub-indices.' });

export type GetFaoFoodPriceIndexResponse = z.infer<typeof GetFaoFoodPriceIndexResponse>;
