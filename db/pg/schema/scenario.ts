import { pgTable, text, bigint, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of `scenario_runs` (db/schema/scenario.ts): published scenario job ids and the
 * platform jobs behind them. `seq` breaks ties of `created_at` as SQLite's rowid does.
 */
export const scenarioRuns = pgTable(
  'scenario_runs',
  {
    publicId: text('public_id').primaryKey(),
    jobId: text('job_id').notNull(),
    accountId: text('account_id').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('scenario_runs_job_idx').on(t.jobId),
    index('scenario_runs_account_idx').on(t.accountId, t.createdAt),
  ],
);
