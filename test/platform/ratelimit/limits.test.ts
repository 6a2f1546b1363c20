import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOperations } from '../../../src/http/operations.js';
import { appRouter } from '../../../src/root/app-router.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { openDatabase } from '../../../db/client.js';
import { RateLimiter, RATE_POLICIES } from '../../../src/platform/ratelimit/limiter.js';
import { LocalRateLimitStore } from '../../../src/platform/ratelimit/store.js';
import { createLogger } from '../../../src/platform/logger.js';
import { ServiceError } from '../../../src/platform/errors.js';
import { SAMPLE_NOW, startTestApp, tempDbFile, type TestApp } from '../../support/app.js';
import { rawRequest } from '../../support/raw-http.js';

const run = promisify(execFile);
const ops = [...collectOperations(appRouter).values()];
/** An ungated GET without an endpoint policy that answers 200 with no parameters: the plan's limits alone apply. */
const PLAIN = '/api/seismology/v1/list-earthquakes';
const WITH_POLICY = ops.find((o) => o.method === 'GET' && o.meta.ratePolicy && !o.meta.requiredTier);

let app: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW); // minute- and day-aligned
  app = await startTestApp({ samples: 'none', clock, rateLimits: 'real' });
});
afterAll(() => app.close());

const call = (key: string, p = PLAIN) => rawRequest(app.baseUrl, p, { 'x-service-key': key });

describe('per-credential limits', () => {
  it('admits exactly the limit out of 50 parallel requests', async () => {
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 10 });
    const results = await Promise.all(Array.from({ length: 50 }, () => call(key)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 200)).toBe(true);
    for (const r of results.filter((x) => x.status === 429)) {
      expect(r.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('slides across the window edge: the previous minute weighs in until it has slid out', async () => {
    clock.set(SAMPLE_NOW + 10 * 60_000);
    const t0 = clock.now();
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 10 });
    for (let i = 0; i < 10; i++) {
      const r = await call(key);
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-remaining']).toBe(String(9 - i));
      // Everything counted in this minute has slid out at the end of the next one: the same instant on every answer.
      expect(r.headers['x-ratelimit-reset']).toBe(String(t0 + 120_000));
    }
    const denied = await call(key);
    expect(denied.status).toBe(429);
    expect(denied.headers['x-ratelimit-reset']).toBe(String(t0 + 120_000));
    // Ten in the previous window: one more fits once 6 s of the new window have passed (10 * 54/60 = 9).
    expect(denied.headers['retry-after']).toBe('66');

    clock.set(t0 + 59_999);
    expect((await call(key)).status).toBe(429);
    clock.set(t0 + 60_000);
    expect((await call(key)).status).toBe(429);
    clock.set(t0 + 65_999);
    const almost = await call(key);
    expect(almost.status).toBe(429);
    expect(almost.headers['retry-after']).toBe('1');
    clock.set(t0 + 66_000);
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(429);
    clock.set(t0 + 120_000); // previous window (1 request) now weighs fully, the 10 are gone
    const fresh = await call(key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('8');
  });

  it('does not count refused requests against the budget', async () => {
    clock.set(SAMPLE_NOW + 30 * 60_000);
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 2 });
    await call(key);
    await call(key);
    for (let i = 0; i < 5; i++) expect((await call(key)).status).toBe(429);
    clock.advance(120_000);
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(200);
  });

  it('applies the plan’s daily cap over a sliding day', async () => {
    clock.set(SAMPLE_NOW + 2 * 86_400_000);
    const { key } = await app.createKey({ plan: 'free' }); // 10/min, 100/day
    for (let i = 0; i < 100; i++) {
      const r = await call(key);
      expect(r.status, `request ${i + 1}`).toBe(200);
      clock.advance(10_000);
    }
    const over = await call(key);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Daily request limit reached' });
    expect(over.headers['x-ratelimit-limit']).toBe('100');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('keeps each credential’s budget separate', async () => {
    const a = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 1 });
    const b = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 1 });
    expect((await call(a.key)).status).toBe(200);
    expect((await call(a.key)).status).toBe(429);
    expect((await call(b.key)).status).toBe(200);
  });
});

describe.runIf(WITH_POLICY)('endpoint policies', () => {
  const p = WITH_POLICY!;
  const limit = RATE_POLICIES[p.meta.ratePolicy!].perMinute;

  it(`caps ${p.path} at its policy (${limit}/min) even for a key with a larger budget`, async () => {
    clock.set(SAMPLE_NOW + 5 * 86_400_000);
    const { key } = await app.createKey({ plan: 'enterprise' });
    const results = await Promise.all(Array.from({ length: limit + 5 }, () => call(key, p.path)));
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    const denied = results.find((r) => r.status === 429)!;
    expect(denied.headers['x-ratelimit-limit']).toBe(String(limit));
    // The same key still has its plan budget elsewhere.
    expect((await call(key)).status).toBe(200);
  });
});

