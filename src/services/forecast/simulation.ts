import type { AppDeps } from '../../trpc/context.js';
import type { Job } from '../../platform/jobs/store.js';
import { ensureQueueCapacity } from '../../platform/jobs/admission.js';
import { SIMULATION_JOB, type SimulationJobInput, type SimulationResult } from './jobs.js';
import { currentPackage } from './queries.js';
import { SIMULATION_RUNS } from './runs.js';
import type {
  GetSimulationOutcomeResponse,
  GetSimulationPackageResponse,
  TriggerSimulationResponse,
} from './simulation-schemas.js';

/** The latest package pointer; `runId` only adds a note when it is not the latest. */
export function getSimulationPackage(
  deps: AppDeps,
  runId: string | undefined,
): { response: GetSimulationPackageResponse; degraded: boolean } {
  const pkg = currentPackage(deps.store);
  if (!pkg)
    return {
      response: {
        found: false,
        runId: '',
        schemaVersion: '',
        theaterCount: 0,
        generatedAt: 0,
        note: 'no simulation package is loaded',
        error: '',
      },
      degraded: true,
    };
  const { info } = pkg;
  const note = runId && runId !== info.runId ? `runId ${runId} is not the latest package; the latest is returned` : '';
  return {
    response: {
      found: true,
      runId: info.runId,
      schemaVersion: info.schemaVersion,
      theaterCount: pkg.theaters.length,
      generatedAt: info.generatedAt,
      note,
      error: '',
    },
    degraded: false,
  };
}

/** Queues the caller's simulation of the latest package; the same caller and run finds the existing job. */
export async function triggerSimulation(
  deps: AppDeps,
  owner: string,
  idempotencyKey: string | undefined,
): Promise<TriggerSimulationResponse> {
  const pkg = currentPackage(deps.store);
  if (!pkg) return { queued: false, runId: '', pkgFingerprint: '', reason: 'no_package' };
  await ensureQueueCapacity(deps.jobs, SIMULATION_JOB, 'Simulation queue at capacity, please try again later');
  const input: SimulationJobInput = { runId: pkg.info.runId };
  const { job, created } = await deps.jobs.enqueue({ kind: SIMULATION_JOB, accountId: owner, input, idempotencyKey });
  await deps.stores.get(SIMULATION_RUNS).record(owner, pkg.info.runId, job.id, job.createdAt);
  return {
    queued: created,
    runId: pkg.info.runId,
    pkgFingerprint: pkg.info.fingerprint,
    reason: created ? '' : 'already-handled',
  };
}

const NOT_FOUND: GetSimulationOutcomeResponse = {
  found: false,
  runId: '',
  schemaVersion: '',
  theaterCount: 0,
  generatedAt: 0,
  note: '',
  error: '',
  theaterSummariesJson: '',
  processing: false,
  eligibleTheaterCount: 0,
  failedTheaterCount: 0,
  allTheatersFailed: false,
  completionStatus: '',
};

function fromJob(job: Job, runId: string, note: string): GetSimulationOutcomeResponse {
  if (job.state === 'done') {
    const r = job.result as SimulationResult;
    return {
      found: true,
      runId: r.runId,
      schemaVersion: r.schemaVersion,
      theaterCount: r.theaterCount,
      generatedAt: r.generatedAt,
      note,
      error: '',
      theaterSummariesJson: r.uiTheaters.length ? JSON.stringify(r.uiTheaters) : '',
      processing: false,
      eligibleTheaterCount: r.eligibleTheaterCount,
      failedTheaterCount: r.failedTheaterCount,
      allTheatersFailed: r.completionStatus === 'all_theaters_failed',
      completionStatus: r.completionStatus,
    };
  }
  if (job.state === 'failed')
    return {
      ...NOT_FOUND,
      runId,
      note: `the simulation failed: ${job.error ?? 'unknown error'}; trigger-simulation queues it again`,
    };
  return { ...NOT_FOUND, runId, processing: true, note: 'the simulation is queued or running' };
}

/**
 * The caller's simulation outcome: of `runId` when given (else the latest one that finished). Only
 * the caller's own jobs are visible. The second value is true when the answer must not be cached.
 */
export async function getSimulationOutcome(
  deps: AppDeps,
  owner: string,
  runId: string | undefined,
): Promise<{ response: GetSimulationOutcomeResponse; degraded: boolean }> {
  const runs = deps.stores.get(SIMULATION_RUNS);
  let note = '';
  if (runId) {
    const jobId = await runs.jobOf(owner, runId);
    const job = jobId ? await deps.jobs.get(jobId, owner) : undefined;
    if (job) {
      const response = fromJob(job, runId, '');
      return { response, degraded: !response.found };
    }
    note = `requested runId ${runId} not found for this credential (never triggered, or expired); showing the latest finished simulation`;
  }
  let pending: GetSimulationOutcomeResponse | undefined;
  for (const r of await runs.all(owner)) {
    const job = await deps.jobs.get(r.jobId, owner);
    if (job?.state === 'done') return { response: fromJob(job, r.runId, note), degraded: note !== '' };
    if (job && !pending && job.state !== 'failed' && !runId) pending = fromJob(job, r.runId, '');
  }
  if (pending) return { response: pending, degraded: true };
  return {
    response: {
      ...NOT_FOUND,
      runId: runId ?? '',
      note: note || 'no simulation has been run with this credential; trigger-simulation queues one',
    },
    degraded: true,
  };
}
