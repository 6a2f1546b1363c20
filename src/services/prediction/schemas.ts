import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { PaginationResponse } from '../../platform/schemas/core.js';
import { DEFAULT_PAGE_SIZE, FINANCE_CATEGORIES, MAX_PAGE_SIZE, TECH_CATEGORIES } from './rules.js';

export const PredictionMarket = z
  .object({
    id: z.string().min(1).meta({ description: 'Last path segment of the market’s page.' }),
    title: z.string(),
    yesPrice: z
      .number()
      .min(0)
      .max(1)
      .meta({ format: 'double', description: 'Price of Yes, 0 to 1: the market’s implied probability.' }),
    volume: z
      .number()
      .min(0)
      .meta({ format: 'double', description: 'Traded volume, US dollars (Polymarket) or contracts (Kalshi).' }),
    url: z.string(),
    closesAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the market closes, Unix epoch ms; 0 when unknown.' }),
    category: z.string().meta({
      description:
        'The requested category, or the market’s pool (geopolitical, tech, finance) when none was requested.',
    }),
    source: z.enum(['MARKET_SOURCE_UNSPECIFIED', 'MARKET_SOURCE_POLYMARKET', 'MARKET_SOURCE_KALSHI']),
  })
  .meta({ id: 'prediction_v1_PredictionMarket', description: 'One prediction market.' });
export type PredictionMarket = z.infer<typeof PredictionMarket>;

export const ListPredictionMarketsRequest = z.object({
  page_size: int32Param({
    description: `Markets per page: omitted, 0 or negative means ${DEFAULT_PAGE_SIZE}; at most ${MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  category: z
    .enum([...TECH_CATEGORIES, ...FINANCE_CATEGORIES])
    .meta({
      description:
        'ai, tech, crypto or science read the technology pool; economy, fed, inflation, interest-rates, recession, trade, tariffs or debt-ceiling the finance pool. Omitted: all pools, geopolitical included.',
    })
    .optional(),
  query: stringParam(
    'Keeps markets whose title contains this text, case-insensitively (first 100 characters used).',
    1000,
  ),
});
export type ListPredictionMarketsRequest = z.infer<typeof ListPredictionMarketsRequest>;

export const ListPredictionMarketsResponse = z
  .object({
    markets: z.array(PredictionMarket).meta({ description: 'Largest volume first.' }),
    pagination: PaginationResponse.optional(),
    fetchedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the markets were read, Unix epoch ms; 0 without a snapshot.' }),
    dataAvailable: z.boolean().meta({ description: 'False without a snapshot or when the requested pool is empty.' }),
  })
  .meta({
    id: 'prediction_v1_ListPredictionMarketsResponse',
    description: 'Selected prediction markets from Polymarket and Kalshi.',
  });
export type ListPredictionMarketsResponse = z.infer<typeof ListPredictionMarketsResponse>;
