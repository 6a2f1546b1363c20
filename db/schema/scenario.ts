import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The published scenario job id (`scenario:<13-digit ms>:<8 chars>`) of each scenario job, since the
 * job table keys jobs by UUID. Scoped to the account that queued it.
 */
export const scenarioRuns = sqliteTable(
  'scenario_runs',
  {
    publicId: text('public_id').primaryKey(),
    jobId: text('job_id').notNull(),
    accountId: text('account_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('scenario_runs_job_idx').on(t.jobId)],
);
