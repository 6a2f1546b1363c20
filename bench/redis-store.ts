/**
 * Standalone measurements of the Redis pieces against a private redis-server (not part of
 * `npm run bench`): `node --import tsx bench/redis-store.ts`. Prints, in ms unless stated:
 * - the latency of one rate-limit decision (admit: limit + revocation in one script call),
 *   sequential, and the throughput with 50 in flight on one connection;
 * - how long a call takes to fail while Redis is stopped, and while it is stalled (CLIENT PAUSE);
 * - how long after Redis is back the same client answers again;
 * - the delay of a snapshot notice between two connections.
 */
import type { Redis } from 'ioredis';
import { testConfig } from '../src/config.js';
import { RedisRateLimitStore } from '../src/platform/ratelimit/redis-store.js';
import { LocalRateLimitStore } from '../src/platform/ratelimit/store.js';
import type { WindowSpec } from '../src/platform/ratelimit/window.js';
import { closeRedisClient, createRedisClient, whenReady } from '../src/platform/redis/client.js';
import { SnapshotNotices } from '../src/platform/redis/notices.js';
import { RedisChannels } from '../src/platform/redis/pubsub.js';
import { startRedis } from '../test/support/engines/redis.js';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (n: number) => n.toFixed(3);
const windows: WindowSpec[] = [
  { bucket: 'k:bench|m', limit: 1e9, windowMs: 60_000 },
  { bucket: 'k:bench|d', limit: 1e9, windowMs: 86_400_000 },
  { bucket: 'p:batch:k:bench|m', limit: 1e9, windowMs: 60_000 },
];

async function failTime(call: () => Promise<unknown>): Promise<{ ms: number; error: string }> {
  const t0 = performance.now();
  try {
    await call();
    return { ms: performance.now() - t0, error: '(no error)' };
  } catch (err) {
    return { ms: performance.now() - t0, error: (err as Error).message };
  }
}

async function main() {
  const server = await startRedis();
  const config = testConfig({ REDIS_URL: server.url });
  const clients: Redis[] = [];
  const client = (role: string, subscriber = false) => {
    const c = createRedisClient(config, { role, subscriber });
    clients.push(c);
    return c;
  };
  try {
    const a = client('a');
    await whenReady(a);
    const store = new RedisRateLimitStore(a);
    for (let i = 0; i < 500; i++) await store.admit('key_bench', windows, Date.now());

    const lat: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      const t0 = performance.now();
      await store.admit('key_bench', windows, Date.now());
      lat.push(performance.now() - t0);
    }
    console.log(
      `admit (3 windows + revocation), sequential: p50 ${fmt(pct(lat, 50))} p99 ${fmt(pct(lat, 99))} max ${fmt(Math.max(...lat))}`,
    );

    const n = 20_000;
    let t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next++ < n) await store.admit('key_bench', windows, Date.now());
      }),
    );
    console.log(
      `admit, 50 in flight on one connection: ${Math.round(n / ((performance.now() - t0) / 1000))} decisions/s`,
    );

    const memory = new LocalRateLimitStore();
    t0 = performance.now();
    for (let i = 0; i < n; i++) memory.consume(windows, Date.now());
    console.log(
      `memory store consume, for comparison: ${Math.round(n / ((performance.now() - t0) / 1000))} decisions/s`,
    );

    const admin = createRedisClient({ ...config, REDIS_COMMAND_TIMEOUT_MS: 5_000 }, { role: 'admin' });
    clients.push(admin);
    await whenReady(admin);
    await admin.client('PAUSE', 500, 'ALL');
    const stalled = await failTime(() => store.admit('key_bench', windows, Date.now()));
    console.log(
      `stalled server (CLIENT PAUSE), REDIS_COMMAND_TIMEOUT_MS=${config.REDIS_COMMAND_TIMEOUT_MS}: failed after ${fmt(stalled.ms)} (${stalled.error})`,
    );
    const skipped = await failTime(() => store.admit('key_bench', windows, Date.now()));
    console.log(`  the next call during the stall: failed after ${fmt(skipped.ms)} (${skipped.error})`);
    await admin.ping();
    await new Promise((r) => setTimeout(r, 1_100)); // the breaker's cooldown, so the next figure is the closed connection's

    await server.stop();
    const down: number[] = [];
    let error = '';
    for (let i = 0; i < 100; i++) {
      const r = await failTime(() => store.admit('key_bench', windows, Date.now()));
      down.push(r.ms);
      error = r.error;
    }
    console.log(`stopped server: 100 calls failed, p50 ${fmt(pct(down, 50))} max ${fmt(Math.max(...down))} (${error})`);

    // Recovery depends on how long Redis was away (the backoff grows to its 1 s cap): measure both.
    for (const awayMs of [0, 3_000]) {
      if (awayMs) {
        await server.stop();
        await new Promise((r) => setTimeout(r, awayMs));
      }
      const t1 = performance.now();
      await server.restart();
      const started = performance.now();
      await whenReady(a, 10_000);
      await store.admit('key_bench', windows, Date.now());
      console.log(
        `down ~${awayMs || 'a few'} ms: server restarted in ${fmt(started - t1)}, same client answering ${fmt(performance.now() - started)} later`,
      );
    }

    const pubA = client('pub');
    const subB = client('sub', true);
    await Promise.all([whenReady(pubA), whenReady(subB)]);
    const noticesA = new SnapshotNotices(pubA, new RedisChannels(client('sub-a', true)));
    const noticesB = new SnapshotNotices(client('b'), new RedisChannels(subB));
    const delays: number[] = [];
    let sentAt = 0;
    let arrived: () => void = () => undefined;
    await noticesB.subscribe(() => {
      delays.push(performance.now() - sentAt);
      arrived();
    });
    for (let v = 1; v <= 200; v++) {
      const got = new Promise<void>((r) => (arrived = r));
      sentAt = performance.now();
      await noticesA.publish({ dataset: 'bench.dataset', version: v });
      await got;
    }
    console.log(
      `snapshot notice, publisher to other subscriber: p50 ${fmt(pct(delays, 50))} p99 ${fmt(pct(delays, 99))} max ${fmt(Math.max(...delays))}`,
    );
  } finally {
    clients.forEach(closeRedisClient);
    await server.close();
  }
}

await main();
