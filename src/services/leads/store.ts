import { and, asc, count, desc, eq, gte, lt, lte } from 'drizzle-orm';
import { LOCK_SPACE } from '../../../db/pg/client.js';
import { defineStore } from '../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../../platform/stores/engine.js';

export interface ContactRow {
  id: number;
  email: string;
  name: string;
  organization: string;
  phone: string;
  message: string;
  source: string;
  created_at: number;
}

export interface InterestRow {
  id: number;
  email: string;
  source: string;
  app_version: string;
  referred_by: string;
  referral_code: string;
  created_at: number;
}

/** Most rows kept per table; the oldest go first (the store is a bounded inbox, not an archive). */
export const MAX_ROWS = 50_000;

/** A per-client-address cap: at most `max` rows stored since `since` (epoch ms). */
export interface AddressCap {
  since: number;
  max: number;
}

export type NewContact = Omit<ContactRow, 'id' | 'created_at'>;
export type NewInterest = Omit<InterestRow, 'id' | 'created_at'>;

/**
 * The lead tables (contact requests and the waitlist), in the SQLite file or in PostgreSQL. The per-address cap is
 * checked and the row stored in one step, so two nodes answering the same address at once cannot
 * both pass the last free place. Each table keeps its newest MAX_ROWS rows.
 */
export interface LeadStore {
  /** Stores the request unless `address` already sent `cap.max` since `cap.since`; false when capped. */
  addContact(c: NewContact, address: string, at: number, cap: AddressCap): Promise<boolean>;
  /**
   * The waitlist row of this e-mail address, made now unless it exists (`created: false`); undefined
   * when the client address has made `cap.max` attempts since `cap.since`. Every attempt is counted,
   * whether or not the e-mail address was listed already.
   */
  registerInterest(
    r: NewInterest,
    address: string,
    at: number,
    cap: AddressCap,
  ): Promise<{ row: InterestRow; created: boolean } | undefined>;
  /** The row's place on the waitlist, 1-based (rows trimmed away no longer count). */
  position(id: number): Promise<number>;
  /** How many waitlist rows name this referral code as their referrer. */
  referralCount(code: string): Promise<number>;
  /** Every contact request, oldest first (`mds leads contacts`). */
  contacts(): Promise<ContactRow[]>;
  /** The waitlist in order (`mds leads interest`). */
  interestList(): Promise<InterestRow[]>;
}

type Tables = StoreEngine['tables'];

const contactFields = ({ leadContacts: t }: Tables) => ({
  id: t.id,
  email: t.email,
  name: t.name,
  organization: t.organization,
  phone: t.phone,
  message: t.message,
  source: t.source,
  created_at: t.createdAt,
});

const interestFields = ({ leadInterest: t }: Tables) => ({
  id: t.id,
  email: t.email,
  source: t.source,
  app_version: t.appVersion,
  referred_by: t.referredBy,
  referral_code: t.referralCode,
  created_at: t.createdAt,
});

/**
 * The lead tables on either engine (PostgreSQL: shared by every node). Storing for one client address
 * is one transaction in which the writers for that address take turns (the cap is counted, then a
 * row added), and which trims the table to its newest MAX_ROWS rows.
 */
export class Leads implements LeadStore {
  private readonly contact;
  private readonly interest;

  constructor(private readonly engine: StoreEngine) {
    this.contact = contactFields(engine.tables);
    this.interest = interestFields(engine.tables);
  }

  async addContact(c: NewContact, address: string, at: number, cap: AddressCap): Promise<boolean> {
    const { leadContacts } = this.engine.tables;
    return this.engine.transact(function* (tx) {
      yield* tx.lockWriters(LOCK_SPACE.leadAddresses, `contacts\n${address}`);
      const [{ n }] = yield* step(
        tx.db
          .select({ n: count() })
          .from(leadContacts)
          .where(and(eq(leadContacts.remoteAddress, address), gte(leadContacts.createdAt, cap.since))),
      );
      if (n >= cap.max) return false;
      yield* step(tx.db.insert(leadContacts).values({ ...c, remoteAddress: address, createdAt: at }));
      yield* step(
        tx.db
          .delete(leadContacts)
          .where(
            lte(
              leadContacts.id,
              tx.db
                .select({ id: leadContacts.id })
                .from(leadContacts)
                .orderBy(desc(leadContacts.id))
                .limit(1)
                .offset(MAX_ROWS),
            ),
          ),
      );
      return true;
    });
  }

