import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';

/**
 * A paying (or free) customer. Keys belong to an account; its billing state decides whether any of
 * its keys may read data. Kept apart from the keys so a renewal changes one row, not every key.
 */
export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  /** active | lapsed | pending | failed (see src/platform/auth/entitlement.ts). */
  billingState: text('billing_state').notNull().default('active'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Issued API keys. Only the SHA-256 digest of the secret is stored; the plaintext is shown once at
 * creation. `prefix` is the visible start of the key (`mds_` plus four characters) for listings.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    /** Hex SHA-256 of the full key; the per-request lookup goes through this unique index. */
    digest: text('digest').notNull().unique(),
    prefix: text('prefix').notNull(),
    name: text('name').notNull().default(''),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    planKey: text('plan_key').notNull(),
    /** Per-minute limit for this key only; null means the plan's. */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    /** active | revoked */
    status: text('status').notNull().default('active'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at'),
    revokedAt: integer('revoked_at'),
    /** Written at most once a minute per key, never per request. */
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId)],
);

/**
 * Sliding-window rate-limit counters: one row per bucket and fixed window; a decision reads the
 * current and previous window. Shared by every process that opens the same database file.
 */
export const rateLimitCounters = sqliteTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** Server-generated secrets that must be identical across processes (the session signing key). */
export const platformSecrets = sqliteTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at').notNull(),
});
