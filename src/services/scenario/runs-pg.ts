import { and, desc, eq } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client.js';
import { scenarioRuns } from '../../../db/pg/schema/index.js';
import { scenarioJobId } from './rules.js';
import type { ScenarioRunStore } from './runs.js';

/** `scenario_runs` in PostgreSQL: a job id published by one node reads the same through every other. */
export class PgScenarioRuns implements ScenarioRunStore {
  constructor(private readonly db: PgDb) {}

  async publicIdOf(job: { id: string; accountId: string; createdAt: number }): Promise<string> {
    const id = scenarioJobId(job.createdAt, job.id);
    // Two nodes publishing the same job at once derive the same id from it; the second insert is a no-op.
    const inserted = await this.db
      .insert(scenarioRuns)
      .values({ publicId: id, jobId: job.id, accountId: job.accountId, createdAt: job.createdAt })
      .onConflictDoNothing()
      .returning({ publicId: scenarioRuns.publicId });
    if (inserted.length) return id;
    const [known] = await this.db.select({ publicId: scenarioRuns.publicId }).from(scenarioRuns).where(eq(scenarioRuns.jobId, job.id));
    return known?.publicId ?? id;
  }

  async jobIdOf(publicId: string, accountId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ jobId: scenarioRuns.jobId })
      .from(scenarioRuns)
      .where(and(eq(scenarioRuns.publicId, publicId), eq(scenarioRuns.accountId, accountId)));
    return row?.jobId;
  }

  async newestJobIdOf(accountId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ jobId: scenarioRuns.jobId })
      .from(scenarioRuns)
      .where(eq(scenarioRuns.accountId, accountId))
      .orderBy(desc(scenarioRuns.createdAt), desc(scenarioRuns.seq))
      .limit(1);
    return row?.jobId;
  }
}
