import type { Redis } from 'ioredis';
import { breakerFor, type RedisBreaker } from './breaker.js';
import { redisKeys } from './keys.js';
import type { RedisChannels, Unsubscribe } from './pubsub.js';

/**
 * How long a revocation flag stays in Redis. It must outlive the longest time any node may trust
 * a cached key (`KEY_CACHE_TTL_MS`, key-cache.ts); past it the database, where the revocation is
 * permanent, still refuses the key.
 */
export const REVOCATION_TTL_SECONDS = 86_400;

/**
 * Revoked key ids shared by every node, so a node that caches keys refuses a revoked one on its
 * next request. The database stays the source of truth: revoke there first, then here.
 *
 * Failure policy: every method rejects while Redis is unreachable (at once, or after the command
 * timeout when it stalls). The caller then checks the key in the database and trusts no cached key
 * until Redis is back (a revocation announced meanwhile would be missed); a failed `revoke` is
 * logged, the database revocation stands. `RedisRateLimitStore.admit` checks the same flag in the
 * rate-limit round trip.
 */
export class RedisRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'mds:',
    private readonly ttlSeconds = REVOCATION_TTL_SECONDS,
    private readonly breaker: RedisBreaker = breakerFor(redis),
  ) {}

  /** Marks the key revoked and announces it on the revocation channel, in one MULTI round trip. */
  async revoke(keyId: string): Promise<void> {
    const replies = await this.redis
      .multi()
      .set(redisKeys.revokedKey(this.prefix, keyId), '1', 'EX', this.ttlSeconds)
      .publish(redisKeys.revocationChannel(this.prefix), keyId)
      .exec();
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw failed?.[0] ?? new Error('redis revoke transaction aborted');
  }

  /** Announces a change that is not a revocation (a billing state): caches drop, nothing is flagged. */
  async announce(message: string): Promise<void> {
    await this.breaker.run(() => this.redis.publish(redisKeys.revocationChannel(this.prefix), message));
  }

  async isRevoked(keyId: string): Promise<boolean> {
    return (await this.breaker.run(() => this.redis.exists(redisKeys.revokedKey(this.prefix, keyId)))) === 1;
  }

  /** Calls `handler` with every key id revoked from now on by any node (to evict it from a key cache). */
  onRevoked(channels: RedisChannels, handler: (keyId: string) => void): Promise<Unsubscribe> {
    return channels.listen(redisKeys.revocationChannel(this.prefix), handler);
  }
}
