import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';

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

/** The two lead tables, every statement prepared once. */
export class LeadStore {
  private readonly s;

  constructor(readonly sqlite: Database.Database) {
    this.s = {
      contactsSince: sqlite.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM lead_contacts WHERE remote_address = ? AND created_at >= ?'),
      interestSince: sqlite.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE remote_address = ? AND created_at >= ?'),
      addContact: sqlite.prepare(
        'INSERT INTO lead_contacts (email, name, organization, phone, message, source, remote_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      trimContacts: sqlite.prepare(`DELETE FROM lead_contacts WHERE id <= (SELECT id FROM lead_contacts ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`),
      interestByEmail: sqlite.prepare<[string], InterestRow>('SELECT * FROM lead_interest WHERE email = ?'),
      addInterest: sqlite.prepare(
        'INSERT INTO lead_interest (email, source, app_version, referred_by, referral_code, remote_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      trimInterest: sqlite.prepare(`DELETE FROM lead_interest WHERE id <= (SELECT id FROM lead_interest ORDER BY id DESC LIMIT 1 OFFSET ${MAX_ROWS})`),
      position: sqlite.prepare<[number], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE id <= ?'),
      referrals: sqlite.prepare<[string], { n: number }>('SELECT count(*) AS n FROM lead_interest WHERE referred_by = ?'),
      allContacts: sqlite.prepare<[], ContactRow>('SELECT id, email, name, organization, phone, message, source, created_at FROM lead_contacts ORDER BY id'),
      allInterest: sqlite.prepare<[], InterestRow>('SELECT id, email, source, app_version, referred_by, referral_code, created_at FROM lead_interest ORDER BY id'),
    };
  }

  submissionsSince(table: 'contacts' | 'interest', address: string, since: number): number {
    return (table === 'contacts' ? this.s.contactsSince : this.s.interestSince).get(address, since)!.n;
  }

  addContact(c: Omit<ContactRow, 'id' | 'created_at'>, address: string, at: number): void {
    this.s.addContact.run(c.email, c.name, c.organization, c.phone, c.message, c.source, address, at);
    this.s.trimContacts.run();
  }

  interest(email: string): InterestRow | undefined {
    return this.s.interestByEmail.get(email);
  }

  addInterest(r: Omit<InterestRow, 'id' | 'created_at'>, address: string, at: number): InterestRow {
    this.s.addInterest.run(r.email, r.source, r.app_version, r.referred_by, r.referral_code, address, at);
    this.s.trimInterest.run();
    return this.interest(r.email)!;
  }

  position(id: number): number {
    return this.s.position.get(id)!.n;
  }

  referralCount(code: string): number {
    return this.s.referrals.get(code)!.n;
  }

  contacts(): ContactRow[] {
    return this.s.allContacts.all();
  }

  interestList(): InterestRow[] {
    return this.s.allInterest.all();
  }
}

const STORES = new WeakMap<AppDeps, LeadStore>();

export function leadStore(deps: AppDeps): LeadStore {
  let s = STORES.get(deps);
  if (!s) STORES.set(deps, (s = new LeadStore(deps.db.$client)));
  return s;
}
