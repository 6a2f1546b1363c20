import type { JobHandler } from '../platform/jobs/queue.js';
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
