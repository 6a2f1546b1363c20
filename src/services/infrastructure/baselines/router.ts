import { operation } from '../../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../../platform/batch/idempotency-headers.js';
import { FIRE_DETECTIONS } from '../../wildfire/index.js';
import { TEMPORAL_BASELINES } from './datasets/temporal-baselines.js';
import { getTemporalBaseline, listTemporalAnomalies } from './queries.js';
import { recordBaselineSnapshot } from './recorder.js';
import {
  GetTemporalBaselineRequest,
  GetTemporalBaselineResponse,
  ListTemporalAnomaliesRequest,
  ListTemporalAnomaliesResponse,
  RecordBaselineSnapshotRequest,
  RecordBaselineSnapshotResponse,
} from './schemas.js';

/**
 * Temporal baselines: counts recorded per activity kind, region, UTC weekday and month, and what
 * stands out against them. "The current weekday" is the baselines' data time (their latest
 * recording), never the clock's, so answers are cached per snapshot version.
 */
export const baselineProcedures = {
  getTemporalBaseline: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/get-temporal-baseline',
        operationId: 'GetTemporalBaseline',
        tags: ['infrastructure'],
        summary: 'Get the baseline of an activity count',
        description:
          'Mean and standard deviation of the counts recorded (through record-baseline-snapshot, seeded from a bundled ' +
          'history) for one activity kind and region on the UTC weekday and month of the latest recording. With fewer ' +
          'than 10 counts the ' +
          'answer says learning. Give `count` to score it: an anomaly is reported from 1.5 standard deviations (medium), ' +
          '2 (high) and 3 (critical). `type` is required; `region` defaults to `global`.',
      },
      cacheTier: 'slow',
      datasets: [TEMPORAL_BASELINES],
    })
    .input(GetTemporalBaselineRequest)
    .output(GetTemporalBaselineResponse)
    .query(({ ctx, input }) => getTemporalBaseline(ctx.deps.store, input)),

  recordBaselineSnapshot: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/infrastructure/v1/record-baseline-snapshot',
        operationId: 'RecordBaselineSnapshot',
        tags: ['infrastructure'],
        summary: 'Record activity counts',
        description:
          'Adds observed counts (`{"updates":[{"type":"news","region":"global","count":42}]}`) to the temporal baselines, ' +
          'stamped with the current time. Only the first 20 updates are used; updates of an unknown kind or without a ' +
          'non-negative count are skipped. The counts are published as a new version of the baseline dataset through ' +
          'the same validation as a loaded file; counts older than 90 days are dropped. An Idempotency-Key makes a retry safe. ' +
          'Operator keys only (a 403 for any other key): the baseline is one history shared by every caller, so a count ' +
          'recorded by one account would change the anomalies every other account is shown.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      operatorOnly: true,
    })
    .input(RecordBaselineSnapshotRequest)
    .output(RecordBaselineSnapshotResponse)
    .mutation(({ ctx, input }) => recordBaselineSnapshot(ctx, input)),

  listTemporalAnomalies: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-temporal-anomalies',
        operationId: 'ListTemporalAnomalies',
        tags: ['infrastructure'],
        summary: 'List unusual activity counts',
        description:
          'Compares tracked counts with their temporal baselines for the same UTC weekday and month and lists those ' +
          '1.5 standard deviations or more away, largest first. Satellite fire detections count the last 24 hours of the ' +
          'fire snapshot (list-fire-detections); `news` is tracked, but this service holds no news-velocity count, so it ' +
          'never appears. Reading does not record anything: counts are added through record-baseline-snapshot.',
      },
      cacheTier: 'medium',
      datasets: [TEMPORAL_BASELINES, FIRE_DETECTIONS],
    })
    .input(ListTemporalAnomaliesRequest)
    .output(ListTemporalAnomaliesResponse)
    .query(({ ctx }) => listTemporalAnomalies(ctx.deps.store)),
};
