import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';

const dbl = (description?: string) => z.number().meta({ format: 'double', ...(description ? { description } : {}) });

export const GetResilienceScoreRequest = z
  .object({ countryCode: stringParam('ISO 3166-1 alpha-2 country (trimmed, any case); omitted or empty: US.', 8) })
  .meta({ id: 'resilience_v1_GetResilienceScoreRequest' });

export const DimensionFreshness = z
  .object({
    lastObservedAtMs: z.string().meta({
      format: 'int64',
      description: 'End of the year of the latest observation, epoch ms as a string; "0" when none.',
    }),
    staleness: z
      .string()
      .meta({ description: '`fresh` (up to 2 years old), `aging` (up to 5), `stale`, or empty when not observed.' }),
  })
  .meta({ id: 'resilience_v1_DimensionFreshness' });

export const ResilienceDimension = z
  .object({
    id: z.string(),
    score: dbl('0-100.'),
    coverage: dbl('1 for fresh data, 0.7 aging, 0.4 stale, 0 missing.'),
    observedWeight: dbl(),
    imputedWeight: dbl(),
    imputationClass: z
      .string()
      .meta({ description: 'Empty when observed; `absence-implies-safe` or `unavailable` otherwise.' }),
    freshness: DimensionFreshness,
  })
  .meta({ id: 'resilience_v1_ResilienceDimension' });

export const ResilienceDomain = z
  .object({ id: z.string(), score: dbl(), weight: dbl(), dimensions: z.array(ResilienceDimension) })
  .meta({ id: 'resilience_v1_ResilienceDomain' });

export const ScoreInterval = z.object({ p05: dbl(), p95: dbl() }).meta({ id: 'resilience_v1_ScoreInterval' });

export const ResiliencePillar = z
  .object({ id: z.string(), score: dbl(), weight: dbl(), coverage: dbl(), domains: z.array(ResilienceDomain) })
  .meta({ id: 'resilience_v1_ResiliencePillar' });

export const GetResilienceScoreResponse = z
  .object({
    countryCode: z.string(),
    overallScore: dbl('0-100; 0 when the country has no indicator data.'),
    level: z.string().meta({ description: '`high` (60+), `medium` (30+), `low`, or `unknown` without data.' }),
    domains: z.array(ResilienceDomain),
    trend: z.string().meta({
      description:
        '`rising`, `falling` or `stable`: least-squares slope, per 30 days beyond ±1 point, of the recorded daily history (newest 30 points, appended by ingestion) with today’s score.',
    }),
    change30d: dbl('Current score minus the oldest recorded point of the last 30 days; 0 without history.'),
    lowConfidence: z.boolean(),
    imputationShare: dbl(),
    baselineScore: dbl('Weighted mean of the structural-readiness and recovery-capacity pillars.'),
    stressScore: dbl('100 minus the live-shock-exposure pillar.'),
    stressFactor: dbl('stressScore / 100, at most 0.5.'),
    dataVersion: z.string().meta({ description: 'Date the World Bank indicators were fetched.' }),
    scoreInterval: ScoreInterval.optional(),
    pillars: z.array(ResiliencePillar),
    schemaVersion: z.string(),
    headlineEligible: z.boolean(),
  })
  .meta({
    id: 'resilience_v1_GetResilienceScoreResponse',
    description: 'A country’s resilience score and how it was built.',
  });

export type GetResilienceScoreResponse = z.infer<typeof GetResilienceScoreResponse>;