  async registerInterest(
    r: NewInterest,
    address: string,
    at: number,
    cap: AddressCap,
  ): Promise<{ row: InterestRow; created: boolean } | undefined> {
    const { leadInterest, leadInterestAttempts: attempts } = this.engine.tables;
    const fields = this.interest;
    return this.engine.transact(function* (tx): Generator<
      PromiseLike<unknown>,
      { row: InterestRow; created: boolean } | undefined,
      unknown
    > {
      // Every attempt counts, for an address already listed too: a cap that only new rows spend would
      // let anyone try known addresses without limit.
      yield* tx.lockWriters(LOCK_SPACE.leadAddresses, `interest\n${address}`);
      const [{ n }] = yield* step(
        tx.db
          .select({ n: count() })
          .from(attempts)
          .where(and(eq(attempts.remoteAddress, address), gte(attempts.createdAt, cap.since))),
      );
      if (n >= cap.max) return undefined;
      yield* step(
        tx.db.delete(attempts).where(and(eq(attempts.remoteAddress, address), lt(attempts.createdAt, cap.since))),
      );
      yield* step(tx.db.insert(attempts).values({ remoteAddress: address, createdAt: at }));
      yield* step(
        tx.db
          .delete(attempts)
          .where(
            lte(
              attempts.id,
              tx.db.select({ id: attempts.id }).from(attempts).orderBy(desc(attempts.id)).limit(1).offset(MAX_ROWS),
            ),
          ),
      );
      const byEmail = () => step(tx.db.select(fields).from(leadInterest).where(eq(leadInterest.email, r.email)));
      const [existing] = yield* byEmail();
      if (existing) return { row: existing, created: false };
      const [row] = yield* step(
        tx.db
          .insert(leadInterest)
          .values({
            email: r.email,
            source: r.source,
            appVersion: r.app_version,
            referredBy: r.referred_by,
            referralCode: r.referral_code,
            remoteAddress: address,
            createdAt: at,
          })
          // No conflict target: two nodes inserting the same address collide on both unique indexes (e-mail
          // and the referral code derived from it), and a conflict on either must be a no-op, not an error.
          .onConflictDoNothing()
          .returning(fields),
      );
      if (!row) {
        // Another node registered the same address a moment ago: that row is the answer.
        const [winner] = yield* byEmail();
        if (!winner) throw new Error(`referral code ${r.referral_code} is already held by another address`);
        return { row: winner, created: false };
      }
      yield* step(
        tx.db
          .delete(leadInterest)
          .where(
            lte(
              leadInterest.id,
              tx.db
                .select({ id: leadInterest.id })
                .from(leadInterest)
                .orderBy(desc(leadInterest.id))
                .limit(1)
                .offset(MAX_ROWS),
            ),
          ),
      );
      return { row, created: true };
    });
  }

  async position(id: number): Promise<number> {
    const { leadInterest } = this.engine.tables;
    const [{ n }] = await this.engine.db.select({ n: count() }).from(leadInterest).where(lte(leadInterest.id, id));
    return n;
  }

  async referralCount(code: string): Promise<number> {
    const { leadInterest } = this.engine.tables;
    const [{ n }] = await this.engine.db
      .select({ n: count() })
      .from(leadInterest)
      .where(eq(leadInterest.referredBy, code));
    return n;
  }

  async contacts(): Promise<ContactRow[]> {
    const { leadContacts } = this.engine.tables;
    return this.engine.db.select(this.contact).from(leadContacts).orderBy(asc(leadContacts.id));
  }

  async interestList(): Promise<InterestRow[]> {
    const { leadInterest } = this.engine.tables;
    return this.engine.db.select(this.interest).from(leadInterest).orderBy(asc(leadInterest.id));
  }
}

/** Contact requests and interest registrations: the SQLite file's, or PostgreSQL's shared by every node. */
export const LEAD_STORE = defineStore<LeadStore>({
  name: 'leads',
  sqlite: ({ db }) => new Leads(sqliteEngine(db)),
  postgres: ({ db }) => new Leads(postgresEngine(db)),
});
