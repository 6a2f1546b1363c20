import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client.js';
import { idempotencyKeys } from '../../../db/pg/schema/index.js';
import { ServiceError } from '../errors.js';
import { IN_FLIGHT_LOCK_MS, MAX_STORED_ANSWER_BYTES, MAX_STORED_BYTES_PER_OWNER, REPLAY_WINDOW_MS, type Claim } from './idempotency.js';
import type { IdempotencyRecords } from './idempotency-records.js';

/**
 * Idempotency records in PostgreSQL, so a retry that lands on another node replays (or waits for)
 * the first call. A claim inserts the key if absent (ON CONFLICT DO NOTHING waits for a concurrent
 * insert of the same key to commit), otherwise locks the existing row, so two nodes can never both
 * run the same key.
 */
export class PgIdempotencyRecords implements IdempotencyRecords {
  private nextSweepAt = 0;

  constructor(private readonly db: PgDb) {}

  async claim(owner: string, key: string, hash: string, now: number): Promise<Claim> {
    if (now >= this.nextSweepAt) {
      this.nextSweepAt = now + 10 * 60_000;
      await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
    }
    return this.db.transaction(async (tx): Promise<Claim> => {
      const inFlight = { requestHash: hash, state: 'in_flight' as const, responseStatus: null, responseBody: null, createdAt: now, expiresAt: now + IN_FLIGHT_LOCK_MS };
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ owner, key, ...inFlight })
        .onConflictDoNothing()
        .returning({ owner: idempotencyKeys.owner });
      if (inserted.length) return { kind: 'fresh' };
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)))
        .for('update');
      if (row && row.expiresAt >= now) {
        if (row.requestHash !== hash) throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different request body' });
        if (row.state === 'in_flight') {
          throw new ServiceError(409, { error: 'a request with this Idempotency-Key is still being processed' }, { 'Retry-After': '1' });
        }
        return { kind: 'replay', status: row.responseStatus ?? 200, body: JSON.parse(row.responseBody ?? 'null') };
      }
      // Expired (or deleted meanwhile by a sweep): this call takes the key afresh.
      await tx
        .insert(idempotencyKeys)
        .values({ owner, key, ...inFlight })
        .onConflictDoUpdate({ target: [idempotencyKeys.owner, idempotencyKeys.key], set: inFlight });
      return { kind: 'fresh' };
    });
  }

  async complete(owner: string, key: string, status: number, body: unknown, now: number): Promise<boolean> {
    const text = JSON.stringify(body);
    const size = Buffer.byteLength(text, 'utf8');
    if (size <= MAX_STORED_ANSWER_BYTES) {
      const [{ n }] = await this.db
        .select({ n: sql<number>`coalesce(sum(length(${idempotencyKeys.responseBody})), 0)::int` })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, owner), gte(idempotencyKeys.expiresAt, now)));
      if (n + size <= MAX_STORED_BYTES_PER_OWNER) {
        await this.db
          .update(idempotencyKeys)
          .set({ state: 'done', responseStatus: status, responseBody: text, expiresAt: now + REPLAY_WINDOW_MS })
          .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
        return true;
      }
    }
    await this.abandon(owner, key);
    return false;
  }

  async abandon(owner: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')));
  }
}
