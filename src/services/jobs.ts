import { ServiceError } from '../platform/errors.js';
import type { JobHandler, Jobs } from '../platform/jobs/queue.js';
import type { AppDeps } from '../trpc/context.js';
import { simulationJobKind } from './forecast/jobs.js';
import { scenarioJobKind } from './scenario/jobs.js';

/** One kind of background job: its name and a handler built from the app's collaborators. */
export interface JobKind {
  kind: string;
  handler: (deps: AppDeps) => JobHandler;
}

/**
 * Every job kind the service runs (alphabetical by kind). Registered on each set of deps, so
 * `deps.jobs.enqueue` accepts them and the worker runs them, after a restart too.
 */
export const ALL_JOB_KINDS: readonly JobKind[] = [simulationJobKind, scenarioJobKind];

export function registerJobKinds(deps: AppDeps, kinds: readonly JobKind[] = ALL_JOB_KINDS): void {
  for (const k of kinds) deps.jobs.register(k.kind, k.handler(deps));
}

/** Whose jobs a caller sees: its account, or for an operator key (no account) that key itself. */
export function jobOwner(principal: { id: string; accountId: string | null } | undefined): string {
  if (!principal) throw new Error('job operations need an identified caller');
  return principal.accountId ?? `operator:${principal.id}`;
}

/** Jobs of one kind that may wait before new ones are refused (the published queues refuse past 100). */
export const QUEUE_CAPACITY = 100;
/** Seconds a refused caller is told to wait: the worker drains a full queue of these quick jobs well within it. */
export const QUEUE_RETRY_AFTER_S = 30;

/**
 * Refuses new work while more than QUEUE_CAPACITY jobs of `kind` wait, over every account, with the
 * 429 `{error}` body of a refusal (spec part 7, as documented for every 429 here) and Retry-After.
 */
export async function ensureQueueCapacity(jobs: Jobs, kind: string, message: string): Promise<void> {
  if ((await jobs.queued(kind)) > QUEUE_CAPACITY) throw ServiceError.gateway(429, message, { 'Retry-After': String(QUEUE_RETRY_AFTER_S) });
}
