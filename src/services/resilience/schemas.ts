import { z } from 'zod';

export const ResilienceRankingItem = z
  .object({
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the country.' }),
    overallScore: z.number().meta({
      format: 'double',
      description: 'Resilience score from 0 to 100; -1 when the country could not be scored.',
    }),
    level: z.string().meta({ description: 'Band of the score: `high`, `medium`, `low`, or `unknown` when unscored.' }),
    lowConfidence: z.boolean().meta({
      description: 'Too little of the data is present, current or measured (rather than imputed) to trust the score.',
    }),
    overallCoverage: z.number().meta({
      format: 'double',
      description: 'Share of indicators with data, discounted for stale data, from 0 to 1.',
    }),
    rankStable: z.boolean().meta({ description: 'The score’s 5th-95th percentile interval is at most 8 points wide.' }),
    headlineEligible: z
      .boolean()
      .meta({ description: 'Shown in the headline ranking (`items`) rather than greyed out.' }),
  })
  .meta({ id: 'resilience_v1_ResilienceRankingItem', description: 'One country’s place in the resilience ranking.' });

export type ResilienceRankingItem = z.infer<typeof ResilienceRankingItem>;

export const GetResilienceRankingRequest = z.object({}).meta({ id: 'resilience_v1_GetResilienceRankingRequest' });

export type GetResilienceRankingRequest = z.infer<typeof GetResilienceRankingRequest>;

export const GetResilienceRankingResponse = z
  .object({
    items: z
      .array(ResilienceRankingItem)
      .meta({ description: 'Headline-eligible countries, best score first, ties by country code.' }),
    greyedOut: z
      .array(ResilienceRankingItem)
      .meta({ description: 'Every other country, unscored ones included, in the same order.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'When the scores were computed, ISO 8601; empty when no scores are available.' }),
    scored: z.number().int().min(0).meta({ format: 'int32', description: 'Countries with a score.' }),
    total: z.number().int().min(0).meta({ format: 'int32', description: 'Countries in the scoring universe.' }),
    coverage: z
      .number()
      .min(0)
      .max(1)
      .meta({ format: 'double', description: 'scored / total, rounded to 4 decimals.' }),
    partial: z.boolean().meta({ description: 'Fewer than 95% of countries are scored, or none are available.' }),
  })
  .meta({ id: 'resilience_v1_GetResilienceRankingResponse', description: 'Countries ranked by resilience score.' });

export type GetResilienceRankingResponse = z.infer<typeof GetResilienceRankingResponse>;
