import { z } from 'zod';
import { CiiScore } from '../country/schemas.js';

export const StrategicRisk = z
  .object({
    region: z.string().meta({ description: 'Always `global`.' }),
    level: z
      .enum(['SEVERITY_LEVEL_UNSPECIFIED', 'SEVERITY_LEVEL_LOW', 'SEVERITY_LEVEL_MEDIUM', 'SEVERITY_LEVEL_HIGH'])
      .meta({ description: 'HIGH from 70, MEDIUM from 40, LOW below.' }),
    score: z.number().min(0).max(100).meta({
      format: 'double',
      description: 'min(100, round(0.7 × weighted average of the five highest country scores + 15)).',
    }),
    factors: z
      .array(z.string())
      .meta({ description: 'The five countries (alpha-2) the score is made of, highest first.' }),
    trend: z
      .enum([
        'TREND_DIRECTION_UNSPECIFIED',
        'TREND_DIRECTION_RISING',
        'TREND_DIRECTION_STABLE',
        'TREND_DIRECTION_FALLING',
      ])
      .meta({ description: 'Always STABLE, as published.' }),
  })
  .meta({ id: 'intelligence_v1_StrategicRisk' });

export const GetRiskScoresRequest = z
  .object({
    region: z
      .string()
      .max(64)
      .meta({
        description:
          'ISO alpha-2 code (any case, trimmed) to keep one country; empty or omitted for all. Any other value answers empty lists, as published.',
      })
      .optional(),
  })
  .meta({ id: 'intelligence_v1_GetRiskScoresRequest' });
export type GetRiskScoresRequest = z.infer<typeof GetRiskScoresRequest>;

export const GetRiskScoresResponse = z
  .object({
    ciiScores: z.array(CiiScore).meta({ description: 'Highest combinedScore first.' }),
    strategicRisks: z
      .array(StrategicRisk)
      .meta({ description: 'The one global entry; empty when a region is asked for.' }),
    degraded: z.boolean().meta({
      description:
        'An input is missing: no instability export (then no scores), or no advisories or sanctions list (their boosts left out).',
    }),
    stale: z.boolean().meta({
      description: 'The last refresh of the instability export failed; the scores are from the previous one.',
    }),
  })
  .meta({ id: 'intelligence_v1_GetRiskScoresResponse' });
export type GetRiskScoresResponse = z.infer<typeof GetRiskScoresResponse>;
