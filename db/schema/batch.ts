import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';

/**
 * Idempotency records of batch calls: one per (caller, Idempotency-Key). While the first call runs
 * the row is `in_flight`; once it answers, the response is kept for replay until `expires_at`.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** Whose key it is (principal id), so two callers' keys never collide. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: integer('created_at').notNull(),
    /** In flight: when the lock is considered abandoned. Done: end of the replay window. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_expires').on(t.expiresAt)],
);
