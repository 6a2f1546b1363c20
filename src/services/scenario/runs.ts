import { and, desc, eq } from 'drizzle-orm';
import { defineStore } from '../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, type StoreEngine } from '../../platform/stores/engine.js';
import { scenarioJobId } from './rules.js';

/**
 * Published scenario job ids and the platform jobs behind them, per account (`scenario_runs`), in the
 * SQLite file or in PostgreSQL shared by every node (an id published by one node reads the same
 * through every other). A job of another account is never found.
 */
export interface ScenarioRunStore {
  /** The published id of a job, recorded on first sight (an existing job found again keeps its id). */
  publicIdOf(job: { id: string; accountId: string; createdAt: number }): Promise<string>;
  /** The job behind a published id, for its account only. */
  jobIdOf(publicId: string, accountId: string): Promise<string | undefined>;
  /** The job the account queued last, if any (of two in the same millisecond, the later one). */
  newestJobIdOf(accountId: string): Promise<string | undefined>;
}

export class ScenarioRuns implements ScenarioRunStore {
  constructor(private readonly engine: StoreEngine) {}

  async publicIdOf(job: { id: string; accountId: string; createdAt: number }): Promise<string> {
    const { scenarioRuns } = this.engine.tables;
    const id = scenarioJobId(job.createdAt, job.id);
    // Two nodes publishing the same job at once derive the same id from it; the second insert is a no-op.
    const inserted = await this.engine.db
      .insert(scenarioRuns)
      .values({ publicId: id, jobId: job.id, accountId: job.accountId, createdAt: job.createdAt })
      .onConflictDoNothing()
      .returning({ publicId: scenarioRuns.publicId });
    if (inserted.length) return id;
    const [known] = await this.engine.db
      .select({ publicId: scenarioRuns.publicId })
      .from(scenarioRuns)
      .where(eq(scenarioRuns.jobId, job.id));
    return known?.publicId ?? id;
  }

  async jobIdOf(publicId: string, accountId: string): Promise<string | undefined> {
    const { scenarioRuns } = this.engine.tables;
    const [row] = await this.engine.db
      .select({ jobId: scenarioRuns.jobId })
      .from(scenarioRuns)
      .where(and(eq(scenarioRuns.publicId, publicId), eq(scenarioRuns.accountId, accountId)));
    return row?.jobId;
  }

  async newestJobIdOf(accountId: string): Promise<string | undefined> {
    const { scenarioRuns } = this.engine.tables;
    const [row] = await this.engine.db
      .select({ jobId: scenarioRuns.jobId })
      .from(scenarioRuns)
      .where(eq(scenarioRuns.accountId, accountId))
      .orderBy(desc(scenarioRuns.createdAt), desc(this.engine.insertionOrder(scenarioRuns)))
      .limit(1);
    return row?.jobId;
  }
}

export const SCENARIO_RUNS = defineStore<ScenarioRunStore>({
  name: 'scenario_runs',
  sqlite: ({ db }) => new ScenarioRuns(sqliteEngine(db)),
  postgres: ({ db }) => new ScenarioRuns(postgresEngine(db)),
});
