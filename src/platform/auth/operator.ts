import { timingSafeEqual } from 'node:crypto';
import { digestOf } from './keys.js';
import { CREDENTIAL_PATTERN, parseOperatorKeyList } from '../../config/operator-keys.js';

export { CREDENTIAL_PATTERN };

export interface OperatorKey {
  /** Stable reference for logs, rate-limit buckets and sessions; derived from the digest, never the key. */
  id: string;
  digest: Buffer;
}

/**
 * The operator keys as access control holds them: digests and ids, never the keys. Takes the list the
 * configuration parsed at start-up, or the raw setting (checked the same way).
 */
export function parseOperatorKeys(keys: string | readonly string[] | undefined): OperatorKey[] {
  const list = typeof keys === 'string' || keys === undefined ? parseOperatorKeyList(keys) : keys;
  return list.map((k) => {
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
