import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

/**
 * Watch rules an API key sets (`/api/watch/v1/*`): an operation with its parameters, a jmespath
 * condition over its answer, where to deliver a firing (optional) and a cooldown, bounded per account
 * by plan. The rule's last evaluation is kept beside it, so a transition to truthy is seen once
 * whichever node evaluates (a conditional update on `last_etag`).
 */
export const watchRules = sqliteTable(
  'watch_rules',
  {
    /** `wr_` + 24 hex. */
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    /** The key that set the rule: evaluations run as that key and stop when it is revoked. */
    keyId: text('key_id').notNull(),
    /** The GET operation's path (`/api/seismology/v1/list-earthquakes`). */
    operation: text('operation').notNull(),
    /** JSON object of the operation's query parameters. */
    params: text('params').notNull(),
    /** jmespath over the answer; empty: every change fires. */
    condition: text('condition').notNull(),
    callbackUrl: text('callback_url'),
    /** 64 hex: the HMAC key deliveries are signed with; returned once, at creation. */
    secret: text('secret').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The ETag of the answer last evaluated. */
    lastEtag: text('last_etag'),
    lastTruthy: integer('last_truthy', { mode: 'boolean' }).notNull().default(false),
    lastFiredAt: integer('last_fired_at'),
  },
  (t) => [index('watch_rules_account_idx').on(t.accountId, t.createdAt)],
);
