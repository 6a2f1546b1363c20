import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { testConfig } from '../../../src/config.js';
import { closeRedisClient, createRedisClient, whenReady } from '../../../src/platform/redis/client.js';
import { RedisRateLimitStore } from '../../../src/platform/ratelimit/redis-store.js';
import { LocalRateLimitStore } from '../../../src/platform/ratelimit/store.js';
import { windowStartOf, type WindowSpec } from '../../../src/platform/ratelimit/window.js';
import { RedisBreaker, RedisUnavailableError } from '../../../src/platform/redis/breaker.js';
import { RedisRevocations } from '../../../src/platform/redis/revocations.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0); // minute-aligned, mid-day

let prefixes = 0;
/** A key prefix of its own per test or property run: the counters of one never leak into another. */
const freshPrefix = () => `t${process.pid}-${++prefixes}:`;

describe('RedisRateLimitStore (real redis-server)', () => {
  let redis: RunningRedis;
  let a: Redis;
  let b: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    const config = testConfig({ REDIS_URL: redis.url });
    a = createRedisClient(config, { role: 'node-a' });
    b = createRedisClient(config, { role: 'node-b' });
    await Promise.all([whenReady(a), whenReady(b)]);
  });
  afterAll(async () => {
    closeRedisClient(a);
    closeRedisClient(b);
    await redis.close();
  });

  describe('gives the same answers as the memory store', () => {
    const minute = (limit: number): WindowSpec => ({ bucket: 'k:1|m', limit, windowMs: MINUTE });
    const day = (limit: number): WindowSpec => ({ bucket: 'k:1|d', limit, windowMs: DAY });
    const policy = (limit: number): WindowSpec => ({ bucket: 'p:batch:k:1|m', limit, windowMs: MINUTE });

    it.each([
      // name, windows, offsets (ms after T0) of successive requests
      ['a burst past the minute limit', [minute(3)], [0, 1, 2, 3, 4, 5]],
      [
        'the previous minute weighing on the next one',
        [minute(4)],
        [10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 66_000, 75_000, 90_000, 119_999],
      ],
      [
        'a minute and a day where the day runs out first',
        [minute(5), day(4)],
        [0, 1, 2, 60_000, 60_001, 120_000, 180_000],
      ],
      ['a policy refusal counting nothing in the other windows', [minute(10), policy(2)], [0, 1, 2, 3, 61_000, 61_001]],
      ['a long quiet gap', [minute(2)], [0, 1, 2, 5 * MINUTE, 5 * MINUTE + 1, 5 * MINUTE + 2]],
    ])('%s', async (_name, windows, offsets) => {
      const memory = new LocalRateLimitStore();
      const store = new RedisRateLimitStore(a, freshPrefix());
      for (const offset of offsets) {
        const now = T0 + offset;
        expect(await store.peek(windows, now)).toEqual(memory.peek(windows, now));
        expect(await store.consume(windows, now)).toEqual(memory.consume(windows, now));
      }
    });

    it('for any sequence of consumes (property)', async () => {
      // A bucket always has one window length, as the limiter names them (`|m` a minute, `|d` a day).
      const buckets = [
        ['k:a|m', MINUTE],
        ['k:a|d', DAY],
        ['k:b|2m', 2 * MINUTE],
        ['p:batch:k:a|m', MINUTE],
      ] as const;
      const spec = fc
        .record({ which: fc.integer({ min: 0, max: buckets.length - 1 }), limit: fc.integer({ min: 1, max: 6 }) })
        .map(({ which, limit }) => ({ bucket: buckets[which][0], limit, windowMs: buckets[which][1] }));
      const step = fc.record({
        windows: fc.uniqueArray(spec, { minLength: 1, maxLength: 3, selector: (w) => w.bucket }),
        // Mostly bursts, sometimes a jump across one or more window edges.
        advance: fc.oneof(
          fc.integer({ min: 0, max: 2_000 }),
          fc.integer({ min: 0, max: 3 * MINUTE }),
          fc.constant(DAY),
        ),
        peek: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 1, maxLength: 40 }),
          fc.integer({ min: 0, max: DAY - 1 }),
          async (steps, startOffset) => {
            const memory = new LocalRateLimitStore();
            const store = new RedisRateLimitStore(a, freshPrefix());
            let now = T0 + startOffset;
            for (const s of steps) {
              now += s.advance;
              if (s.peek) expect(await store.peek(s.windows, now)).toEqual(memory.peek(s.windows, now));
              expect(await store.consume(s.windows, now)).toEqual(memory.consume(s.windows, now));
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  it('admits exactly the limit among 50 concurrent requests from two nodes', async () => {
    const prefix = freshPrefix();
    const nodes = [new RedisRateLimitStore(a, prefix), new RedisRateLimitStore(b, prefix)];
    const windows: WindowSpec[] = [{ bucket: 'k:shared|m', limit: 10, windowMs: MINUTE }];
    const now = T0 + 5_000;
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => nodes[i % 2].consume(windows, now)));
    expect(outcomes.filter(([o]) => o.allowed)).toHaveLength(10);
    expect(outcomes.filter(([o]) => !o.allowed)).toHaveLength(40);
    // Every admission saw a different count: remaining 9, 8, ..., 0 once each.
    expect(
      outcomes
        .filter(([o]) => o.allowed)
        .map(([o]) => o.remaining)
        .sort((x, y) => x - y),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await a.get(`${prefix}rl:k:shared|m@${T0}`)).toBe('10');
  });

  it('decides in one round trip per request: one script call, nothing else sent', async () => {
    const store = new RedisRateLimitStore(a, freshPrefix());
    const windows: WindowSpec[] = [
      { bucket: 'k:rt|m', limit: 100, windowMs: MINUTE },
      { bucket: 'k:rt|d', limit: 1000, windowMs: DAY },
    ];
    await a.config('RESETSTAT');
    for (let i = 0; i < 20; i++) await store.admit('key_rt', windows, T0 + i);
    const stats = await a.info('commandstats');
    const calls = Object.fromEntries(
      [...stats.matchAll(/^cmdstat_([a-z|]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]),
    );
    // 20 script calls (EVAL the first time a connection runs it, EVALSHA after). The commands the
    // script runs count too, exactly as many as it runs: 2 GETs per window, one EXISTS, and per
    // counted window INCR, PTTL and PEXPIRE. Nothing else was sent but this check's own commands.
    expect((calls.eval ?? 0) + (calls.evalsha ?? 0)).toBe(20);
    expect(calls).toMatchObject({ get: 20 * 4, exists: 20, incr: 20 * 2, pttl: 20 * 2 });
    const expected = ['eval', 'evalsha', 'exists', 'get', 'incr', 'pttl', 'pexpire', 'info', 'config|resetstat'];
    expect(Object.keys(calls).filter((c) => !expected.includes(c))).toEqual([]);
  });

  it('keeps each counter only as long as it can weigh in a decision', async () => {
    const prefix = freshPrefix();
    const store = new RedisRateLimitStore(a, prefix);
    await store.consume(
      [
        { bucket: 'k:ttl|m', limit: 5, windowMs: MINUTE },
        { bucket: 'k:ttl|d', limit: 50, windowMs: DAY },
      ],
      T0,
    );
    const minuteTtl = await a.pttl(`${prefix}rl:k:ttl|m@${T0}`);
    const dayTtl = await a.pttl(`${prefix}rl:k:ttl|d@${windowStartOf(T0, DAY)}`);
    expect(minuteTtl).toBeGreaterThan(2 * MINUTE);
    expect(minuteTtl).toBeLessThanOrEqual(2 * MINUTE + 1_000);
    expect(dayTtl).toBeGreaterThan(2 * DAY);
    expect(dayTtl).toBeLessThanOrEqual(2 * DAY + 1_000);
  });

  it('peek counts nothing', async () => {
    const prefix = freshPrefix();
    const store = new RedisRateLimitStore(a, prefix);
    const windows: WindowSpec[] = [{ bucket: 'k:peek|m', limit: 3, windowMs: MINUTE }];
    for (let i = 0; i < 5; i++)
      expect((await store.peek(windows, T0))[0]).toMatchObject({ allowed: true, remaining: 2 });
    expect(await a.keys(`${prefix}*`)).toEqual([]);
  });

  describe('admit: the revocation check in the same round trip', () => {
    it('counts a live key and reports it not revoked', async () => {
      const store = new RedisRateLimitStore(a, freshPrefix());
      const windows: WindowSpec[] = [{ bucket: 'k:live|m', limit: 2, windowMs: MINUTE }];
      const first = await store.admit('key_live', windows, T0);
      expect(first.revoked).toBe(false);
      expect(first.outcomes[0]).toMatchObject({ allowed: true, remaining: 1 });
      expect((await store.admit('key_live', windows, T0)).outcomes[0]).toMatchObject({ allowed: true, remaining: 0 });
      expect((await store.admit('key_live', windows, T0)).outcomes[0]).toMatchObject({ allowed: false });
    });

    it('refuses a key revoked through another node, spending nothing of its budget', async () => {
      const prefix = freshPrefix();
      const store = new RedisRateLimitStore(a, prefix);
      const windows: WindowSpec[] = [{ bucket: 'k:gone|m', limit: 5, windowMs: MINUTE }];
      await store.admit('key_gone', windows, T0);
      await new RedisRevocations(b, prefix).revoke('key_gone');
      const after = await store.admit('key_gone', windows, T0 + 1);
      expect(after.revoked).toBe(true);
      // What a peek would say: still the one request counted before the revocation.
      expect(after.outcomes[0]).toMatchObject({ allowed: true, remaining: 3 });
      expect(await a.get(`${prefix}rl:k:gone|m@${T0}`)).toBe('1');
    });

    it('checks no revocation for callers without a key id', async () => {
      const r = await new RedisRateLimitStore(a, freshPrefix()).admit(
        null,
        [{ bucket: 'ip:127.0.0.1|m', limit: 5, windowMs: MINUTE }],
        T0,
      );
      expect(r).toMatchObject({ revoked: false, outcomes: [{ allowed: true, remaining: 4 }] });
    });
  });

  it('a stalled Redis costs one command timeout; calls then fail at once until the breaker cools down', async () => {
    const client = createRedisClient(testConfig({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: 100 }), {
      role: 'stall',
    });
    const admin = createRedisClient(testConfig({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: 2_000 }), {
      role: 'admin',
    });
    await Promise.all([whenReady(client), whenReady(admin)]);
    let clock = 0;
    const store = new RedisRateLimitStore(client, freshPrefix(), new RedisBreaker(1_000, () => clock));
    const windows: WindowSpec[] = [{ bucket: 'k:stall|m', limit: 100, windowMs: MINUTE }];
    expect((await store.consume(windows, T0))[0].allowed).toBe(true);

    await admin.client('PAUSE', 400, 'ALL');
    try {
      let t0 = performance.now();
      await expect(store.consume(windows, T0 + 1)).rejects.toThrow(/timed out/);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(90);
      for (const call of [
        () => store.consume(windows, T0 + 2),
        () => store.peek(windows, T0 + 2),
        () => store.admit('key_s', windows, T0 + 2),
      ]) {
        t0 = performance.now();
        await expect(call()).rejects.toThrow(RedisUnavailableError);
        // At once: well under the 100 ms command timeout, with room for a loaded CI machine (8 ms was seen there).
        expect(performance.now() - t0).toBeLessThan(50);
      }
    } finally {
      // Waits out the pause even when an assertion failed, so the next test meets a serving Redis.
      await admin.ping();
    }

    clock += 1_000;
    // 3 counted, not 2: the decision that timed out was still in the server's buffer and ran when
    // the pause ended. A stall can count a request the caller served in degraded mode: strict, never lax.
    expect((await store.consume(windows, T0 + 3))[0]).toMatchObject({ allowed: true, remaining: 97 });
    closeRedisClient(client);
    closeRedisClient(admin);
  });

  it('fails fast while Redis is down, so the caller can degrade, and works again on the same client when it returns', async () => {
    const prefix = freshPrefix();
    const store = new RedisRateLimitStore(a, prefix);
    const windows: WindowSpec[] = [{ bucket: 'k:outage|m', limit: 100, windowMs: MINUTE }];
    for (let i = 0; i < 3; i++) expect((await store.consume(windows, T0 + i))[0].allowed).toBe(true);

    await redis.stop();
    for (const call of [
      () => store.consume(windows, T0 + 10),
      () => store.peek(windows, T0 + 10),
      () => store.admit('key_x', windows, T0 + 10),
    ]) {
      const t0 = performance.now();
      await expect(call()).rejects.toThrow();
      expect(performance.now() - t0).toBeLessThan(50);
    }

    await redis.restart();
    await whenReady(a, 5_000);
    // A fresh server (no persistence): the script is loaded again by the client on its own (NOSCRIPT -> EVAL).
    const back = await store.consume(windows, T0 + 20);
    expect(back[0]).toMatchObject({ allowed: true, remaining: 99 });
    await whenReady(b, 5_000);
  });
});
