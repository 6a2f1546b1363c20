import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { loadConfig, testConfig } from '../../../src/config.js';
import {
  closeRedisClient,
  createRedisClient,
  reconnectDelay,
  whenReady,
  MAX_RECONNECT_DELAY_MS,
} from '../../../src/platform/redis/client.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

/** How long a promise takes to settle, and whether it was rejected with which message. */
async function timed(p: Promise<unknown>): Promise<{ ms: number; error?: string }> {
  const t0 = performance.now();
  try {
    await p;
    return { ms: performance.now() - t0 };
  } catch (err) {
    return { ms: performance.now() - t0, error: (err as Error).message };
  }
}

describe('Redis client factory (real redis-server)', () => {
  let redis: RunningRedis;
  let client: Redis;
  let admin: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    const config = testConfig({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: 100 });
    client = createRedisClient(config, { role: 'test' });
    admin = createRedisClient({ ...config, REDIS_COMMAND_TIMEOUT_MS: 2_000 }, { role: 'admin' });
    await Promise.all([whenReady(client), whenReady(admin)]);
  });
  afterAll(async () => {
    closeRedisClient(client);
    closeRedisClient(admin);
    await redis.close();
  });

  it('refuses to build a client without REDIS_URL', () => {
    expect(() => createRedisClient(testConfig())).toThrow(/REDIS_URL/);
  });

  it('accepts redis:// and rediss:// addresses only', () => {
    expect(testConfig({}).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal:6380/2' }).REDIS_URL).toBe(
      'rediss://cache.internal:6380/2',
    );
  });

  it('names its connection and answers commands', async () => {
    expect(await client.ping()).toBe('PONG');
    expect(await admin.client('LIST')).toMatch(/name=mds:test /);
  });

  it('backs off reconnection exponentially, capped, and never gives up', () => {
    expect([1, 2, 3, 4].map(reconnectDelay)).toEqual([25, 50, 100, 200]);
    expect(reconnectDelay(1_000)).toBe(MAX_RECONNECT_DELAY_MS);
  });

  it('fails a command after the command timeout when the server stalls, instead of queueing it', async () => {
    await admin.client('PAUSE', 300, 'ALL');
    const r = await timed(client.get('stalled'));
    expect(r.error).toMatch(/timed out/i);
    expect(r.ms).toBeGreaterThanOrEqual(90);
    expect(r.ms).toBeLessThan(250);
    // The pause ends by itself; the same client then answers again.
    expect(await admin.ping()).toBe('PONG');
    expect(await client.ping()).toBe('PONG');
  });

  it('fails a command in flight at once when the server goes away, and every later one at once while it is down', async () => {
    // A blocking pop with a generous timeout of its own is in flight when the server stops.
    const slow = createRedisClient(testConfig({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: 5_000 }), {
      role: 'slow',
    });
    await whenReady(slow);
    const inFlight = timed(slow.blpop('never-filled', 4));
    await redis.stop();
    const r = await inFlight;
    expect(r.error).toBeDefined();
    expect(r.ms).toBeLessThan(1_000);

    for (let i = 0; i < 5; i++) {
      const down = await timed(client.get('k'));
      expect(down.error).toMatch(/isn't writeable|closed/i);
      expect(down.ms).toBeLessThan(50);
    }

    // The same clients work again once the server returns: no new client, no restart of the node.
    const t0 = performance.now();
    await redis.restart();
    await Promise.all([whenReady(client, 5_000), whenReady(slow, 5_000)]);
    expect(performance.now() - t0).toBeLessThan(MAX_RECONNECT_DELAY_MS + 1_000);
    expect(await client.ping()).toBe('PONG');
    // Nothing issued while it was down was replayed after the reconnect.
    expect(await client.dbsize()).toBe(0);
    closeRedisClient(slow);
  });
});