describe('when a shared counter store cannot answer', () => {
  let broken: TestApp;
  const down = {
    consume: () => {
      throw new Error('store down');
    },
    peek: () => {
      throw new Error('store down');
    },
  };
  beforeAll(async () => {
    broken = await startTestApp({ samples: 'none', rateLimits: 'real' });
    // What a configured Redis does while unreachable: every decision throws.
    broken.access.limiter.store = down;
  });
  afterAll(() => broken.close());

  it('the global limit keeps counting in this process and says so', async () => {
    const res = await broken.get(PLAIN);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-mode')).toBe('degraded');
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it.runIf(WITH_POLICY)(
    'endpoint policies fail closed with 503 {error}, X-RateLimit-Mode: degraded and Retry-After',
    async () => {
      const res = await broken.get(WITH_POLICY!.path);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Rate-limit service temporarily unavailable' });
      expect(res.headers.get('x-ratelimit-mode')).toBe('degraded');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('the limiter itself distinguishes the two policies, for synchronous and asynchronous stores', async () => {
    const rejecting = {
      consume: () => Promise.reject(new Error('store down')),
      peek: () => Promise.reject(new Error('store down')),
    };
    for (const store of [down, rejecting]) {
      const limiter = new RateLimiter(new LocalRateLimitStore(), createLogger('silent'), {}, store);
      const subject = { bucket: 'k:x', perMinute: 5, perDay: null };
      expect((await limiter.check(subject, undefined, SAMPLE_NOW))['X-RateLimit-Mode']).toBe('degraded');
      for (const policy of Object.keys(RATE_POLICIES)) {
        let thrown: unknown;
        try {
          await limiter.check(subject, policy, SAMPLE_NOW);
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(ServiceError);
        expect((thrown as ServiceError).status).toBe(503);
        expect((thrown as ServiceError).headers['X-RateLimit-Mode']).toBe('degraded');
      }
    }
  });
});

describe('when the counters cannot be written to the database', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp({ samples: 'none', rateLimits: 'real' });
    broken.deps.db.$client.exec('DROP TABLE rate_limit_counters');
  });
  afterAll(() => broken.close());

  it('decisions are unaffected: they are made in memory, the write is retried in the background', async () => {
    const key = (await broken.createKey({ plan: 'enterprise', rateLimitPerMinute: 2 })).key;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await rawRequest(broken.baseUrl, PLAIN, { 'x-service-key': key });
      expect(res.headers['x-ratelimit-mode']).toBeUndefined();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(broken.access.limiter.local.persist()).toBe(false);
  });
});

it('every ratePolicy named in meta exists', () => {
  for (const op of ops) if (op.meta.ratePolicy) expect(RATE_POLICIES, op.path).toHaveProperty(op.meta.ratePolicy);
});

describe('counts kept across restarts', () => {
  const windows = (limit: number) => [{ bucket: 'k:restart|m', limit, windowMs: 60_000 }];

  it('a new process sees what earlier ones admitted and persisted', async () => {
    const file = tempDbFile();
    openDatabase(file).$client.close();
    const script = path.resolve(__dirname, 'fixtures/hammer.ts');
    const admitted: number[] = [];
    // One after another, like restarts: each child spends 40 attempts against a limit of 50 and exits.
    for (let i = 0; i < 3; i++) {
      const r = await run(process.execPath, ['--import', 'tsx', script, file, '40', '50', String(SAMPLE_NOW)], {
        cwd: path.resolve(__dirname, '../../..'),
      });
      admitted.push(Number(r.stdout));
    }
    expect(admitted).toEqual([40, 10, 0]);
  }, 30_000);

  it('processes sharing a file add their counts up there instead of overwriting each other', () => {
    const db = openDatabase(tempDbFile());
    const a = new LocalRateLimitStore(db.$client, SAMPLE_NOW);
    const b = new LocalRateLimitStore(db.$client, SAMPLE_NOW);
    for (let i = 0; i < 3; i++) a.consume(windows(100), SAMPLE_NOW);
    for (let i = 0; i < 4; i++) b.consume(windows(100), SAMPLE_NOW);
    expect(a.persist() && b.persist()).toBe(true);
    const fresh = new LocalRateLimitStore(db.$client, SAMPLE_NOW + 1_000);
    // 7 counted: a limit of 8 has exactly one request left.
    expect(fresh.consume(windows(8), SAMPLE_NOW + 1_000)[0].allowed).toBe(true);
    expect(fresh.consume(windows(8), SAMPLE_NOW + 1_000)[0].allowed).toBe(false);
    db.$client.close();
  });

  it('a failed write keeps the increments for the next one', () => {
    const db = openDatabase(tempDbFile());
    const errors: string[] = [];
    const store = new LocalRateLimitStore(db.$client, SAMPLE_NOW, (e) => errors.push(e.message));
    store.consume(windows(10), SAMPLE_NOW);
    db.$client.exec('ALTER TABLE rate_limit_counters RENAME TO moved_away');
    expect(store.persist()).toBe(false);
    expect(errors.length).toBe(1);
    db.$client.exec('ALTER TABLE moved_away RENAME TO rate_limit_counters');
    store.consume(windows(10), SAMPLE_NOW);
    expect(store.persist()).toBe(true);
    expect(db.$client.prepare('SELECT count FROM rate_limit_counters').get()).toEqual({ count: 2 });
    db.$client.close();
  });
});
