import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { LOCK_SPACE, type PgDb } from '../../../../db/pg/client.js';
import { chokepointStatusMarks, webhookDeliveries, webhookDeliveryAttempts, webhookRegistrations } from '../../../../db/pg/schema/index.js';
import { pendingDelivery, type Attempt, type AttemptOutcome, type DecideDeliveries, type Delivery, type ObservedStatus, type Registration, type WebhookStore } from './store.js';

type RegistrationRow = typeof webhookRegistrations.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toRegistration = (r: RegistrationRow): Registration => ({ ...r, chokepointIds: JSON.parse(r.chokepointIds) as string[] });
const toDelivery = ({ seq: _seq, ...d }: DeliveryRow): Delivery => d;

/**
 * The webhook tables in PostgreSQL, shared by every node. An observation holds a lock on the marks
 * table while it compares and records, so the nodes that all see one snapshot swap make its
 * deliveries once; a delivery attempt is claimed by a conditional update, which one node wins.
 */
export class PgWebhookStore implements WebhookStore {
  constructor(private readonly db: PgDb) {}

  async insertBounded(r: Registration, max: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // Registrations of one account made on two nodes at once take turns at the count.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE.webhookAccounts}, hashtext(${r.accountId}))`);
      const [{ n }] = await tx.select({ n: count() }).from(webhookRegistrations).where(eq(webhookRegistrations.accountId, r.accountId));
      if (n >= max) return false;
      await tx.insert(webhookRegistrations).values({ ...r, chokepointIds: JSON.stringify(r.chokepointIds) });
      return true;
    });
  }

  async listForAccount(accountId: string): Promise<Registration[]> {
    const rows = await this.db
      .select()
      .from(webhookRegistrations)
      .where(eq(webhookRegistrations.accountId, accountId))
      .orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id));
    return rows.map(toRegistration);
  }

  async registrations(): Promise<Registration[]> {
    const rows = await this.db.select().from(webhookRegistrations).orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id));
    return rows.map(toRegistration);
  }

  async registration(id: string): Promise<Registration | undefined> {
    const [row] = await this.db.select().from(webhookRegistrations).where(eq(webhookRegistrations.id, id));
    return row ? toRegistration(row) : undefined;
  }

  async setActive(id: string, active: boolean): Promise<boolean> {
    const rows = await this.db.update(webhookRegistrations).set({ active }).where(eq(webhookRegistrations.id, id)).returning({ id: webhookRegistrations.id });
    return rows.length === 1;
  }

  async recordObservation(current: readonly ObservedStatus[], now: number, decide: DecideDeliveries): Promise<Delivery[]> {
    return this.db.transaction(async (tx) => {
      // Self-conflicting lock mode: a second observer waits here, then reads the marks this one wrote.
      await tx.execute(sql`LOCK TABLE chokepoint_status_marks IN SHARE ROW EXCLUSIVE MODE`);
      const marks = await tx.select().from(chokepointStatusMarks);
      const active = await tx
        .select()
        .from(webhookRegistrations)
        .where(eq(webhookRegistrations.active, true))
        .orderBy(asc(webhookRegistrations.createdAt), asc(webhookRegistrations.id));
      const previous = new Map(marks.map((m) => [m.chokepointId, { status: m.status, score: m.score }]));
      const created = decide(previous, active.map(toRegistration)).map(pendingDelivery);
      if (current.length > 0) {
        await tx
          .insert(chokepointStatusMarks)
          .values(current.map((c) => ({ chokepointId: c.id, status: c.status, score: c.score, updatedAt: now })))
          .onConflictDoUpdate({
            target: chokepointStatusMarks.chokepointId,
            set: { status: sql`excluded.status`, score: sql`excluded.score`, updatedAt: sql`excluded.updated_at` },
          });
      }
      // One statement per delivery keeps `seq` in creation order (the log's tie-break).
      for (const d of created) await tx.insert(webhookDeliveries).values(d);
      return created;
    });
  }

  async delivery(id: string): Promise<Delivery | undefined> {
    const [row] = await this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row ? toDelivery(row) : undefined;
  }

  async pendingDeliveries(): Promise<Delivery[]> {
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'pending'))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id));
    return rows.map(toDelivery);
  }

  /** The row lock of the UPDATE makes a second node wait, then find the due time changed: it matches nothing. */
  async claim(id: string, expectedNextAttemptAt: number, leaseUntil: number): Promise<boolean> {
    const rows = await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.nextAttemptAt, expectedNextAttemptAt)))
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  }

  async finishAttempt(a: Attempt, next: AttemptOutcome): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(webhookDeliveryAttempts).values(a);
      await tx
        .update(webhookDeliveries)
        .set({ attempts: a.attempt, state: next.state, nextAttemptAt: next.nextAttemptAt, finishedAt: next.finishedAt })
        .where(eq(webhookDeliveries.id, a.deliveryId));
    });
  }

  async deliveries(opts: { subscriberId?: string; limit?: number } = {}): Promise<(Delivery & { log: Attempt[] })[]> {
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(opts.subscriberId ? eq(webhookDeliveries.subscriberId, opts.subscriberId) : undefined)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq))
      .limit(opts.limit ?? 50);
    if (rows.length === 0) return [];
    const attempts = await this.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.deliveryId, rows.map((r) => r.id)))
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
