import type { JobHandler } from '../platform/jobs/queue.js';
import type { AppDeps } from '../trpc/context.js';

/** One kind of background job: its name and a handler built from the app's collaborators. */
export interface JobKind {
  kind: string;
  handler: (deps: AppDeps) => JobHandler;
}

/**
 * Every job kind the service runs (alphabetical by kind). Registered on each set of deps, so
 * `deps.jobs.enqueue` accepts them and the worker runs them, after a restart too.
 */
export const ALL_JOB_KINDS: readonly JobKind[] = [];

export function registerJobKinds(deps: AppDeps, kinds: readonly JobKind[] = ALL_JOB_KINDS): void {
  for (const k of kinds) deps.jobs.register(k.kind, k.handler(deps));
}
