import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';

/**
 * Which job holds an account's simulation of a package run (`simulation_runs`), behind one async
 * interface: the SQLite file's (`SqliteSimulationRuns`) or PostgreSQL's shared by every node
 * (`PgSimulationRuns` in runs-pg.ts). Rows of other accounts are never returned.
 */
export interface SimulationRunStore {
  /** Points the account's run at this job; a run triggered again (after a failure) points at the new job. */
  record(accountId: string, runId: string, jobId: string, at: number): Promise<void>;
  /** The job of the account's run, if it was ever triggered. */
  jobOf(accountId: string, runId: string): Promise<string | undefined>;
  /** The account's runs, newest first (of two recorded in the same millisecond, the later one first). */
  all(accountId: string): Promise<{ jobId: string; runId: string }[]>;
}

export class SqliteSimulationRuns implements SimulationRunStore {
  private readonly byRun: Database.Statement<[string, string], { job_id: string }>;
  private readonly latest: Database.Statement<[string], { job_id: string; run_id: string }>;
  private readonly upsert: Database.Statement<[string, string, string, number]>;

  constructor(sqlite: Database.Database) {
    this.byRun = sqlite.prepare('SELECT job_id FROM simulation_runs WHERE account_id = ? AND run_id = ?');
    this.latest = sqlite.prepare('SELECT job_id, run_id FROM simulation_runs WHERE account_id = ? ORDER BY created_at DESC, rowid DESC');
    this.upsert = sqlite.prepare(
      'INSERT INTO simulation_runs (account_id, run_id, job_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, run_id) DO UPDATE SET job_id = excluded.job_id, created_at = excluded.created_at',
    );
  }

  async record(accountId: string, runId: string, jobId: string, at: number) {
    this.upsert.run(accountId, runId, jobId, at);
  }

  async jobOf(accountId: string, runId: string) {
    return this.byRun.get(accountId, runId)?.job_id;
  }

  async all(accountId: string) {
    return this.latest.all(accountId).map((r) => ({ jobId: r.job_id, runId: r.run_id }));
  }
}

const RUNS = new WeakMap<AppDeps, SimulationRunStore>();

/** The deps' store (`openDeps` sets PostgreSQL's with DATABASE_URL), else the SQLite file's. */
export function simulationRuns(deps: AppDeps): SimulationRunStore {
  if (deps.simulationRuns) return deps.simulationRuns;
  let r = RUNS.get(deps);
  if (!r) RUNS.set(deps, (r = new SqliteSimulationRuns(deps.db.$client)));
  return r;
}
