import { and, desc, eq, sql } from 'drizzle-orm';
import { defineStore } from '../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, type StoreEngine } from '../../platform/stores/engine.js';

/**
 * Which job holds an account's simulation of a package run (`simulation_runs`), in the SQLite file or
 * in PostgreSQL shared by every node (a run triggered through one node is found through every other).
 * Rows of other accounts are never returned.
 */
export interface SimulationRunStore {
  /** Points the account's run at this job; a run triggered again (after a failure) points at the new job. */
  record(accountId: string, runId: string, jobId: string, at: number): Promise<void>;
  /** The job of the account's run, if it was ever triggered. */
  jobOf(accountId: string, runId: string): Promise<string | undefined>;
  /** The account's runs, newest first (of two recorded in the same millisecond, the later one first). */
  all(accountId: string): Promise<{ jobId: string; runId: string }[]>;
}

export class SimulationRuns implements SimulationRunStore {
  constructor(private readonly engine: StoreEngine) {}

  async record(accountId: string, runId: string, jobId: string, at: number): Promise<void> {
    const { simulationRuns } = this.engine.tables;
    await this.engine.db
      .insert(simulationRuns)
      .values({ accountId, runId, jobId, createdAt: at })
      .onConflictDoUpdate({
        target: [simulationRuns.accountId, simulationRuns.runId],
        set: { jobId: sql`excluded.job_id`, createdAt: sql`excluded.created_at` },
      });
  }

  async jobOf(accountId: string, runId: string): Promise<string | undefined> {
    const { simulationRuns } = this.engine.tables;
    const [row] = await this.engine.db
      .select({ jobId: simulationRuns.jobId })
      .from(simulationRuns)
      .where(and(eq(simulationRuns.accountId, accountId), eq(simulationRuns.runId, runId)));
    return row?.jobId;
  }

  async all(accountId: string): Promise<{ jobId: string; runId: string }[]> {
    const { simulationRuns } = this.engine.tables;
    return this.engine.db
      .select({ jobId: simulationRuns.jobId, runId: simulationRuns.runId })
      .from(simulationRuns)
      .where(eq(simulationRuns.accountId, accountId))
      .orderBy(desc(simulationRuns.createdAt), desc(this.engine.insertionOrder(simulationRuns)));
  }
}

export const SIMULATION_RUNS = defineStore<SimulationRunStore>({
  name: 'simulation_runs',
  sqlite: ({ db }) => new SimulationRuns(sqliteEngine(db)),
  postgres: ({ db }) => new SimulationRuns(postgresEngine(db)),
});
