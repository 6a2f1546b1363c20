import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { jobOwner } from '../../platform/jobs/admission.js';
import { FORECASTS } from './datasets/predictions.js';
import { RESOLUTIONS } from './datasets/resolutions.js';
import { SIMULATION_PACKAGE } from './datasets/simulation-package.js';
import { getForecasts, getScorecard } from './queries.js';
import { GetForecastsRequest, GetForecastsResponse } from './schemas.js';
import { GetForecastScorecardRequest, GetForecastScorecardResponse } from './scorecard-schemas.js';
import { getSimulationOutcome, getSimulationPackage, triggerSimulation } from './simulation.js';
import {
  GetSimulationOutcomeRequest,
  GetSimulationOutcomeResponse,
  GetSimulationPackageRequest,
  GetSimulationPackageResponse,
  TriggerSimulationRequest,
  TriggerSimulationResponse,
} from './simulation-schemas.js';

export const forecastRouter = router({
  getForecasts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/forecast/v1/get-forecasts',
        operationId: 'GetForecasts',
        tags: ['forecast'],
        summary: 'List the current forecast cards',
        description:
          'Forecast cards of the latest run of the forecast job, computed here from our snapshots with the published ' +
          'detectors (country instability, political unrest, UCDP conflict zones, cyber threats, GPS interference in ' +
          'shipping zones, prediction markets): probability, confidence, signals, cascades, trend against the previous ' +
          'run, projections and resolution rule. Filters: `domain` (exact) and `region` (case-insensitive substring). ' +
          'Scenarios are written by rules, not by a model.',
      },
      cacheTier: 'medium',
      datasets: [FORECASTS],
    })
    .input(GetForecastsRequest)
    .output(GetForecastsResponse)
    .query(({ ctx, input }) => getForecasts(ctx.deps.store, input)),

  getForecastScorecard: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/forecast/v1/get-forecast-scorecard',
        operationId: 'GetForecastScorecard',
        tags: ['forecast'],
        summary: 'Score past forecasts against their resolutions',
        description:
          'Brier and log scores, calibration buckets, per-domain and per-origin tallies and skill against prediction ' +
          'markets over a 180-day rolling window of the resolutions ledger, which is appended here from the forecast ' +
          'runs and resolved from our own datasets once each deadline passes. No parameters.',
      },
      cacheTier: 'fast',
      datasets: [RESOLUTIONS],
    })
    .input(GetForecastScorecardRequest)
    .output(GetForecastScorecardResponse)
    .query(({ ctx }) => getScorecard(ctx.deps.store)),

  getSimulationPackage: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/forecast/v1/get-simulation-package',
        operationId: 'GetSimulationPackage',
        tags: ['forecast'],
        summary: 'Describe the latest simulation package',
        description:
          'The run id, schema version, theater count and date of the latest simulation package, derived here from ' +
          'the current forecast run (its forecasts grouped by region into theaters). `runId` does not select an older ' +
          'package: it only adds a note when it is not the latest.',
      },
      cacheTier: 'slow',
      datasets: [SIMULATION_PACKAGE],
    })
    .input(GetSimulationPackageRequest)
    .output(GetSimulationPackageResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getSimulationPackage(ctx.deps, input.runId);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getSimulationOutcome: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/forecast/v1/get-simulation-outcome',
        operationId: 'GetSimulationOutcome',
        tags: ['forecast'],
        summary: 'Read the outcome of your simulation',
        description:
          'The outcome of a simulation you queued with trigger-simulation: a seeded Monte Carlo of 10,000 runs per ' +
          'theater over the package’s paths (each forecast happening with its probability, setting off its ' +
          'cascades), summarised per theater as the published theater summaries (top paths with the share of runs, ' +
          'dominant reactions, stabilizers). The same package always gives the same outcome. `runId` selects the ' +
          'package run; without it, your latest finished simulation. Other accounts’ simulations are never visible.',
      },
      cacheTier: 'slow',
    })
    .input(GetSimulationOutcomeRequest)
    .output(GetSimulationOutcomeResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await getSimulationOutcome(
        ctx.deps,
        jobOwner(ctx.principal),
        input.runId?.trim() || undefined,
      );
      if (degraded) markDegraded(ctx);
      return response;
    }),

  triggerSimulation: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/forecast/v1/trigger-simulation',
        operationId: 'TriggerSimulation',
        tags: ['forecast'],
        summary: 'Queue a simulation of the latest package',
        description:
          'Queues a background job that simulates every theater of the latest simulation package against the current ' +
          'forecast cards. One job per account and package run: asking again finds it (`already-handled`), as does a ' +
          'repeated Idempotency-Key. Read the result with get-simulation-outcome. With more than 100 simulations waiting ' +
          '(over every account), answers 429 with Retry-After. Requires a Pro entitlement.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      requiredTier: 1,
      ratePolicy: 'trigger-simulation',
    })
    .input(TriggerSimulationRequest)
    .output(TriggerSimulationResponse)
    .mutation(({ ctx }) => {
      const key = ctx.headers['idempotency-key'];
      return triggerSimulation(ctx.deps, jobOwner(ctx.principal), typeof key === 'string' ? key : undefined);
    }),
});
