import type Database from 'better-sqlite3';
import type { StatusMark } from './rules.js';

export interface Registration {
  id: string;
  accountId: string;
  callbackUrl: string;
  chokepointIds: string[];
  alertThreshold: number;
  secret: string;
  active: boolean;
  createdAt: number;
}

export interface Delivery {
  id: string;
  subscriberId: string;
  accountId: string;
  event: string;
  chokepointId: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  finishedAt: number | null;
}

export interface Attempt {
  deliveryId: string;
  attempt: number;
  attemptedAt: number;
  status: number | null;
  error: string | null;
  durationMs: number;
}

interface RegistrationRow {
  id: string;
  account_id: string;
  callback_url: string;
  chokepoint_ids: string;
  alert_threshold: number;
  secret: string;
  active: number;
  created_at: number;
}

interface DeliveryRow {
  id: string;
  subscriber_id: string;
  account_id: string;
  event: string;
  chokepoint_id: string;
  body: string;
  state: Delivery['state'];
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  finished_at: number | null;
}

const toRegistration = (r: RegistrationRow): Registration => ({
  id: r.id,
  accountId: r.account_id,
  callbackUrl: r.callback_url,
  chokepointIds: JSON.parse(r.chokepoint_ids) as string[],
  alertThreshold: r.alert_threshold,
  secret: r.secret,
  active: r.active === 1,
  createdAt: r.created_at,
});

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  subscriberId: r.subscriber_id,
  accountId: r.account_id,
  event: r.event,
  chokepointId: r.chokepoint_id,
  body: r.body,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

const toAttempt = (x: AttemptRow): Attempt => ({
  deliveryId: x.delivery_id,
  attempt: x.attempt,
  attemptedAt: x.attempted_at,
  status: x.status,
  error: x.error,
  durationMs: x.duration_ms,
});

/** A delivery as the watcher decides it; the store adds its state (`pending`, no attempt yet). */
export type NewDelivery = Omit<Delivery, 'state' | 'attempts' | 'finishedAt'>;

/** A decided delivery as it is first stored: pending, not yet attempted. */
export const pendingDelivery = (d: NewDelivery): Delivery => ({ ...d, state: 'pending', attempts: 0, finishedAt: null });

/** Given the marks as stored and the active registrations, the deliveries a status change calls for. */
export type DecideDeliveries = (previous: Map<string, StatusMark>, active: Registration[]) => NewDelivery[];

/** A chokepoint's status as observed now. */
export interface ObservedStatus {
  id: string;
  status: string;
  score: number;
}

/** What an attempt leaves: the delivery's next state. */
export interface AttemptOutcome {
  state: Delivery['state'];
  nextAttemptAt: number;
  finishedAt: number | null;
}

/**
 * The webhook tables (registrations, deliveries, attempts, status marks), one implementation per
 * engine: SQLite (`SqliteWebhookStore`, below) and PostgreSQL (`PgWebhookStore`, store-pg.ts, shared
 * by every node). Two guarantees hold however many processes share the tables: a status change is
 * turned into deliveries once (`recordObservation` compares and records under one lock), and each
 * attempt of a delivery is made by one process (`claim` is a conditional update). Lists are oldest
 * first, except the delivery log (newest first).
 */
export interface WebhookStore {
  /** Inserts unless the account already holds `max` registrations (counted under the same lock); false when it does. */
  insertBounded(r: Registration, max: number): Promise<boolean>;
  /** The account's registrations, oldest first. */
  listForAccount(accountId: string): Promise<Registration[]>;
  /** Every registration, oldest first (`mds webhooks list`). */
  registrations(): Promise<Registration[]>;
  registration(id: string): Promise<Registration | undefined>;
  /** Turns a registration's deliveries on or off; false when there is no such registration. */
  setActive(id: string, active: boolean): Promise<boolean>;
  /**
   * Compares and records in one write transaction, so two processes observing the same swap cannot
   * both see the change: `decide` gets the marks as stored and the active registrations, and returns
   * the deliveries to create; the marks then become `current`.
   */
  recordObservation(current: readonly ObservedStatus[], now: number, decide: DecideDeliveries): Promise<Delivery[]>;
  delivery(id: string): Promise<Delivery | undefined>;
  /** Deliveries still to attempt, soonest due first. */
  pendingDeliveries(): Promise<Delivery[]>;
  /** Takes a pending delivery for one attempt: pushes its due time past the attempt's lease; false if someone else did. */
  claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): Promise<boolean>;
  /** Records one attempt and the delivery's new state in one transaction. */
  finishAttempt(a: Attempt, next: AttemptOutcome): Promise<void>;
  /** The delivery log, newest first (default 50), optionally for one registration, each with its attempts in order. */
  deliveries(opts?: { subscriberId?: string; limit?: number }): Promise<(Delivery & { log: Attempt[] })[]>;
}

/** The webhook tables in the SQLite file (db/schema/shipping.ts), every statement prepared once. */
export class SqliteWebhookStore implements WebhookStore {
  private readonly s;
  private readonly insertBoundedTx;
  private readonly observeTx;
  private readonly finishTx;

