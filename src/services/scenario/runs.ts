import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';
import { scenarioJobId } from './rules.js';

/**
 * Published scenario job ids and the platform jobs behind them, per account (`scenario_runs`), behind
 * one async interface: the SQLite file's (`SqliteScenarioRuns`) or PostgreSQL's shared by every node
 * (`PgScenarioRuns` in runs-pg.ts). A job of another account is never found.
 */
export interface ScenarioRunStore {
  /** The published id of a job, recorded on first sight (an existing job found again keeps its id). */
  publicIdOf(job: { id: string; accountId: string; createdAt: number }): Promise<string>;
  /** The job behind a published id, for its account only. */
  jobIdOf(publicId: string, accountId: string): Promise<string | undefined>;
  /** The job the account queued last, if any (of two in the same millisecond, the later one). */
  newestJobIdOf(accountId: string): Promise<string | undefined>;
}

export class SqliteScenarioRuns implements ScenarioRunStore {
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

  async publicIdOf(job: { id: string; accountId: string; createdAt: number }) {
    const known = this.byJob.get(job.id);
    if (known) return known.public_id;
    const id = scenarioJobId(job.createdAt, job.id);
    this.insert.run(id, job.id, job.accountId, job.createdAt);
    return id;
  }

  async jobIdOf(publicId: string, accountId: string) {
    return this.byPublic.get(publicId, accountId)?.job_id;
  }

  async newestJobIdOf(accountId: string) {
    return this.newest.get(accountId)?.job_id;
  }
}

const RUNS = new WeakMap<AppDeps, ScenarioRunStore>();

/** The deps' store (`openDeps` sets PostgreSQL's with DATABASE_URL), else the SQLite file's. */
export function scenarioRuns(deps: AppDeps): ScenarioRunStore {
  if (deps.scenarioRuns) return deps.scenarioRuns;
  let r = RUNS.get(deps);
  if (!r) RUNS.set(deps, (r = new SqliteScenarioRuns(deps.db.$client)));
  return r;
}
