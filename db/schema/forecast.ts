import { sqliteTable, text, integer, primaryKey } from 'drizzle-orm/sqlite-core';

/**
 * Which job computes an account's simulation of a package run (`runId` of the simulation package),
 * so get-simulation-outcome finds the caller's own result by run id. Rows of other accounts are invisible.
 */
export const simulationRuns = sqliteTable(
  'simulation_runs',
  {
    accountId: text('account_id').notNull(),
    runId: text('run_id').notNull(),
    jobId: text('job_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.runId] })],
);
