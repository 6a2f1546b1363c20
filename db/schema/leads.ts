import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Enterprise contact requests (submit-contact). Nothing is e-mailed; operators read them with `mds leads`. */
export const leadContacts = sqliteTable(
  'lead_contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    organization: text('organization').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull(),
    /** Client address, for the per-address submission cap. */
    remoteAddress: text('remote_address').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('lead_contacts_created_idx').on(t.createdAt),
    index('lead_contacts_addr_idx').on(t.remoteAddress, t.createdAt),
  ],
);

/** The waitlist (register-interest): one row per e-mail address, with its referral code. */
export const leadInterest = sqliteTable(
  'lead_interest',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    source: text('source').notNull(),
    appVersion: text('app_version').notNull(),
    referredBy: text('referred_by').notNull(),
    referralCode: text('referral_code').notNull(),
    remoteAddress: text('remote_address').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('lead_interest_email_idx').on(t.email),
    uniqueIndex('lead_interest_code_idx').on(t.referralCode),
    index('lead_interest_addr_idx').on(t.remoteAddress, t.createdAt),
  ],
);

/**
 * Every register-interest attempt per client address (new and already-listed e-mail addresses
 * alike), for the hourly cap; rows older than the cap's hour are removed as the address writes again.
 */
export const leadInterestAttempts = sqliteTable(
  'lead_interest_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    remoteAddress: text('remote_address').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('lead_interest_attempts_addr_idx').on(t.remoteAddress, t.createdAt)],
);
