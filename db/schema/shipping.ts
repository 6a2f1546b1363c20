import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';

/**
 * Chokepoint-disruption webhooks registered through `POST /api/v2/shipping/webhooks`, one row per
 * registration, scoped to the caller's account and bounded per account (WEBHOOK_MAX_PER_ACCOUNT).
 */
export const webhookRegistrations = sqliteTable(
  'webhook_registrations',
  {
    /** `wh_` + 24 hex. */
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    callbackUrl: text('callback_url').notNull(),
    /** JSON array of canonical chokepoint ids the subscriber follows. */
    chokepointIds: text('chokepoint_ids').notNull(),
    alertThreshold: integer('alert_threshold').notNull(),
    /** 64 hex: the HMAC key deliveries are signed with; returned once, at registration. */
    secret: text('secret').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('webhook_registrations_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One event to deliver to one registration: `pending` until a 2xx answer (`delivered`) or the last
 * attempt failed (`failed`). `body` is the exact JSON that is signed and sent on every attempt.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    /** `whd_` + 32 hex, sent as X-Service-Delivery-Id. */
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id').notNull(),
    accountId: text('account_id').notNull(),
    event: text('event').notNull(),
    chokepointId: text('chokepoint_id').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    createdAt: integer('created_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_subscriber_idx').on(t.subscriberId, t.createdAt),
  ],
);

/** Every delivery attempt: when, what the receiver answered (or why nothing was sent), how long it took. */
export const webhookDeliveryAttempts = sqliteTable(
  'webhook_delivery_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    attemptedAt: integer('attempted_at').notNull(),
    /** HTTP status of the receiver's answer; null when the request did not complete or was refused. */
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

/**
 * The last chokepoint status the delivery watcher saw, per chokepoint: a snapshot swap is compared
 * against it, so a change is noticed once, whichever process made the swap.
 */
export const chokepointStatusMarks = sqliteTable('chokepoint_status_marks', {
  chokepointId: text('chokepoint_id').primaryKey(),
  status: text('status').notNull(),
  score: integer('score').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
