import type { JobKind } from '../../platform/jobs/kinds.js';
import type { AppDeps } from '../../trpc/context.js';
import { FORECASTS } from './datasets/predictions.js';
import { currentPackage } from './queries.js';
import {
  completionStatus,
  simulateTheater,
  type CompletionStatus,
  type SimForecast,
  type TheaterOutcome,
} from './rules.js';

export const SIMULATION_JOB = 'forecast.simulation';

export interface SimulationJobInput {
  runId: string;
}

export interface SimulationResult {
  runId: string;
  schemaVersion: string;
  theaterCount: number;
  computedAt: number;
  eligibleTheaterCount: number;
  failedTheaterCount: number;
  completionStatus: CompletionStatus;
  theaters: TheaterOutcome[];
}

/**
 * The simulation worker: plays each theater of the package against the forecast cards current when
 * the job runs. Fails when the package has moved on to another run (a new trigger is needed).
 */
export const simulationJobKind: JobKind<AppDeps> = {
  kind: SIMULATION_JOB,
  handler:
    ({ store, clock }) =>
    (input: SimulationJobInput): SimulationResult => {
      const pkg = currentPackage(store);
      if (!pkg) throw new Error('no simulation package is loaded');
      if (pkg.info.runId !== input.runId)
        throw new Error(`package run ${input.runId} was superseded by ${pkg.info.runId}`);
      const cards = store.read<SimForecast>(FORECASTS);
      const byId =
        cards?.derive('simulation.byId', (s) => new Map(s.records.map((f) => [f.id, f]))) ??
        new Map<string, SimForecast>();
      const eligible = pkg.theaters.filter((t) => t.forecastIds.length > 0);
      const theaters = eligible.map((t) => simulateTheater(t, byId));
      const failed = theaters.filter((t) => t.status === 'failed').length;
      return {
        runId: pkg.info.runId,
        schemaVersion: pkg.info.schemaVersion,
        theaterCount: pkg.theaters.length,
        computedAt: clock.now(),
        eligibleTheaterCount: eligible.length,
        failedTheaterCount: failed,
        completionStatus: completionStatus(eligible.length, failed),
        theaters,
      };
    },
};
