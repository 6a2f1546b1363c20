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
      description:
        'Capture time of the oldest indicator snapshot the dimension reads, epoch ms as a string; "0" when it reads none that is loaded.',
    }),
    staleness: z.string().meta({
      description:
        'Worst age of those snapshots against their publication cadence: `fresh` (under 1.5 cadences), `aging` (under 3), `stale` (older, or not loaded); empty when the dimension reads no indicator ingested here.',
    }),
  })
  .meta({ id: 'resilience_v1_DimensionFreshness' });

export const ResilienceDimension = z
  .object({
    id: z.string(),
    score: dbl('0-100, an integer.'),
    coverage: dbl(
      'Share of the dimension’s designed signal present, 0-1: observed metrics count 1, imputed ones their certainty, sources not read 0.',
    ),
    observedWeight: dbl(),
    imputedWeight: dbl(),
    imputationClass: z.string().meta({
      description:
        'Empty when anything was observed or nothing scored; when wholly imputed, `stable-absence`, `unmonitored`, `source-failure` or `not-applicable`.',
    }),
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
    overallScore: dbl(
      'Pillars weighted .40/.35/.25, scaled by 1 − 0.5 × (1 − weakest pillar / 100), 0-100; 0 when the country is not scored.',
    ),
    level: z
      .string()
      .meta({ description: '`high` (60+), `medium` (30+), `low`, or `unknown` when the country is not scored.' }),
    domains: z.array(ResilienceDomain),
    trend: z.string().meta({
      description:
        '`rising`, `falling` or `stable`: least-squares slope per point, over the mean, beyond ±0.5%, of the recorded daily history (newest 30 points, appended at each recomputation) before the scores’ day, then the current score.',
    }),
    change30d: dbl('Current score minus the oldest recorded point before the scores’ day; 0 without history.'),
    lowConfidence: z.boolean(),
    imputationShare: dbl(),
    baselineScore: dbl('Coverage-weighted mean of the baseline and mixed dimensions.'),
    stressScore: dbl('Coverage-weighted mean of the stress and mixed dimensions.'),
    stressFactor: dbl('1 − stressScore / 100, within 0-0.5.'),
    dataVersion: z
      .string()
      .meta({ description: 'Date of the data the scores were computed from (newest input capture).' }),
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
