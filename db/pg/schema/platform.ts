import { pgTable, text, integer, bigint, index } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `accounts` in db/schema/platform.ts: one row per customer, its billing state. */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  /** active | lapsed | pending | failed (see src/platform/auth/entitlement.ts). */
  billingState: text('billing_state').notNull().default('active'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** PostgreSQL twin of `api_keys`: only the SHA-256 digest of a key is stored, looked up by a unique index. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    digest: text('digest').notNull().unique(),
    prefix: text('prefix').notNull(),
    name: text('name').notNull().default(''),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    planKey: text('plan_key').notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    /** active | revoked */
    status: text('status').notNull().default('active'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    lastUsedAt: bigint('last_used_at', { mode: 'number' }),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId)],
);

/** PostgreSQL twin of `platform_secrets`: secrets the service generates once and every node shares. */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
