import type { JobKind } from '../../platform/jobs/kinds.js';
import type { AppDeps } from '../../trpc/context.js';
import { simulatePackage, type SimulationOutcome } from './monte-carlo.js';
import { currentPackage } from './queries.js';

export const SIMULATION_JOB = 'forecast.simulation';

export interface SimulationJobInput {
  runId: string;
}

export type SimulationResult = SimulationOutcome;

/**
 * The simulation worker: the seeded Monte Carlo over the current package's theaters. Fails when the
 * package has moved on to another run (a new trigger is needed). The result is a function of the
 * package alone, so two accounts simulating the same run get the same bytes.
 */
export const simulationJobKind: JobKind<AppDeps> = {
  kind: SIMULATION_JOB,
  handler:
    ({ store }) =>
    (input: SimulationJobInput): SimulationResult => {
      const pkg = currentPackage(store);
      if (!pkg) throw new Error('no simulation package is loaded');
      if (pkg.info.runId !== input.runId)
        throw new Error(`package run ${input.runId} was superseded by ${pkg.info.runId}`);
      return simulatePackage(pkg.info, pkg.theaters);
    },
};
