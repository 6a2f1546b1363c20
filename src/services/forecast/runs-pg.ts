import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client.js';
import { simulationRuns } from '../../../db/pg/schema/index.js';
import type { SimulationRunStore } from './runs.js';

/** `simulation_runs` in PostgreSQL: a run triggered through any node is found through every other. */
export class PgSimulationRuns implements SimulationRunStore {
  constructor(private readonly db: PgDb) {}

  async record(accountId: string, runId: string, jobId: string, at: number): Promise<void> {
    await this.db
      .insert(simulationRuns)
      .values({ accountId, runId, jobId, createdAt: at })
      .onConflictDoUpdate({ target: [simulationRuns.accountId, simulationRuns.runId], set: { jobId: sql`excluded.job_id`, createdAt: sql`excluded.created_at` } });
  }

  async jobOf(accountId: string, runId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ jobId: simulationRuns.jobId })
      .from(simulationRuns)
      .where(and(eq(simulationRuns.accountId, accountId), eq(simulationRuns.runId, runId)));
    return row?.jobId;
  }

  async all(accountId: string): Promise<{ jobId: string; runId: string }[]> {
    return this.db
      .select({ jobId: simulationRuns.jobId, runId: simulationRuns.runId })
      .from(simulationRuns)
      .where(eq(simulationRuns.accountId, accountId))
      .orderBy(desc(simulationRuns.createdAt), desc(simulationRuns.seq));
  }
}
