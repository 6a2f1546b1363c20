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

/** The webhook tables (db/schema/shipping.ts): registrations, deliveries, attempts, status marks. */
export class WebhookStore {
  constructor(private readonly sqlite: Database.Database) {}

  countForAccount(accountId: string): number {
    return (this.sqlite.prepare('SELECT COUNT(*) AS n FROM webhook_registrations WHERE account_id = ?').get(accountId) as { n: number }).n;
  }

  /** Inserts unless the account already holds `max` registrations (checked in the same transaction). */
  insertBounded(r: Registration, max: number): boolean {
    return this.sqlite.transaction(() => {
      if (this.countForAccount(r.accountId) >= max) return false;
      this.sqlite
        .prepare(
          `INSERT INTO webhook_registrations (id, account_id, callback_url, chokepoint_ids, alert_threshold, secret, active, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.id, r.accountId, r.callbackUrl, JSON.stringify(r.chokepointIds), r.alertThreshold, r.secret, r.active ? 1 : 0, r.createdAt);
      return true;
    }).immediate();
  }

  listForAccount(accountId: string): Registration[] {
    const rows = this.sqlite.prepare('SELECT * FROM webhook_registrations WHERE account_id = ? ORDER BY created_at, id').all(accountId) as RegistrationRow[];
    return rows.map(toRegistration);
  }

  activeRegistrations(): Registration[] {
    return (this.sqlite.prepare('SELECT * FROM webhook_registrations WHERE active = 1 ORDER BY created_at, id').all() as RegistrationRow[]).map(toRegistration);
  }

  registration(id: string): Registration | undefined {
    const row = this.sqlite.prepare('SELECT * FROM webhook_registrations WHERE id = ?').get(id) as RegistrationRow | undefined;
    return row ? toRegistration(row) : undefined;
  }

  marks(): Map<string, StatusMark> {
    const rows = this.sqlite.prepare('SELECT chokepoint_id, status, score FROM chokepoint_status_marks').all() as { chokepoint_id: string; status: string; score: number }[];
    return new Map(rows.map((r) => [r.chokepoint_id, { status: r.status, score: r.score }]));
  }

  /**
   * Compares and records in one write transaction, so two processes observing the same swap cannot
   * both see the change: `decide` gets the marks as stored and returns the deliveries to create.
   */
  recordObservation(
    current: readonly { id: string; status: string; score: number }[],
    now: number,
    decide: (previous: Map<string, StatusMark>) => Omit<Delivery, 'state' | 'attempts' | 'finishedAt'>[],
  ): Delivery[] {
    return this.sqlite.transaction(() => {
      const created = decide(this.marks()).map((d): Delivery => ({ ...d, state: 'pending', attempts: 0, finishedAt: null }));
      const upsert = this.sqlite.prepare(
        `INSERT INTO chokepoint_status_marks (chokepoint_id, status, score, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (chokepoint_id) DO UPDATE SET status = excluded.status, score = excluded.score, updated_at = excluded.updated_at`,
      );
      for (const c of current) upsert.run(c.id, c.status, c.score, now);
      const insert = this.sqlite.prepare(
        `INSERT INTO webhook_deliveries (id, subscriber_id, account_id, event, chokepoint_id, body, state, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      );
      for (const d of created) insert.run(d.id, d.subscriberId, d.accountId, d.event, d.chokepointId, d.body, d.nextAttemptAt, d.createdAt);
      return created;
    }).immediate();
  }

  delivery(id: string): Delivery | undefined {
    const row = this.sqlite.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as DeliveryRow | undefined;
    return row ? toDelivery(row) : undefined;
  }

  pendingDeliveries(): Delivery[] {
    return (this.sqlite.prepare(`SELECT * FROM webhook_deliveries WHERE state = 'pending' ORDER BY next_attempt_at, id`).all() as DeliveryRow[]).map(toDelivery);
  }

  /** Takes a pending delivery for one attempt: pushes its due time past the attempt's lease; false if someone else did. */
  claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): boolean {
    return (
      this.sqlite
        .prepare(`UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND state = 'pending' AND next_attempt_at = ?`)
        .run(leaseUntil, id, expectedNextAttemptAt).changes === 1
    );
  }

  /** Records one attempt and the delivery's new state in one transaction. */
  finishAttempt(a: Attempt, next: { state: Delivery['state']; nextAttemptAt: number; finishedAt: number | null }): void {
    this.sqlite.transaction(() => {
      this.sqlite
        .prepare('INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)')
        .run(a.deliveryId, a.attempt, a.attemptedAt, a.status, a.error, a.durationMs);
      this.sqlite
        .prepare('UPDATE webhook_deliveries SET attempts = ?, state = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?')
        .run(a.attempt, next.state, next.nextAttemptAt, next.finishedAt, a.deliveryId);
    })();
  }

  /** The delivery log, newest first, optionally for one registration. */
  deliveries(opts: { subscriberId?: string; limit?: number } = {}): (Delivery & { log: Attempt[] })[] {
    const limit = opts.limit ?? 50;
    const rows = (
      opts.subscriberId
        ? this.sqlite.prepare('SELECT * FROM webhook_deliveries WHERE subscriber_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(opts.subscriberId, limit)
        : this.sqlite.prepare('SELECT * FROM webhook_deliveries ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit)
    ) as DeliveryRow[];
    const attempts = this.sqlite.prepare('SELECT * FROM webhook_delivery_attempts WHERE delivery_id = ? ORDER BY attempt');
    return rows.map((r) => ({
      ...toDelivery(r),
      log: (attempts.all(r.id) as { delivery_id: string; attempt: number; attempted_at: number; status: number | null; error: string | null; duration_ms: number }[]).map((x) => ({
        deliveryId: x.delivery_id,
        attempt: x.attempt,
        attemptedAt: x.attempted_at,
        status: x.status,
        error: x.error,
        durationMs: x.duration_ms,
      })),
    }));
  }
}
