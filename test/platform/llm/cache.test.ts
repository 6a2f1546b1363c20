import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import {
  ModelAnswerCache,
  cacheDigest,
  type CacheBounds,
  type CacheEntry,
  type LlmCache,
} from '../../../src/platform/llm/cache.js';
import { postgresEngine, sqliteEngine } from '../../../src/platform/stores/engine.js';
import { privatePostgres } from '../../support/engines/store-engines.js';

// One specification of the model-answer cache for both engines, then what a shared server adds:
// an answer stored by one node is a hit on another, and nodes writing at once never deadlock.

const NOW = Date.UTC(2026, 10, 20, 12);
const MINUTE = 60_000;
const BOUNDS: CacheBounds = { ttlMs: 60 * MINUTE, maxEntries: 100 };
const entry = (input: string, answer = `answer to ${input}`): CacheEntry => ({
  digest: cacheDigest('chat', 'm', input),
  kind: 'chat',
  model: 'm',
  answer,
});
const d = (input: string) => cacheDigest('chat', 'm', input);

const postgres = privatePostgres('llm_cache', 3);

interface Setup {
  cache: LlmCache;
  clock: ManualClock;
  /** Rows the engine holds, expired ones included (to see sweeps). */
  rows(): Promise<number>;
}

const engines: { name: string; setup(bounds?: CacheBounds): Promise<Setup> }[] = [
  {
    name: 'SQLite',
    setup: async (bounds = BOUNDS) => {
      const db = openDatabase(':memory:');
      const clock = new ManualClock(NOW);
      return {
        cache: new ModelAnswerCache(sqliteEngine(db), clock, bounds),
        clock,
        rows: async () => db.$client.prepare('SELECT count(*) FROM llm_cache').pluck().get() as number,
      };
    },
  },
  {
    name: 'PostgreSQL',
    setup: async (bounds = BOUNDS) => {
      const db = await postgres.freshDatabase();
      const clock = new ManualClock(NOW);
      return {
        cache: new ModelAnswerCache(postgresEngine(db), clock, bounds),
        clock,
        rows: async () => (await db.$client.query('SELECT count(*)::int AS n FROM llm_cache')).rows[0].n as number,
      };
    },
  },
];

describe.each(engines)('model-answer cache on $name', (engine) => {
  it('finds stored answers by digest; unknown digests are absent', async () => {
    const { cache } = await engine.setup();
    expect(await cache.lookup([d('a')])).toEqual(new Map());
    await cache.store([entry('a'), entry('b')]);
    expect(await cache.lookup([d('a'), d('b'), d('c')])).toEqual(
      new Map([
        [d('a'), 'answer to a'],
        [d('b'), 'answer to b'],
      ]),
    );
    expect(await cache.lookup([])).toEqual(new Map());
  });

  it('storing a digest again replaces its answer and its age; the last of repeated digests in one call wins', async () => {
    const { cache, clock, rows } = await engine.setup();
    await cache.store([entry('a', 'first')]);
    clock.advance(50 * MINUTE);
    await cache.store([entry('a', 'second'), entry('a', 'third')]);
    clock.advance(50 * MINUTE);
    // 100 minutes after the first write, 50 after the replacement: still fresh.
    expect((await cache.lookup([d('a')])).get(d('a'))).toBe('third');
    expect(await rows()).toBe(1);
  });

  it('never returns an entry older than the time to live, and sweeps it at the next write', async () => {
    const { cache, clock, rows } = await engine.setup();
    await cache.store([entry('old')]);
    clock.advance(60 * MINUTE);
    expect((await cache.lookup([d('old')])).has(d('old'))).toBe(true);
    clock.advance(1);
    expect((await cache.lookup([d('old')])).has(d('old'))).toBe(false);
    expect(await rows()).toBe(1);
    await cache.store([entry('new')]);
    expect(await rows()).toBe(1);
    expect([...(await cache.lookup([d('old'), d('new')])).keys()]).toEqual([d('new')]);
  });

  it('keeps at most maxEntries, the oldest going first', async () => {
    const { cache, clock, rows } = await engine.setup({ ttlMs: 60 * MINUTE, maxEntries: 3 });
    for (const input of ['1', '2', '3', '4', '5']) {
      await cache.store([entry(input)]);
      clock.advance(1_000);
    }
    expect(await rows()).toBe(3);
    expect([...(await cache.lookup(['1', '2', '3', '4', '5'].map(d))).keys()].sort()).toEqual(
      ['3', '4', '5'].map(d).sort(),
    );
  });

  it('is off when either bound is 0: nothing is written or found', async () => {
    for (const bounds of [
      { ttlMs: 0, maxEntries: 10 },
      { ttlMs: MINUTE, maxEntries: 0 },
    ]) {
      const { cache, rows } = await engine.setup(bounds);
      await cache.store([entry('a')]);
      expect(await rows()).toBe(0);
      expect(await cache.lookup([d('a')])).toEqual(new Map());
    }
  });

  it('stores and finds a large set of embeddings in one call each', async () => {
    const { cache } = await engine.setup({ ttlMs: MINUTE, maxEntries: 10_000 });
    const many = Array.from({ length: 2_500 }, (_, n) => ({
      digest: cacheDigest('embedding', 'e', `in-${n}`),
      kind: 'embedding' as const,
      model: 'e',
      answer: JSON.stringify([n, n / 2]),
    }));
    await cache.store(many);
    const found = await cache.lookup(many.map((e) => e.digest));
    expect(found.size).toBe(2_500);
    expect(JSON.parse(found.get(many[1234]!.digest)!)).toEqual([1234, 617]);
  });
});

describe('PostgreSQL: one cache for every node', () => {
  it('an answer stored by one node is a hit on the others, and nodes writing at once never deadlock', async () => {
    const url = await postgres.createDatabase();
    const clock = new ManualClock(NOW);
    const nodes = await Promise.all(
      [0, 1, 2].map(async () => {
        return new ModelAnswerCache(postgresEngine(await postgres.connect(url, 2)), clock, {
          ttlMs: 60 * MINUTE,
          maxEntries: 50,
        });
      }),
    );
    await nodes[0]!.store([entry('shared')]);
    expect((await nodes[1]!.lookup([d('shared')])).get(d('shared'))).toBe('answer to shared');
    // Overlapping batches in different orders from every node at once.
    const batch = (node: number) =>
      Array.from({ length: 40 }, (_, n) => entry(`k${(n * (node + 2)) % 40}`, `from ${node}`));
    await Promise.all(nodes.flatMap((cache, node) => [cache.store(batch(node)), cache.store(batch(node).reverse())]));
    const found = await nodes[2]!.lookup(Array.from({ length: 40 }, (_, n) => d(`k${n}`)));
    expect(found.size).toBe(40);
    expect((await nodes[0]!.lookup([d('shared')])).size + found.size).toBeLessThanOrEqual(50);
  });
});
