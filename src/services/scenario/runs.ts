import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';
import { scenarioJobId } from './rules.js';

/** The `scenario_runs` table: published job ids <-> jobs of the platform queue, per account. */
class ScenarioRuns {
  private readonly byJob: Database.Statement<[string], { public_id: string }>;
  private readonly byPublic: Database.Statement<[string, string], { job_id: string }>;
  private readonly insert: Database.Statement<[string, string, string, number]>;
  private readonly newest: Database.Statement<[string], { job_id: string }>;

  constructor(sqlite: Database.Database) {
    this.byJob = sqlite.prepare('SELECT public_id FROM scenario_runs WHERE job_id = ?');
    this.byPublic = sqlite.prepare('SELECT job_id FROM scenario_runs WHERE public_id = ? AND account_id = ?');
    this.newest = sqlite.prepare('SELECT job_id FROM scenario_runs WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
    this.insert = sqlite.prepare('INSERT OR IGNORE INTO scenario_runs (public_id, job_id, account_id, created_at) VALUES (?, ?, ?, ?)');
  }

  /** The published id of a job, created on first sight (an existing job found again keeps its id). */
  publicIdOf(job: { id: string; accountId: string; createdAt: number }): string {
    const known = this.byJob.get(job.id);
    if (known) return known.public_id;
    const id = scenarioJobId(job.createdAt, job.id);
    this.insert.run(id, job.id, job.accountId, job.createdAt);
    return id;
  }

  jobIdOf(publicId: string, accountId: string): string | undefined {
    return this.byPublic.get(publicId, accountId)?.job_id;
  }

  /** The job the account queued last, if any. */
  newestJobIdOf(accountId: string): string | undefined {
    return this.newest.get(accountId)?.job_id;
  }
}

const RUNS = new WeakMap<AppDeps, ScenarioRuns>();

export function scenarioRuns(deps: AppDeps): ScenarioRuns {
  let r = RUNS.get(deps);
  if (!r) RUNS.set(deps, (r = new ScenarioRuns(deps.db.$client)));
  return r;
}
