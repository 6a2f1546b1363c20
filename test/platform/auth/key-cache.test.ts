import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase, type PgDb } from '../../../db/pg/client.js';
import { testConfig } from '../../../src/config.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { createLogger } from '../../../src/platform/logger.js';
import { CachedKeyDirectory, KEY_CACHE_TTL_MS } from '../../../src/platform/auth/key-cache.js';
import { PgKeyDirectory } from '../../../src/platform/auth/keys-pg.js';
import { digestOf } from '../../../src/platform/auth/keys.js';
import { whenReady } from '../../../src/platform/redis/client.js';
import { createSharedRedis, type SharedRedis } from '../../../src/platform/redis/index.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

// Two "nodes" share one PostgreSQL key directory and one Redis, as a cluster does; each caches keys.

const T0 = Date.UTC(2026, 10, 20, 12);

/** The shared directory, counting the reads that reach it. */
class CountingDirectory extends PgKeyDirectory {
  reads = 0;
  override async findByDigest(digest: Buffer) {
    this.reads++;
    return super.findByDigest(digest);
  }
  override async findById(id: string) {
    this.reads++;
    return super.findById(id);
  }
}

let server: RunningRedis;
let pg: RunningPostgres;
const redises: SharedRedis[] = [];
const pools: PgDb[] = [];
beforeAll(async () => {
  [server, pg] = await Promise.all([startRedis(), startPostgres()]);
});
afterAll(async () => {
  for (const r of redises) r.close();
  for (const p of pools) await p.$client.end();
  await Promise.all([server.close(), pg.stop()]);
});

let clusters = 0;
/** Two nodes of one cluster (one key prefix), each with its own Redis connections and cache. */
async function twoNodes() {
  const url = await pg.createDatabase(`cluster${clusters + 1}`);
  const clock = new ManualClock(T0);
  const prefix = `cluster${++clusters}:`;
  const node = async () => {
    const redis = createSharedRedis(testConfig({ REDIS_URL: server.url, REDIS_KEY_PREFIX: prefix }))!;
    redises.push(redis);
    await Promise.all([whenReady(redis.commands), whenReady(redis.subscriber)]);
    const db = await openPgDatabase(url, { max: 2 });
    pools.push(db);
    const inner = new CountingDirectory(db);
    const cache = new CachedKeyDirectory(inner, redis, clock, createLogger('silent'));
    await cache.listen();
    return { inner, cache, redis };
  };
  const [a, b] = [await node(), await node()];
  return { clock, a, b, create: () => a.cache.create({ plan: 'api_business' }, clock.now()) };
}

describe("a node's cache of the shared key directory", () => {
  it('reads a key from the directory once, then answers from memory until the TTL passes', async () => {
    const { a, clock, create } = await twoNodes();
    const { key } = await create();
    const digest = digestOf(key);
    const before = a.inner.reads;
    for (let i = 0; i < 5; i++) expect((await a.cache.findByDigest(digest))?.status).toBe('active');
    expect(a.inner.reads - before).toBe(1);
    clock.advance(KEY_CACHE_TTL_MS);
    await a.cache.findByDigest(digest);
    expect(a.inner.reads - before).toBe(2);
  });

  it("flags a revocation in Redis (what every node's rate-limit round trip checks) and drops the key on every node", async () => {
    const { a, b, create } = await twoNodes();
    const created = await create();
    const digest = digestOf(created.key);
    await b.cache.findByDigest(digest);
    expect(await a.cache.revoke(created.id, T0 + 1)).toBe(true);
    expect(await a.redis.revocations.isRevoked(created.id)).toBe(true);
    // The announcement reaches the other node's cache: its next read goes to the directory.
    await expect
      .poll(async () => (await b.cache.findByDigest(digest))?.status, { timeout: 1_000, interval: 10 })
      .toBe('revoked');
  });

  it('drops every cached key of every node when a billing state changes', async () => {
    const { a, b, create } = await twoNodes();
    const created = await create();
    const digest = digestOf(created.key);
    expect((await b.cache.findByDigest(digest))?.billingState).toBe('active');
    await a.cache.setBillingState(created.id, 'lapsed', T0 + 1);
    await expect
      .poll(async () => (await b.cache.findByDigest(digest))?.billingState, { timeout: 1_000, interval: 10 })
      .toBe('lapsed');
  });

  it('does not keep an answer read while the cache was being dropped (it may predate the change)', async () => {
    const { a, create } = await twoNodes();
    const created = await create();
    const before = a.inner.reads;
    const reading = a.cache.findById(created.id);
    a.cache.clear();
    await reading;
    await a.cache.findById(created.id);
    expect(a.inner.reads - before).toBe(2);
  });

  it('re-reads the key from the directory, and forgets everything cached, when asked to verify it uncached', async () => {
    const { a, create } = await twoNodes();
    const created = await create();
    await a.cache.findByDigest(digestOf(created.key));
    await a.inner.revoke(created.id, T0 + 1);
    expect((await a.cache.verifyUncached(created.id))?.status).toBe('revoked');
    expect((await a.cache.findByDigest(digestOf(created.key)))?.status).toBe('revoked');
  });
});
