import type { JobKind } from '../platform/jobs/kinds.js';
import type { AppDeps } from '../trpc/context.js';
import { simulationJobKind } from '../services/forecast/jobs.js';
import { scenarioJobKind } from '../services/scenario/jobs.js';

/**
 * Every job kind the service runs (alphabetical by kind). Registered on each set of deps, so
 * `deps.jobs.enqueue` accepts them and the worker runs them, after a restart too.
 */
export const ALL_JOB_KINDS: readonly JobKind<AppDeps>[] = [simulationJobKind, scenarioJobKind];

export function registerJobKinds(deps: AppDeps, kinds: readonly JobKind<AppDeps>[] = ALL_JOB_KINDS): void {
  for (const k of kinds) deps.jobs.register(k.kind, k.handler(deps));
}
