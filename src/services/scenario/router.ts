import { ServiceError } from '../../platform/errors.js';
import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { ensureQueueCapacity, jobOwner } from '../../platform/jobs/admission.js';
import { SCENARIO_TEMPLATES } from './datasets/templates.js';
import { SCENARIO_JOB, type ScenarioJobInput } from './jobs.js';
import { findTemplate, scenarioTemplates } from './queries.js';
import { JOB_ID_PATTERN, scenarioStatusOf } from './rules.js';
import { SCENARIO_RUNS } from './runs.js';
import {
  GetScenarioStatusRequest,
  GetScenarioStatusResponse,
  ListScenarioTemplatesRequest,
  ListScenarioTemplatesResponse,
  RunScenarioRequest,
  RunScenarioResponse,
  type ScenarioResult,
} from './schemas.js';

const STATUS_PATH = '/api/scenario/v1/get-scenario-status';

export const scenarioRouter = router({
  listScenarioTemplates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/scenario/v1/list-scenario-templates',
        operationId: 'ListScenarioTemplates',
        tags: ['scenario'],
        summary: 'List the supply-chain disruption scenarios',
        description:
          'The scenario templates run-scenario accepts: which chokepoints each disrupts, by how much and for how long, ' +
          'which HS2 chapters it hits and the cost multiplier. A reference table restated from the published service. No filters.',
      },
      cacheTier: 'daily',
      datasets: [SCENARIO_TEMPLATES],
    })
    .input(ListScenarioTemplatesRequest)
    .output(ListScenarioTemplatesResponse)
    .query(({ ctx }) => {
      const templates = scenarioTemplates(ctx.deps.store);
      if (!templates) markDegraded(ctx);
      return { templates: templates ? [...templates] : [] };
    }),

  runScenario: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/scenario/v1/run-scenario',
        operationId: 'RunScenario',
        tags: ['scenario'],
        summary: 'Queue a scenario impact computation',
        description:
          'Queues a job that applies a scenario template to the HS2 chokepoint trade exposure snapshot and ranks the ' +
          'countries it hits hardest. Answers 202 with the job id and its status address (`Location`). The same ' +
          'scenario and country asked again by the same account finds the same job (unless it failed), as does a ' +
          'repeated Idempotency-Key. Jobs belong to the account that queued them. With more than 100 scenario jobs waiting ' +
          '(over every account), answers 429 with Retry-After. Requires a Pro entitlement.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      requiredTier: 1,
      ratePolicy: 'run-scenario',
      successStatus: 202,
    })
    .input(RunScenarioRequest)
    .output(RunScenarioResponse)
    .mutation(async ({ ctx, input }) => {
      if (!findTemplate(ctx.deps.store, input.scenarioId)) {
        throw ServiceError.validation([{ field: 'scenarioId', description: `Unknown scenario: ${input.scenarioId}` }]);
      }
      await ensureQueueCapacity(ctx.deps.jobs, SCENARIO_JOB, 'Scenario queue at capacity, please try again later');
      const accountId = jobOwner(ctx.principal);
      const key = ctx.headers['idempotency-key'];
      const jobInput: ScenarioJobInput = { scenarioId: input.scenarioId, iso2: input.iso2 ? input.iso2 : null };
      const { job } = await ctx.deps.jobs.enqueue({
        kind: SCENARIO_JOB,
        accountId,
        input: jobInput,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const jobId = await ctx.deps.stores.get(SCENARIO_RUNS).publicIdOf(job);
      const statusUrl = `${STATUS_PATH}?jobId=${encodeURIComponent(jobId)}`;
      ctx.resHeaders.Location = statusUrl;
      return { jobId, status: 'pending', statusUrl };
    }),

  getScenarioStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: STATUS_PATH,
        operationId: 'GetScenarioStatus',
        tags: ['scenario'],
        summary: 'Read the status and result of a scenario job',
        description:
          'The state of a job queued by run-scenario with this credential: pending, processing, done (with the ' +
          'per-country impact computed from the trade exposure snapshot) or failed. `jobId` omitted: the job this ' +
          'credential queued last. A job of another account, or an expired one, reads as `not_found`. Unfinished ' +
          'states are never cached. Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
    })
    .input(GetScenarioStatusRequest)
    .output(GetScenarioStatusResponse)
    .query(async ({ ctx, input }) => {
      const publicId = input.jobId?.trim() ?? '';
      if (publicId && !JOB_ID_PATTERN.test(publicId)) {
        throw ServiceError.validation([
          {
            field: 'jobId',
            description: 'must be a job id from run-scenario: scenario:<13 digits>:<8 lowercase letters or digits>',
          },
        ]);
      }
      const accountId = jobOwner(ctx.principal);
      const runs = ctx.deps.stores.get(SCENARIO_RUNS);
      // Omitted: the caller's most recent job (the default view of a request with no fields).
      const jobId = publicId ? await runs.jobIdOf(publicId, accountId) : await runs.newestJobIdOf(accountId);
      const job = jobId ? await ctx.deps.jobs.get(jobId, accountId) : undefined;
      if (!job) {
        markDegraded(ctx);
        return {
          status: 'not_found',
          error: publicId
            ? 'no scenario job with this id for this account'
            : 'no scenario job queued with this credential; run-scenario queues one',
        };
      }
      const status = scenarioStatusOf(job.state);
      if (status === 'done') return { status, result: job.result as ScenarioResult, error: '' };
      markDegraded(ctx);
      return { status, error: status === 'failed' ? (job.error ?? 'computation_error') : '' };
    }),
});
