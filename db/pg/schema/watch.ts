import { pgTable, text, integer, bigint, boolean, index } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `watch_rules` (db/schema/watch.ts). */
export const watchRules = pgTable(
  'watch_rules',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    keyId: text('key_id').notNull(),
    operation: text('operation').notNull(),
    params: text('params').notNull(),
    condition: text('condition').notNull(),
    callbackUrl: text('callback_url'),
    secret: text('secret').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastEtag: text('last_etag'),
    lastTruthy: boolean('last_truthy').notNull().default(false),
    lastFiredAt: bigint('last_fired_at', { mode: 'number' }),
  },
  (t) => [index('watch_rules_account_idx').on(t.accountId, t.createdAt)],
);
