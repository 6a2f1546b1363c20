import { createHash } from 'node:crypto';
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
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest('hex');
}

export type Claim = { kind: 'fresh' } | { kind: 'replay'; status: number; body: unknown };

/** The Idempotency-Key header, validated; undefined when absent. */
export function readIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw ServiceError.validation([
      {
        field: 'Idempotency-Key',
        description: 'must be 1 to 255 printable ASCII characters without spaces, sent once',
      },
    ]);
  }
  return value;
}
