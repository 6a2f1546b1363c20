import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { testConfig } from '../../../src/config.js';
import { closeRedisClient, createRedisClient, whenReady } from '../../../src/platform/redis/client.js';
import { RedisChannels } from '../../../src/platform/redis/pubsub.js';
import { REVOCATION_TTL_SECONDS, RedisRevocations } from '../../../src/platform/redis/revocations.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

/** Resolves with the first value `register` hands its callback, or rejects after `ms`. */
function next<T>(register: (cb: (v: T) => void) => void, ms = 1_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    register((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

describe('shared key revocations (real redis-server)', () => {
  let redis: RunningRedis;
  let nodeA: Redis;
  let nodeB: Redis;
  let subB: Redis;
  let channelsB: RedisChannels;

  beforeAll(async () => {
    redis = await startRedis();
    const config = testConfig({ REDIS_URL: redis.url });
    nodeA = createRedisClient(config, { role: 'node-a' });
    nodeB = createRedisClient(config, { role: 'node-b' });
    subB = createRedisClient(config, { role: 'node-b-sub', subscriber: true });
    channelsB = new RedisChannels(subB);
    await Promise.all([whenReady(nodeA), whenReady(nodeB), whenReady(subB)]);
  });
  afterAll(async () => {
    for (const c of [nodeA, nodeB, subB]) closeRedisClient(c);
    await redis.close();
  });

  it('a key revoked through one node is revoked for the other, with a TTL beyond any key cache', async () => {
    const a = new RedisRevocations(nodeA, 'rev1:');
    const b = new RedisRevocations(nodeB, 'rev1:');
    expect(await b.isRevoked('key_1')).toBe(false);
    await a.revoke('key_1');
    expect(await b.isRevoked('key_1')).toBe(true);
    expect(await b.isRevoked('key_2')).toBe(false);
    const ttl = await nodeB.ttl('rev1:revoked:key_1');
    expect(ttl).toBeGreaterThan(REVOCATION_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(REVOCATION_TTL_SECONDS);
  });

  it('announces the revoked key id to every subscribed node (to evict it from a key cache)', async () => {
    const b = new RedisRevocations(nodeB, 'rev2:');
    const seen: string[] = [];
    let notify: (id: string) => void = () => undefined;
    const stop = await b.onRevoked(channelsB, (id) => {
      seen.push(id);
      notify(id);
    });
    const received = next<string>((cb) => (notify = cb));
    await new RedisRevocations(nodeA, 'rev2:').revoke('key_9');
    expect(await received).toBe('key_9');
    // Another deployment's prefix is another channel.
    await new RedisRevocations(nodeA, 'other:').revoke('key_10');
    await nodeA.ping();
    await stop();
    await new RedisRevocations(nodeA, 'rev2:').revoke('key_11');
    await nodeB.ping();
    expect(seen).toEqual(['key_9']);
  });

  it('rejects fast while Redis is down (the caller checks the database instead) and works again after', async () => {
    const b = new RedisRevocations(nodeB, 'rev3:');
    await redis.stop();
    for (const call of [() => b.isRevoked('key_1'), () => b.revoke('key_1')]) {
      const t0 = performance.now();
      await expect(call()).rejects.toThrow();
      expect(performance.now() - t0).toBeLessThan(50);
    }
    await redis.restart();
    await Promise.all([whenReady(nodeA, 5_000), whenReady(nodeB, 5_000), whenReady(subB, 5_000)]);
    // Nothing was written while it was down (no offline queue, no resend).
    expect(await b.isRevoked('key_1')).toBe(false);
    await b.revoke('key_1');
    expect(await new RedisRevocations(nodeA, 'rev3:').isRevoked('key_1')).toBe(true);
  });
});
