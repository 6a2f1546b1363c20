import type Database from 'better-sqlite3';

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
 * The lead tables (contact requests and the waitlist), one implementation per engine: SQLite
 * (`SqliteLeadStore`, below) and PostgreSQL (`PgLeadStore`, store-pg.ts). The per-address cap is
 * checked and the row stored in one step, so two nodes answering the same address at once cannot
 * both pass the last free place. Each table keeps its newest MAX_ROWS rows.
 */
export interface LeadStore {
  /** Stores the request unless `address` already sent `cap.max` since `cap.since`; false when capped. */
  addContact(c: NewContact, address: string, at: number, cap: AddressCap): Promise<boolean>;
  /**
   * The waitlist row of this e-mail address, made now unless it exists (`created: false`, no cap
   * checked); undefined when a new row would exceed the address's cap.
   */
  registerInterest(r: NewInterest, address: string, at: number, cap: AddressCap): Promise<{ row: InterestRow; created: boolean } | undefined>;
  /** The row's place on the waitlist, 1-based (rows trimmed away no longer count). */
  position(id: number): Promise<number>;
  /** How many waitlist rows name this referral code as their referrer. */
  referralCount(code: string): Promise<number>;
  /** Every contact request, oldest first (`mds leads contacts`). */
  contacts(): Promise<ContactRow[]>;
  /** The waitlist in order (`mds leads interest`). */
  interestList(): Promise<InterestRow[]>;
}

/** The lead tables in the SQLite file, every statement prepared once; each step is one transaction. */
export class SqliteLeadStore implements LeadStore {
  private readonly s;
  private readonly addContactTx;
  private readonly registerTx;

  constructor(readonly sqlite: Database.Database) {
    const s = (this.s = {
      contactsSince: sqlite.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM lead_contacts WHERE remote_address = ? AND created_at >= ?'),
      interestSince: sqlite.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE remote_address = ? AND created_at >= ?'),
      addContact: sqlite.prepare(
        'INSERT INTO lead_contacts (email, name, organization, phone, message, source, remote_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      trimContacts: sqlite.prepare(`DELETE FROM lead_contacts WHERE id <= (SELECT id FROM lead_contacts ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`),
      interestByEmail: sqlite.prepare<[string], InterestRow>(
        'SELECT id, email, source, app_version, referred_by, referral_code, created_at FROM lead_interest WHERE email = ?',
      ),
      addInterest: sqlite.prepare(
        'INSERT INTO lead_interest (email, source, app_version, referred_by, referral_code, remote_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      trimInterest: sqlite.prepare(`DELETE FROM lead_interest WHERE id <= (SELECT id FROM lead_interest ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`),
      position: sqlite.prepare<[number], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE id <= ?'),
      referrals: sqlite.prepare<[string], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE referred_by = ?'),
      allContacts: sqlite.prepare<[], ContactRow>('SELECT id, email, name, organization, phone, message, source, created_at FROM lead_contacts ORDER BY id'),
      allInterest: sqlite.prepare<[], InterestRow>('SELECT id, email, source, app_version, referred_by, referral_code, created_at FROM lead_interest ORDER BY id'),
    });
    this.addContactTx = sqlite.transaction((c: NewContact, address: string, at: number, cap: AddressCap) => {
      if (s.contactsSince.get(address, cap.since)!.n >= cap.max) return false;
      s.addContact.run(c.email, c.name, c.organization, c.phone, c.message, c.source, address, at);
      s.trimContacts.run();
      return true;
    });
    this.registerTx = sqlite.transaction((r: NewInterest, address: string, at: number, cap: AddressCap) => {
      const existing = s.interestByEmail.get(r.email);
      if (existing) return { row: existing, created: false };
      if (s.interestSince.get(address, cap.since)!.n >= cap.max) return undefined;
      s.addInterest.run(r.email, r.source, r.app_version, r.referred_by, r.referral_code, address, at);
      s.trimInterest.run();
      return { row: s.interestByEmail.get(r.email)!, created: true };
    });
  }

  async addContact(c: NewContact, address: string, at: number, cap: AddressCap): Promise<boolean> {
    return this.addContactTx.immediate(c, address, at, cap);
  }

  async registerInterest(r: NewInterest, address: string, at: number, cap: AddressCap) {
    return this.registerTx.immediate(r, address, at, cap);
  }

  async position(id: number): Promise<number> {
    return this.s.position.get(id)!.n;
  }

  async referralCount(code: string): Promise<number> {
    return this.s.referrals.get(code)!.n;
  }

  async contacts(): Promise<ContactRow[]> {
    return this.s.allContacts.all();
  }

  async interestList(): Promise<InterestRow[]> {
    return this.s.allInterest.all();
  }
}
