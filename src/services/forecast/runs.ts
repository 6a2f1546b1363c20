import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';

/** The `simulation_runs` table: which job holds an account's simulation of a package run. */
class SimulationRuns {
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

  record(accountId: string, runId: string, jobId: string, at: number): void {
    this.upsert.run(accountId, runId, jobId, at);
  }

  jobOf(accountId: string, runId: string): string | undefined {
    return this.byRun.get(accountId, runId)?.job_id;
  }

  /** The account's runs, newest first. */
  all(accountId: string): { jobId: string; runId: string }[] {
    return this.latest.all(accountId).map((r) => ({ jobId: r.job_id, runId: r.run_id }));
  }
}

const RUNS = new WeakMap<AppDeps, SimulationRuns>();

export function simulationRuns(deps: AppDeps): SimulationRuns {
  let r = RUNS.get(deps);
  if (!r) RUNS.set(deps, (r = new SimulationRuns(deps.db.$client)));
  return r;
}
