import { asc, count, eq, sql } from 'drizzle-orm';
import { LOCK_SPACE } from '../../../../db/pg/client.js';
import { defineStore } from '../../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../../../platform/stores/engine.js';
import {
  DeliveryLog,
  insertDelivery,
  pendingDelivery,
  type Attempt,
  type AttemptOutcome,
  type Delivery,
  type NewDelivery,
} from '../../../platform/delivery/log.js';
import type { StatusMark } from './rules.js';

export type { Attempt, AttemptOutcome, Delivery, NewDelivery };

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

/** Given the marks as stored and the active registrations, the deliveries a status change calls for. */
export type DecideDeliveries = (previous: Map<string, StatusMark>, active: Registration[]) => NewDelivery[];

/** A chokepoint's status as observed now. */
export interface ObservedStatus {
  id: string;
  status: string;
  score: number;
}

/**
 * The webhook tables (registrations, deliveries, attempts, status marks), in the SQLite file or in
 * PostgreSQL shared by every node. Two guarantees hold however many processes share the tables: a status change is
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
  /** Replaces a registration's signing secret; false when there is no such registration. */
  setSecret(id: string, secret: string): Promise<boolean>;
  /** Removes a registration (its delivery log stays); false when there was none. */
  remove(id: string): Promise<boolean>;
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

type Tables = StoreEngine['tables'];
type RegistrationRow = Tables['webhookRegistrations']['$inferSelect'];

const toRegistration = (r: RegistrationRow): Registration => ({
  ...r,
  chokepointIds: JSON.parse(r.chokepointIds) as string[],
});

/**
 * The webhook tables on either engine (PostgreSQL: shared by every node). An observation holds the
 * marks table against other writers while it compares and records, so the processes that all see
 * one snapshot swap make its deliveries once; a delivery attempt is claimed by a conditional update,
 * which one process wins.
 */
export class Webhooks implements WebhookStore {
  /** The deliveries and their attempts: the one log every signed webhook shares (platform/delivery). */
  private readonly log: DeliveryLog;

  constructor(private readonly engine: StoreEngine) {
    this.log = new DeliveryLog(engine);
  }

  async insertBounded(r: Registration, max: number): Promise<boolean> {
    const { webhookRegistrations } = this.engine.tables;
    return this.engine.transact(function* (tx) {
      // Registrations of one account made at once (on two nodes) take turns at the count.
      yield* tx.lockWriters(LOCK_SPACE.webhookAccounts, r.accountId);
      const [{ n }] = yield* step(
        tx.db.select({ n: count() }).from(webhookRegistrations).where(eq(webhookRegistrations.accountId, r.accountId)),
      );
      if (n >= max) return false;
      yield* step(tx.db.insert(webhookRegistrations).values({ ...r, chokepointIds: JSON.stringify(r.chokepointIds) }));
      return true;
    });
  }

  async listForAccount(accountId: string): Promise<Registration[]> {
    const { webhookRegistrations } = this.engine.tables;
    const rows = await this.engine.db
      .select()
      .from(webhookRegistrations)
      .where(eq(webhookRegistrations.accountId, accountId))
      .orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id));
    return rows.map(toRegistration);
  }

  async registrations(): Promise<Registration[]> {
    const { webhookRegistrations } = this.engine.tables;
    const rows = await this.engine.db
      .select()
      .from(webhookRegistrations)
      .orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id));
    return rows.map(toRegistration);
  }

  async registration(id: string): Promise<Registration | undefined> {
    const { webhookRegistrations } = this.engine.tables;
    const [row] = await this.engine.db.select().from(webhookRegistrations).where(eq(webhookRegistrations.id, id));
    return row ? toRegistration(row) : undefined;
  }

  async setActive(id: string, active: boolean): Promise<boolean> {
    const { webhookRegistrations } = this.engine.tables;
    const rows = await this.engine.db
      .update(webhookRegistrations)
      .set({ active })
      .where(eq(webhookRegistrations.id, id))
      .returning({ id: webhookRegistrations.id });
    return rows.length === 1;
  }

  async setSecret(id: string, secret: string): Promise<boolean> {
    const { webhookRegistrations } = this.engine.tables;
    const rows = await this.engine.db
      .update(webhookRegistrations)
      .set({ secret })
      .where(eq(webhookRegistrations.id, id))
      .returning({ id: webhookRegistrations.id });
    return rows.length === 1;
  }

  async remove(id: string): Promise<boolean> {
    const { webhookRegistrations } = this.engine.tables;
    const rows = await this.engine.db
      .delete(webhookRegistrations)
      .where(eq(webhookRegistrations.id, id))
      .returning({ id: webhookRegistrations.id });
    return rows.length === 1;
  }

  async recordObservation(
    current: readonly ObservedStatus[],
    now: number,
    decide: DecideDeliveries,
  ): Promise<Delivery[]> {
    const { chokepointStatusMarks, webhookRegistrations } = this.engine.tables;
    return this.engine.transact(function* (tx) {
      // A second observer waits here, then reads the marks this one wrote.
      yield* tx.lockTable(chokepointStatusMarks);
      const marks = yield* step(tx.db.select().from(chokepointStatusMarks));
      const active = yield* step(
        tx.db
          .select()
          .from(webhookRegistrations)
          .where(eq(webhookRegistrations.active, true))
          .orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id)),
      );
      const previous = new Map(marks.map((m) => [m.chokepointId, { status: m.status, score: m.score }]));
      const created = decide(previous, active.map(toRegistration)).map(pendingDelivery);
      if (current.length > 0) {
        yield* step(
          tx.db
            .insert(chokepointStatusMarks)
            .values(current.map((c) => ({ chokepointId: c.id, status: c.status, score: c.score, updatedAt: now })))
            .onConflictDoUpdate({
              target: chokepointStatusMarks.chokepointId,
              set: { status: sql`excluded.status`, score: sql`excluded.score`, updatedAt: sql`excluded.updated_at` },
            }),
        );
      }
      for (const d of created) yield* insertDelivery(tx, d);
      return created;
    });
  }

  delivery(id: string): Promise<Delivery | undefined> {
    return this.log.delivery(id);
  }

  pendingDeliveries(): Promise<Delivery[]> {
    return this.log.pendingDeliveries();
  }

  claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): Promise<boolean> {
    return this.log.claim(id, expectedNextAttemptAt, leaseUntil);
  }

  finishAttempt(a: Attempt, next: AttemptOutcome): Promise<void> {
    return this.log.finishAttempt(a, next);
  }

  deliveries(opts: { subscriberId?: string; limit?: number } = {}): Promise<(Delivery & { log: Attempt[] })[]> {
    return this.log.deliveries(opts);
  }
}

/** Webhook registrations and their deliveries: the SQLite file's, or PostgreSQL's shared by every node. */
export const WEBHOOK_STORE = defineStore<WebhookStore>({
  name: 'shipping_webhooks',
  sqlite: ({ db }) => new Webhooks(sqliteEngine(db)),
  postgres: ({ db }) => new Webhooks(postgresEngine(db)),
});
