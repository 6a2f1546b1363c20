import { pgTable, text, integer, bigint, bigserial, boolean, index, primaryKey } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `webhook_registrations` (db/schema/shipping.ts). */
export const webhookRegistrations = pgTable(
  'webhook_registrations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    callbackUrl: text('callback_url').notNull(),
    /** JSON array of canonical chokepoint ids the subscriber follows. */
    chokepointIds: text('chokepoint_ids').notNull(),
    alertThreshold: integer('alert_threshold').notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_registrations_account_idx').on(t.accountId, t.createdAt)],
);

/** PostgreSQL twin of `webhook_deliveries`; `seq` orders the log where SQLite uses its rowid. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    subscriberId: text('subscriber_id').notNull(),
    accountId: text('account_id').notNull(),
    event: text('event').notNull(),
    chokepointId: text('chokepoint_id').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_subscriber_idx').on(t.subscriberId, t.createdAt),
  ],
);

/** PostgreSQL twin of `webhook_delivery_attempts`. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    attemptedAt: bigint('attempted_at', { mode: 'number' }).notNull(),
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

/** PostgreSQL twin of `chokepoint_status_marks`: the last status every node compares a swap with. */
export const chokepointStatusMarks = pgTable('chokepoint_status_marks', {
  chokepointId: text('chokepoint_id').primaryKey(),
  status: text('status').notNull(),
  score: integer('score').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
