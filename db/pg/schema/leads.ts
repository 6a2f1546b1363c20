import { pgTable, text, bigint, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `lead_contacts` (db/schema/leads.ts). */
export const leadContacts = pgTable(
  'lead_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    organization: text('organization').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    source: text('source').notNull(),
    remoteAddress: text('remote_address').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('lead_contacts_created_idx').on(t.createdAt),
    index('lead_contacts_addr_idx').on(t.remoteAddress, t.createdAt),
  ],
);

/** PostgreSQL twin of `lead_interest`: the waitlist, one row per e-mail address. */
export const leadInterest = pgTable(
  'lead_interest',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    appVersion: text('app_version').notNull(),
    referredBy: text('referred_by').notNull(),
    referralCode: text('referral_code').notNull(),
    remoteAddress: text('remote_address').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('lead_interest_email_idx').on(t.email),
    uniqueIndex('lead_interest_code_idx').on(t.referralCode),
    index('lead_interest_addr_idx').on(t.remoteAddress, t.createdAt),
    index('lead_interest_referred_idx').on(t.referredBy),
  ],
);

/** PostgreSQL twin of `lead_interest_attempts`: register-interest attempts per client address. */
export const leadInterestAttempts = pgTable(
  'lead_interest_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    remoteAddress: text('remote_address').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('lead_interest_attempts_addr_idx').on(t.remoteAddress, t.createdAt)],
);