  constructor(sqlite: Database.Database) {
    const s = (this.s = {
      countForAccount: sqlite.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM webhook_registrations WHERE account_id = ?'),
      insertRegistration: sqlite.prepare(
        `INSERT INTO webhook_registrations (id, account_id, callback_url, chokepoint_ids, alert_threshold, secret, active, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      forAccount: sqlite.prepare<[string], RegistrationRow>('SELECT * FROM webhook_registrations WHERE account_id = ? ORDER BY created_at, id'),
      all: sqlite.prepare<[], RegistrationRow>('SELECT * FROM webhook_registrations ORDER BY created_at, id'),
      active: sqlite.prepare<[], RegistrationRow>('SELECT * FROM webhook_registrations WHERE active = 1 ORDER BY created_at, id'),
      registration: sqlite.prepare<[string], RegistrationRow>('SELECT * FROM webhook_registrations WHERE id = ?'),
      setActive: sqlite.prepare('UPDATE webhook_registrations SET active = ? WHERE id = ?'),
      marks: sqlite.prepare<[], { chokepoint_id: string; status: string; score: number }>('SELECT chokepoint_id, status, score FROM chokepoint_status_marks'),
      upsertMark: sqlite.prepare(
        `INSERT INTO chokepoint_status_marks (chokepoint_id, status, score, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (chokepoint_id) DO UPDATE SET status = excluded.status, score = excluded.score, updated_at = excluded.updated_at`,
      ),
      insertDelivery: sqlite.prepare(
        `INSERT INTO webhook_deliveries (id, subscriber_id, account_id, event, chokepoint_id, body, state, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      ),
      delivery: sqlite.prepare<[string], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?'),
      pending: sqlite.prepare<[], DeliveryRow>(`SELECT * FROM webhook_deliveries WHERE state = 'pending' ORDER BY next_attempt_at, id`),
      claim: sqlite.prepare(`UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND state = 'pending' AND next_attempt_at = ?`),
      insertAttempt: sqlite.prepare('INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)'),
      updateDelivery: sqlite.prepare('UPDATE webhook_deliveries SET attempts = ?, state = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?'),
      logFor: sqlite.prepare<[string, number], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE subscriber_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?'),
      log: sqlite.prepare<[number], DeliveryRow>('SELECT * FROM webhook_deliveries ORDER BY created_at DESC, rowid DESC LIMIT ?'),
      attempts: sqlite.prepare<[string], AttemptRow>('SELECT * FROM webhook_delivery_attempts WHERE delivery_id = ? ORDER BY attempt'),
    });
    this.insertBoundedTx = sqlite.transaction((r: Registration, max: number) => {
      if (s.countForAccount.get(r.accountId)!.n >= max) return false;
      s.insertRegistration.run(r.id, r.accountId, r.callbackUrl, JSON.stringify(r.chokepointIds), r.alertThreshold, r.secret, r.active ? 1 : 0, r.createdAt);
      return true;
    });
    this.observeTx = sqlite.transaction((current: readonly ObservedStatus[], now: number, decide: DecideDeliveries) => {
      const previous = new Map(s.marks.all().map((r) => [r.chokepoint_id, { status: r.status, score: r.score }]));
      const created = decide(previous, s.active.all().map(toRegistration)).map(pendingDelivery);
      for (const c of current) s.upsertMark.run(c.id, c.status, c.score, now);
      for (const d of created) s.insertDelivery.run(d.id, d.subscriberId, d.accountId, d.event, d.chokepointId, d.body, d.nextAttemptAt, d.createdAt);
      return created;
    });
    this.finishTx = sqlite.transaction((a: Attempt, next: AttemptOutcome) => {
      s.insertAttempt.run(a.deliveryId, a.attempt, a.attemptedAt, a.status, a.error, a.durationMs);
      s.updateDelivery.run(a.attempt, next.state, next.nextAttemptAt, next.finishedAt, a.deliveryId);
    });
  }

  async insertBounded(r: Registration, max: number): Promise<boolean> {
    return this.insertBoundedTx.immediate(r, max);
  }

  async listForAccount(accountId: string): Promise<Registration[]> {
    return this.s.forAccount.all(accountId).map(toRegistration);
  }

  async registrations(): Promise<Registration[]> {
    return this.s.all.all().map(toRegistration);
  }

  async registration(id: string): Promise<Registration | undefined> {
    const row = this.s.registration.get(id);
    return row ? toRegistration(row) : undefined;
  }

  async setActive(id: string, active: boolean): Promise<boolean> {
    return this.s.setActive.run(active ? 1 : 0, id).changes === 1;
  }

  async recordObservation(current: readonly ObservedStatus[], now: number, decide: DecideDeliveries): Promise<Delivery[]> {
    return this.observeTx.immediate(current, now, decide);
  }

  async delivery(id: string): Promise<Delivery | undefined> {
    const row = this.s.delivery.get(id);
    return row ? toDelivery(row) : undefined;
  }

  async pendingDeliveries(): Promise<Delivery[]> {
    return this.s.pending.all().map(toDelivery);
  }

  async claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): Promise<boolean> {
    return this.s.claim.run(leaseUntil, id, expectedNextAttemptAt).changes === 1;
  }

  async finishAttempt(a: Attempt, next: AttemptOutcome): Promise<void> {
    this.finishTx(a, next);
  }

  async deliveries(opts: { subscriberId?: string; limit?: number } = {}): Promise<(Delivery & { log: Attempt[] })[]> {
    const limit = opts.limit ?? 50;
    const rows = opts.subscriberId ? this.s.logFor.all(opts.subscriberId, limit) : this.s.log.all(limit);
    return rows.map((r) => ({ ...toDelivery(r), log: this.s.attempts.all(r.id).map(toAttempt) }));
  }
}
