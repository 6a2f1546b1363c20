import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { ServiceError } from '../errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;
export const REPLAY_WINDOW_MS = 24 * 3600 * 1000;
/** A first call that has not answered after this long is treated as abandoned. */
export const IN_FLIGHT_LOCK_MS = 180 * 1000;
/**
 * Largest answer kept for replay (serialised). A batch of reads can answer megabytes; past this the
 * key is released instead, so a retry runs the (read-only) operations again rather than replaying.
 */
export const MAX_STORED_ANSWER_BYTES = 64 * 1024;
/** Stored answers per caller, all keys together; past it new answers are not kept. */
export const MAX_STORED_BYTES_PER_OWNER = 1024 * 1024;

/** Canonical hash of a request body: the same JSON with keys in any order hashes the same. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
    : v;
  return createHash('sha256').update(JSON.stringify(canonical(body) ?? null)).digest('hex');
}

export type Claim = { kind: 'fresh' } | { kind: 'replay'; status: number; body: unknown };

interface Row {
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  expires_at: number;
}

/**
 * Idempotency-Key bookkeeping in SQLite. `claim` decides, atomically, whether this call runs (and
 * marks it in flight), replays a stored answer, or is refused: 409 while the first call runs, 422
 * when the key comes back with a different body.
 */
export class IdempotencyStore {
  private readonly select: Database.Statement<[string, string], Row>;
  private readonly insert: Database.Statement;
  private readonly finish: Database.Statement;
  private readonly release: Database.Statement;
  private readonly sweep: Database.Statement;
  private readonly ownerBytes: Database.Statement<[string, number], { n: number }>;
  private readonly claimTx: (owner: string, key: string, hash: string, now: number) => Claim;
  private nextSweepAt = 0;

  constructor(sqlite: Database.Database) {
    this.select = sqlite.prepare('SELECT request_hash, state, response_status, response_body, expires_at FROM idempotency_keys WHERE owner = ? AND key = ?');
    this.insert = sqlite.prepare(
      `INSERT INTO idempotency_keys (owner, key, request_hash, state, created_at, expires_at) VALUES (?, ?, ?, 'in_flight', ?, ?)
       ON CONFLICT (owner, key) DO UPDATE SET request_hash = excluded.request_hash, state = 'in_flight', response_status = NULL,
         response_body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    );
    this.finish = sqlite.prepare(`UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ?, expires_at = ? WHERE owner = ? AND key = ?`);
    this.release = sqlite.prepare(`DELETE FROM idempotency_keys WHERE owner = ? AND key = ? AND state = 'in_flight'`);
    this.sweep = sqlite.prepare('DELETE FROM idempotency_keys WHERE expires_at < ?');
    this.ownerBytes = sqlite.prepare('SELECT coalesce(sum(length(response_body)), 0) AS n FROM idempotency_keys WHERE owner = ? AND expires_at >= ?');
    const tx = sqlite.transaction((owner: string, key: string, hash: string, now: number): Claim => {
      const row = this.select.get(owner, key);
      if (row && row.expires_at >= now) {
        if (row.request_hash !== hash) {
          throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different request body' });
        }
        if (row.state === 'in_flight') {
          throw new ServiceError(409, { error: 'a request with this Idempotency-Key is still being processed' }, { 'Retry-After': '1' });
        }
        return { kind: 'replay', status: row.response_status ?? 200, body: JSON.parse(row.response_body ?? 'null') };
      }
      this.insert.run(owner, key, hash, now, now + IN_FLIGHT_LOCK_MS);
      return { kind: 'fresh' };
    });
    this.claimTx = (owner, key, hash, now) => tx.immediate(owner, key, hash, now);
  }

  claim(owner: string, key: string, hash: string, now: number): Claim {
    if (now >= this.nextSweepAt) {
      this.nextSweepAt = now + 10 * 60_000;
      this.sweep.run(now);
    }
    return this.claimTx(owner, key, hash, now);
  }

  /**
   * Stores the answer for replay within the window, when it fits the per-answer and per-caller caps;
   * otherwise releases the key (a retry then runs again). Returns whether the answer was kept.
   */
  complete(owner: string, key: string, status: number, body: unknown, now: number): boolean {
    const text = JSON.stringify(body);
    const size = Buffer.byteLength(text, 'utf8');
    if (size > MAX_STORED_ANSWER_BYTES || this.ownerBytes.get(owner, now)!.n + size > MAX_STORED_BYTES_PER_OWNER) {
      this.release.run(owner, key);
      return false;
    }
    this.finish.run(status, text, now + REPLAY_WINDOW_MS, owner, key);
    return true;
  }

  /** Forgets a call that failed, so a retry with the same key runs again. */
  abandon(owner: string, key: string): void {
    this.release.run(owner, key);
  }
}

/** The Idempotency-Key header, validated; undefined when absent. */
export function readIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw ServiceError.validation([{ field: 'Idempotency-Key', description: 'must be 1 to 255 printable ASCII characters without spaces, sent once' }]);
  }
  return value;
}
