import { pgTable, text, integer, bigint, primaryKey, index } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `idempotency_keys` (db/schema/batch.ts): one row per (caller, Idempotency-Key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** In flight: when the lock is considered abandoned. Done: end of the replay window. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_expires').on(t.expiresAt)],
);
