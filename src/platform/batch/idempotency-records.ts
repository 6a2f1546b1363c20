import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { ServiceError } from '../errors.js';
import { defineStore } from '../stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../stores/engine.js';
import {
  IN_FLIGHT_LOCK_MS,
  MAX_STORED_ANSWER_BYTES,
  MAX_STORED_BYTES_PER_OWNER,
  REPLAY_WINDOW_MS,
  type Claim,
} from './idempotency.js';

/**
 * Idempotency-Key bookkeeping, in the SQLite file or in PostgreSQL shared by every node (so a retry
 * that lands on another node replays, or waits for, the first call). 422 for a key reused with
 * another body, 409 while the first call runs, a replay of the stored answer afterwards.
 */
export interface IdempotencyRecords {
  claim(owner: string, key: string, hash: string, now: number): Promise<Claim>;
  /** Stores the answer for replay when it fits the caps, else releases the key; whether it was kept. */
  complete(owner: string, key: string, status: number, body: unknown, now: number): Promise<boolean>;
  /** Forgets a call that failed, so a retry with the same key runs again. */
  abandon(owner: string, key: string): Promise<void>;
}

/**
 * `idempotency_keys` on either engine. A claim inserts the key if absent (on PostgreSQL, ON CONFLICT
 * DO NOTHING waits for a concurrent insert of the same key to commit), otherwise locks the existing
 * row, in one transaction, so two callers (or nodes) can never both run the same key.
 */
export class IdempotencyKeyRecords implements IdempotencyRecords {
  private nextSweepAt = 0;

  constructor(private readonly engine: StoreEngine) {}

  async claim(owner: string, key: string, hash: string, now: number): Promise<Claim> {
    const { idempotencyKeys } = this.engine.tables;
    if (now >= this.nextSweepAt) {
      this.nextSweepAt = now + 10 * 60_000;
      await this.engine.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
    }
    return this.engine.transact(function* (tx): Generator<PromiseLike<unknown>, Claim, unknown> {
      const inFlight = {
        requestHash: hash,
        state: 'in_flight' as const,
        responseStatus: null,
        responseBody: null,
        createdAt: now,
        expiresAt: now + IN_FLIGHT_LOCK_MS,
      };
      const inserted = yield* step(
        tx.db
          .insert(idempotencyKeys)
          .values({ owner, key, ...inFlight })
          .onConflictDoNothing()
          .returning({ owner: idempotencyKeys.owner }),
      );
      if (inserted.length) return { kind: 'fresh' };
      const [row] = yield* step(
        tx.forUpdate(
          tx.db
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key))),
        ),
      );
      if (row && row.expiresAt >= now) {
        if (row.requestHash !== hash)
          throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different request body' });
        if (row.state === 'in_flight') {
          throw new ServiceError(
            409,
            { error: 'a request with this Idempotency-Key is still being processed' },
            { 'Retry-After': '1' },
          );
        }
        return { kind: 'replay', status: row.responseStatus ?? 200, body: JSON.parse(row.responseBody ?? 'null') };
      }
      // Expired (or deleted meanwhile by a sweep): this call takes the key afresh.
      yield* step(
        tx.db
          .insert(idempotencyKeys)
          .values({ owner, key, ...inFlight })
          .onConflictDoUpdate({ target: [idempotencyKeys.owner, idempotencyKeys.key], set: inFlight }),
      );
      return { kind: 'fresh' };
    });
  }

  async complete(owner: string, key: string, status: number, body: unknown, now: number): Promise<boolean> {
    const { idempotencyKeys } = this.engine.tables;
    const text = JSON.stringify(body);
    const size = Buffer.byteLength(text, 'utf8');
    if (size <= MAX_STORED_ANSWER_BYTES) {
      const [{ n }] = await this.engine.db
        .select({ n: sql<number>`cast(coalesce(sum(length(${idempotencyKeys.responseBody})), 0) as integer)` })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, owner), gte(idempotencyKeys.expiresAt, now)));
      if (n + size <= MAX_STORED_BYTES_PER_OWNER) {
        await this.engine.db
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
    const { idempotencyKeys } = this.engine.tables;
    await this.engine.db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')),
      );
  }
}

/** Idempotency-Key records: a retried POST may land on another node, so they live where every node looks. */
export const IDEMPOTENCY_RECORDS = defineStore<IdempotencyRecords>({
  name: 'idempotency',
  sqlite: ({ db }) => new IdempotencyKeyRecords(sqliteEngine(db)),
  postgres: ({ db }) => new IdempotencyKeyRecords(postgresEngine(db)),
});
