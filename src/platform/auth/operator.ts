import { timingSafeEqual } from 'node:crypto';
import { digestOf } from './keys.js';

/**
 * What a presented credential may look like at all: printable, no separators. A value outside this
 * (a header repeated and joined as "k1, k2", inner spaces, over-long) is refused before any lookup.
 */
export const CREDENTIAL_PATTERN = /^[A-Za-z0-9._~+/=-]{16,256}$/;

export interface OperatorKey {
  /** Stable reference for logs, rate-limit buckets and sessions; derived from the digest, never the key. */
  id: string;
  digest: Buffer;
}

/** Parses the comma-separated OPERATOR_KEYS setting. Throws naming the position of a bad entry. */
export function parseOperatorKeys(raw: string | undefined): OperatorKey[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.map((k, i) => {
    if (!CREDENTIAL_PATTERN.test(k)) throw new Error(`OPERATOR_KEYS entry ${i + 1} must be 16-256 characters of [A-Za-z0-9._~+/=-]`);
    const digest = digestOf(k);
    return { id: `op_${digest.subarray(0, 6).toString('hex')}`, digest };
  });
}

/**
 * Index of the operator key whose digest equals `presented`, or -1. Every entry is compared with a
 * constant-time equality on fixed-length digests and the loop never exits early, so neither the
 * position of a match nor a shared prefix changes how long the check takes.
 */
export function matchOperatorDigest(
  presented: Buffer,
  digests: readonly Buffer[],
  equal: (a: Buffer, b: Buffer) => boolean = timingSafeEqual,
): number {
  let found = -1;
  for (let i = 0; i < digests.length; i++) {
    const d = digests[i];
    // All digests are SHA-256 (32 bytes); the length check only guards timingSafeEqual's precondition.
    const same = d.length === presented.length && equal(presented, d);
    if (same && found < 0) found = i;
  }
  return found;
}
