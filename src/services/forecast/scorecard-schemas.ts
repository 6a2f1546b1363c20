import { z } from 'zod';

const dbl = (description?: string) => z.number().meta({ format: 'double', ...(description ? { description } : {}) });
const i32 = (description?: string) =>
  z
    .number()
    .int()
    .meta({ format: 'int32', ...(description ? { description } : {}) });

export const GetForecastScorecardRequest = z.object({}).meta({ id: 'forecast_v1_GetForecastScorecardRequest' });

export const ScorecardTotals = z
  .object({
    entries: i32('Ledger entries in the rolling window.'),
    resolved: i32('Resolved or voided.'),
    pending: i32('Deadline not reached.'),
    pendingJudge: i32('Past the deadline, waiting for a judged resolution.'),
    scored: i32('Resolved yes or no with a valid probability.'),
    void: i32(),
    voidRate: dbl('void / resolved.'),
    publicationCoverage: dbl('Share of the window’s entries that are scored (resolved yes or no): scored / entries.'),
  })
  .meta({ id: 'forecast_v1_ScorecardTotals' });

export const ScorecardSummary = z
  .object({ count: i32(), brier: dbl('Mean (p - outcome)^2.'), logScore: dbl('Mean logarithmic loss.') })
  .meta({ id: 'forecast_v1_ScorecardSummary' });

const groupFields = {
  resolved: i32(),
  scored: i32(),
  void: i32(),
  voidRate: dbl(),
  brier: dbl().optional(),
  logScore: dbl().optional(),
};
export const ScorecardDomainGroup = z
  .object({ domain: z.string(), ...groupFields })
  .meta({ id: 'forecast_v1_ScorecardDomainGroup' });
export const ScorecardGenerationOriginGroup = z
  .object({ generationOrigin: z.string(), ...groupFields })
  .meta({ id: 'forecast_v1_ScorecardGenerationOriginGroup' });

export const ScorecardCalibrationBucket = z
  .object({
    bucket: z.string().meta({ description: '`0-10` ... `90-100` (percent).' }),
    minProbability: dbl(),
    maxProbability: dbl(),
    count: i32(),
    predictedMean: dbl().optional(),
    realizedRate: dbl().optional(),
    brier: dbl().optional(),
  })
  .meta({ id: 'forecast_v1_ScorecardCalibrationBucket' });

export const ScorecardMarketSkill = z
  .object({
    count: i32(),
    forecastBrier: dbl(),
    marketBrier: dbl(),
    brierDelta: dbl('marketBrier - forecastBrier; positive means the forecasts beat the market.'),
  })
  .meta({ id: 'forecast_v1_ScorecardMarketSkill' });

export const ScorecardSkill = z
  .object({
    count: i32(),
    brier: dbl().optional(),
    logScore: dbl().optional(),
    excludedScored: i32(),
    excludedOrigins: z.array(z.string()).meta({ description: 'Excluded origins that have scored entries, sorted.' }),
  })
  .meta({ id: 'forecast_v1_ScorecardSkill' });

export const GetForecastScorecardResponse = z
  .object({
    schemaVersion: i32(),
    generatedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Date of the resolutions ledger, epoch ms; 0 when none is loaded.' }),
    rollingWindowDays: i32(),
    methodology: z.string(),
    totals: ScorecardTotals,
    overall: ScorecardSummary.optional(),
    byDomain: z.array(ScorecardDomainGroup),
    byGenerationOrigin: z.array(ScorecardGenerationOriginGroup),
    calibration: z.array(ScorecardCalibrationBucket),
    vsMarketSkill: ScorecardMarketSkill.optional(),
    degraded: z.boolean(),
    stale: z.boolean().meta({ description: 'The ledger is more than 36 hours old.' }),
    error: z.string(),
    skill: ScorecardSkill.optional(),
  })
  .meta({ id: 'forecast_v1_GetForecastScorecardResponse', description: 'How well past forecasts did.' });

export type GetForecastScorecardResponse = z.infer<typeof GetForecastScorecardResponse>;
