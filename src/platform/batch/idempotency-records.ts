import type { Claim, IdempotencyStore } from './idempotency.js';

/**
 * Idempotency-Key bookkeeping behind one async interface, whichever engine holds it: the SQLite
 * IdempotencyStore (`SqliteIdempotencyRecords`) or PostgreSQL shared by every node
 * (`PgIdempotencyRecords` in idempotency-pg.ts). Same decisions, same errors: 422 for a key reused
 * with another body, 409 while the first call runs, a replay of the stored answer afterwards.
 */
export interface IdempotencyRecords {
  claim(owner: string, key: string, hash: string, now: number): Promise<Claim>;
  /** Stores the answer for replay when it fits the caps, else releases the key; whether it was kept. */
  complete(owner: string, key: string, status: number, body: unknown, now: number): Promise<boolean>;
  /** Forgets a call that failed, so a retry with the same key runs again. */
  abandon(owner: string, key: string): Promise<void>;
}

export class SqliteIdempotencyRecords implements IdempotencyRecords {
  constructor(readonly store: IdempotencyStore) {}
  async claim(owner: string, key: string, hash: string, now: number) {
    return this.store.claim(owner, key, hash, now);
  }
  async complete(owner: string, key: string, status: number, body: unknown, now: number) {
    return this.store.complete(owner, key, status, body, now);
  }
  async abandon(owner: string, key: string) {
    this.store.abandon(owner, key);
  }
}
