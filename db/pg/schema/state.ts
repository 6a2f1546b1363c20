import { sql } from 'drizzle-orm';
import { pgTable, text, integer, bigint, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of `jobs` (db/schema/state.ts), plus what a cluster needs: `seq` orders the queue
 * (SQLite uses its rowid) and `worker` names the node running the job, so a node's start-up recovery
 * re-queues only jobs whose node is gone (see src/platform/jobs/backend-pg.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    input: text('input').notNull(),
    inputDigest: text('input_digest').notNull(),
    idempotencyKey: text('idempotency_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    result: text('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    startedAt: bigint('started_at', { mode: 'number' }),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    worker: text('worker'),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_idx').on(t.accountId, t.kind, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('jobs_input_idx').on(t.accountId, t.kind, t.inputDigest),
    index('jobs_state_idx').on(t.state, t.createdAt),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
