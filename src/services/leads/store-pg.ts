import { asc, count, eq, gte, lte, and, sql } from 'drizzle-orm';
import { LOCK_SPACE, type PgDb } from '../../../db/pg/client.js';
import { leadContacts, leadInterest } from '../../../db/pg/schema/index.js';
import { MAX_ROWS, type AddressCap, type ContactRow, type InterestRow, type LeadStore, type NewContact, type NewInterest } from './store.js';

const CONTACT = {
  id: leadContacts.id,
  email: leadContacts.email,
  name: leadContacts.name,
  organization: leadContacts.organization,
  phone: leadContacts.phone,
  message: leadContacts.message,
  source: leadContacts.source,
  created_at: leadContacts.createdAt,
};

const INTEREST = {
  id: leadInterest.id,
  email: leadInterest.email,
  source: leadInterest.source,
  app_version: leadInterest.appVersion,
  referred_by: leadInterest.referredBy,
  referral_code: leadInterest.referralCode,
  created_at: leadInterest.createdAt,
};

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** Nodes storing for the same client address take turns (the cap is counted, then a row added). */
const lockAddress = (tx: Tx, table: string, address: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE.leadAddresses}, hashtext(${`${table}\n${address}`}))`);

/** The lead tables in PostgreSQL, shared by every node. */
export class PgLeadStore implements LeadStore {
  constructor(private readonly db: PgDb) {}

  async addContact(c: NewContact, address: string, at: number, cap: AddressCap): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockAddress(tx, 'contacts', address);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(leadContacts)
        .where(and(eq(leadContacts.remoteAddress, address), gte(leadContacts.createdAt, cap.since)));
      if (n >= cap.max) return false;
      await tx.insert(leadContacts).values({ ...c, remoteAddress: address, createdAt: at });
      await tx.execute(sql`DELETE FROM lead_contacts WHERE id <= (SELECT id FROM lead_contacts ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`);
      return true;
    });
  }

  async registerInterest(r: NewInterest, address: string, at: number, cap: AddressCap): Promise<{ row: InterestRow; created: boolean } | undefined> {
    const byEmail = async (tx: Tx) => (await tx.select(INTEREST).from(leadInterest).where(eq(leadInterest.email, r.email)))[0];
    return this.db.transaction(async (tx) => {
      const existing = await byEmail(tx);
      if (existing) return { row: existing, created: false };
      await lockAddress(tx, 'interest', address);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(leadInterest)
        .where(and(eq(leadInterest.remoteAddress, address), gte(leadInterest.createdAt, cap.since)));
      if (n >= cap.max) return undefined;
      const [row] = await tx
        .insert(leadInterest)
        .values({ email: r.email, source: r.source, appVersion: r.app_version, referredBy: r.referred_by, referralCode: r.referral_code, remoteAddress: address, createdAt: at })
        // No conflict target: two nodes inserting the same address collide on both unique indexes (e-mail
        // and the referral code derived from it), and a conflict on either must be a no-op, not an error.
        .onConflictDoNothing()
        .returning(INTEREST);
      if (!row) {
        // Another node registered the same address a moment ago: that row is the answer.
        const winner = await byEmail(tx);
        if (!winner) throw new Error(`referral code ${r.referral_code} is already held by another address`);
        return { row: winner, created: false };
      }
      await tx.execute(sql`DELETE FROM lead_interest WHERE id <= (SELECT id FROM lead_interest ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`);
      return { row, created: true };
    });
  }

  async position(id: number): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(leadInterest).where(lte(leadInterest.id, id));
    return n;
  }

  async referralCount(code: string): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(leadInterest).where(eq(leadInterest.referredBy, code));
    return n;
  }

  async contacts(): Promise<ContactRow[]> {
    return this.db.select(CONTACT).from(leadContacts).orderBy(asc(leadContacts.id));
  }

  async interestList(): Promise<InterestRow[]> {
    return this.db.select(INTEREST).from(leadInterest).orderBy(asc(leadInterest.id));
  }
}
