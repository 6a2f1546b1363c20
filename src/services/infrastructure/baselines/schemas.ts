import { z } from 'zod';
import { doubleParam, stringParam } from '../../../platform/query-params.js';

/** Kinds of activity a baseline is kept for (the published filter contract's list). */
export const BASELINE_TYPES = [
  'military_flights',
  'vessels',
  'protests',
  'news',
  'ais_gaps',
  'satellite_fires',
] as const;
export type BaselineType = (typeof BASELINE_TYPES)[number];

const i32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });
const dbl = (description: string) => z.number().meta({ format: 'double', description });

export const BaselineAnomaly = z
  .object({
    zScore: dbl('|count − mean| / standard deviation, 2 decimals (0 when the baseline does not vary).'),
    severity: z.string().meta({ description: '`critical` (z ≥ 3), `high` (z ≥ 2) or `medium` (z ≥ 1.5).' }),
    multiplier: dbl('count / mean, 2 decimals (999 when the mean is 0 and the count is not).'),
  })
  .meta({ id: 'infrastructure_v1_BaselineAnomaly', description: 'How far a count is from its baseline.' });

export const BaselineStats = z
  .object({
    mean: dbl('Mean of the recorded counts, 2 decimals.'),
    stdDev: dbl('Sample standard deviation of the recorded counts, 2 decimals.'),
    sampleCount: i32('Recorded counts behind the baseline.'),
  })
  .meta({
    id: 'infrastructure_v1_BaselineStats',
    description: 'Mean and spread of the counts recorded for one weekday and month.',
  });

export const GetTemporalBaselineRequest = z.object({
  type: z
    .enum(BASELINE_TYPES)
    .meta({ description: 'Activity kind: military_flights, vessels, protests, news, ais_gaps or satellite_fires.' }),
  region: stringParam('Region the counts describe. Omitted means `global`.', 64),
  count: doubleParam({
    min: 0,
    description: 'Current count to score against the baseline. Omitted means only the baseline is returned.',
  }),
});
export type GetTemporalBaselineRequest = z.infer<typeof GetTemporalBaselineRequest>;

export const GetTemporalBaselineResponse = z
  .object({
    anomaly: BaselineAnomaly.optional().meta({
      description: 'Present when a count was given and lies 1.5 standard deviations or more from the mean.',
    }),
    baseline: BaselineStats.optional().meta({
      description: 'Present once at least 10 counts are recorded for this weekday and month.',
    }),
    learning: z
      .boolean()
      .meta({ description: 'True while fewer than 10 counts are recorded for this weekday and month.' }),
    sampleCount: i32('Counts recorded for this type, region, weekday and month.'),
    samplesNeeded: i32('Counts needed before the baseline is used (10) while learning; 0 after.'),
    error: z.string().meta({ description: 'Empty on success.' }),
  })
  .meta({
    id: 'infrastructure_v1_GetTemporalBaselineResponse',
    description: 'The baseline of one activity count for the current weekday and month.',
  });
export type GetTemporalBaselineResponse = z.infer<typeof GetTemporalBaselineResponse>;

export const BaselineUpdate = z
  .object({
    type: z
      .string()
      .min(1)
      .max(64)
      .meta({ description: 'Activity kind; counts of kinds outside the published list are skipped.' }),
    region: z.string().max(64).optional().meta({ description: 'Region; omitted or empty means `global`.' }),
    count: z
      .number()
      .optional()
      .meta({ format: 'double', description: 'The observed count; a missing or negative count is skipped.' }),
  })
  .meta({ id: 'infrastructure_v1_BaselineUpdate', description: 'One observed count to add to its baseline.' });
export type BaselineUpdate = z.infer<typeof BaselineUpdate>;

export const RecordBaselineSnapshotRequest = z
  .object({
    updates: z
      .array(BaselineUpdate)
      .max(1000)
      .optional()
      .meta({ description: 'Counts to record; only the first 20 are used.' }),
  })
  .meta({
    id: 'infrastructure_v1_RecordBaselineSnapshotRequest',
    description: 'Observed counts to add to the temporal baselines.',
  });
export type RecordBaselineSnapshotRequest = z.infer<typeof RecordBaselineSnapshotRequest>;

export const RecordBaselineSnapshotResponse = z
  .object({
    updated: i32('Counts recorded.'),
    error: z.string().meta({ description: 'Empty on success; says why nothing was recorded otherwise.' }),
  })
  .meta({ id: 'infrastructure_v1_RecordBaselineSnapshotResponse', description: 'What was recorded.' });
export type RecordBaselineSnapshotResponse = z.infer<typeof RecordBaselineSnapshotResponse>;

export const TemporalAnomaly = z
  .object({
    type: z.string().meta({ description: 'Activity kind (`satellite_fires`, `news`).' }),
    region: z.string().meta({ description: 'Always `global`.' }),
    currentCount: i32('The current count.'),
    expectedCount: i32('The baseline mean, rounded.'),
    zScore: dbl('Standard scores from the mean, 2 decimals.'),
    severity: z.string().meta({ description: '`critical`, `high` or `medium`.' }),
    multiplier: dbl('current / mean.'),
    message: z.string().meta({
      description:
        'One line for people, e.g. `Satellite fire detections 2.8x normal for Friday (November) — 51 vs baseline 18`.',
    }),
  })
  .meta({
    id: 'infrastructure_v1_TemporalAnomaly',
    description: 'An activity count unusual for the weekday and month.',
  });

export const ListTemporalAnomaliesRequest = z.object({});
export type ListTemporalAnomaliesRequest = z.infer<typeof ListTemporalAnomaliesRequest>;

export const ListTemporalAnomaliesResponse = z
  .object({
    anomalies: z.array(TemporalAnomaly).meta({ description: 'Unusual counts, largest z-score first.' }),
    trackedTypes: z.array(z.string()).meta({ description: 'Kinds checked: `news` and `satellite_fires`.' }),
    computedAt: z.string().meta({ description: 'When the comparison was made, ISO 8601.' }),
  })
  .meta({
    id: 'infrastructure_v1_ListTemporalAnomaliesResponse',
    description: 'Activity counts that stand out against their baselines.',
  });
export type ListTemporalAnomaliesResponse = z.infer<typeof ListTemporalAnomaliesResponse>;
