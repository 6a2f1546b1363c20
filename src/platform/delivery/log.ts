import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { defineStore } from '../stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../stores/engine.js';

/**
 * One event to deliver to one subscriber (a shipping webhook registration, a watch rule): `pending`
 * until a 2xx answer (`delivered`) or the last attempt failed (`failed`). `body` is the exact JSON
 * that is signed and sent on every attempt; `event` says which sender's subscriber `subscriberId` is.
 */
export interface Delivery {
  id: string;
  subscriberId: string;
  accountId: string;
  event: string;
  /** The chokepoint a shipping event is about; empty for other events. */
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

/** A delivery as a sender decides it; the log adds its state (`pending`, no attempt yet). */
export type NewDelivery = Omit<Delivery, 'state' | 'attempts' | 'finishedAt'>;

/** A decided delivery as it is first stored: pending, not yet attempted. */
export const pendingDelivery = (d: NewDelivery): Delivery => ({
  ...d,
  state: 'pending',
  attempts: 0,
  finishedAt: null,
});

/** What an attempt leaves: the delivery's next state. */
export interface AttemptOutcome {
  state: Delivery['state'];
  nextAttemptAt: number;
  finishedAt: number | null;
}

type DeliveryRow = StoreEngine['tables']['webhookDeliveries']['$inferSelect'];
// PostgreSQL's rows carry `seq` (the log's tie-break, SQLite's rowid); a delivery does not.
const toDelivery = ({ seq: _seq, ...d }: DeliveryRow): Delivery => d;

/**
 * Stores a decided delivery inside a sender's own transaction (a sender records what it observed
 * and the deliveries that follow from it at once). One statement per delivery keeps the insertion
 * order (the log's tie-break) the creation order.
 */
export function* insertDelivery(tx: StoreEngine, d: Delivery): Generator<PromiseLike<unknown>, void, unknown> {
  yield* step(tx.db.insert(tx.tables.webhookDeliveries).values(d));
}

/**
 * The one delivery log every signed webhook goes through (both engines; PostgreSQL: shared by every
 * node): pending deliveries, their claims (each attempt made by one process: a conditional update),
 * and every attempt. The log is newest first.
 */
export class DeliveryLog {
  constructor(private readonly engine: StoreEngine) {}

  async delivery(id: string): Promise<Delivery | undefined> {
    const { webhookDeliveries } = this.engine.tables;
    const [row] = await this.engine.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row ? toDelivery(row) : undefined;
  }

  /** Deliveries still to attempt, soonest due first. */
  async pendingDeliveries(): Promise<Delivery[]> {
    const { webhookDeliveries } = this.engine.tables;
    const rows = await this.engine.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'pending'))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id));
    return rows.map(toDelivery);
  }

  /**
   * Takes a pending delivery for one attempt: pushes its due time past the attempt's lease; false if
   * someone else did. The row lock of the UPDATE makes a second process wait, then find the due time
   * changed: it matches nothing.
   */
  async claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): Promise<boolean> {
    const { webhookDeliveries } = this.engine.tables;
    const rows = await this.engine.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.state, 'pending'),
          eq(webhookDeliveries.nextAttemptAt, expectedNextAttemptAt),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  }

  /** Records one attempt and the delivery's new state in one transaction. */
  async finishAttempt(a: Attempt, next: AttemptOutcome): Promise<void> {
    const { webhookDeliveries, webhookDeliveryAttempts } = this.engine.tables;
    await this.engine.transact(function* (tx) {
      yield* step(tx.db.insert(webhookDeliveryAttempts).values(a));
      yield* step(
        tx.db
          .update(webhookDeliveries)
          .set({
            attempts: a.attempt,
            state: next.state,
            nextAttemptAt: next.nextAttemptAt,
            finishedAt: next.finishedAt,
          })
          .where(eq(webhookDeliveries.id, a.deliveryId)),
      );
    });
  }

  /** The delivery log, newest first (default 50), optionally for one subscriber, each with its attempts in order. */
  async deliveries(opts: { subscriberId?: string; limit?: number } = {}): Promise<(Delivery & { log: Attempt[] })[]> {
    const { webhookDeliveries, webhookDeliveryAttempts } = this.engine.tables;
    const rows = await this.engine.db
      .select()
      .from(webhookDeliveries)
      .where(opts.subscriberId ? eq(webhookDeliveries.subscriberId, opts.subscriberId) : undefined)
      .orderBy(desc(webhookDeliveries.createdAt), desc(this.engine.insertionOrder(webhookDeliveries)))
      .limit(opts.limit ?? 50);
    if (rows.length === 0) return [];
    const attempts = await this.engine.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(
        inArray(
          webhookDeliveryAttempts.deliveryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.attempt));
    const logs = new Map<string, Attempt[]>();
    for (const a of attempts) {
      const log = logs.get(a.deliveryId);
      if (log) log.push(a);
      else logs.set(a.deliveryId, [a]);
    }
    return rows.map((r) => ({ ...toDelivery(r), log: logs.get(r.id) ?? [] }));
  }
}

/** The delivery log of every signed webhook: the SQLite file's, or PostgreSQL's shared by every node. */
export const DELIVERY_LOG = defineStore<DeliveryLog>({
  name: 'delivery_log',
  sqlite: ({ db }) => new DeliveryLog(sqliteEngine(db)),
  postgres: ({ db }) => new DeliveryLog(postgresEngine(db)),
});
