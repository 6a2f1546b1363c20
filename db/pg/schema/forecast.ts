import { pgTable, text, bigint, bigserial, primaryKey } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of `simulation_runs` (db/schema/forecast.ts): which job computes an account's
 * simulation of a package run. `seq` breaks ties of `created_at` as SQLite's rowid does.
 */
export const simulationRuns = pgTable(
  'simulation_runs',
  {
    accountId: text('account_id').notNull(),
    runId: text('run_id').notNull(),
    jobId: text('job_id').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.runId] })],
);
