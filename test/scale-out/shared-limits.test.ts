import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTHQUAKES } from '../../src/services/seismology/datasets/earthquakes.js';
import { RATE_POLICIES } from '../../src/platform/ratelimit/limiter.js';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveNode, usgsFeed, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';
import { startRedis, type RunningRedis } from '../support/engines/redis.js';

// Two real `mds serve` processes, each with its own SQLite file, sharing one PostgreSQL database (keys,
// snapshots) and one Redis server (rate limits): limits and revocations hold across the pair.

const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=1';
/** A GET behind a fail-closed endpoint policy (no tier gate), answered from the same samples or not at all. */
const POLICY_OP = '/api/market/v1/list-market-quotes';

let pg: RunningPostgres;
let redis: RunningRedis;
let a: ClusterNode;
let b: ClusterNode;
/** The CLI configured as the nodes are (an operator runs `mds` with the cluster's variables). */
const env = () => ({ DATABASE_PATH: tempDbFile(), DATABASE_URL: pg.url, REDIS_URL: redis.url });

/** Issues a key through `mds keys create` against PostgreSQL: no node is told about it directly. */
async function issueKey(rateLimit: number): Promise<{ id: string; key: string }> {
  const r = await mds(['keys', 'create', '--plan', 'enterprise', '--rate-limit', String(rateLimit)], env());
  if (r.code !== 0) throw new Error(r.err);
  return { id: /id: (\S+)/.exec(r.out)![1], key: /^(mds_\S+)$/m.exec(r.out)![1] };
}

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const loaded = await mds(['ingest', EARTHQUAKES, '--samples'], env());
  if (loaded.code !== 0) throw new Error(loaded.err);
  // Polling a minute apart: a snapshot reaching them sooner came through a Redis notice.
  const shared = () => serveNode({ DATABASE_URL: pg.url, REDIS_URL: redis.url, SNAPSHOT_POLL_MS: '60000' });
  [a, b] = await Promise.all([shared(), shared()]);
}, 120_000);
afterAll(async () => {
  a?.kill();
  b?.kill();
  await Promise.all([pg?.stop(), redis?.close()]);
});

describe('two nodes sharing PostgreSQL and Redis', () => {
  // One key with room to spare for the reads of the notice test.
  let issued: { id: string; key: string };
  beforeAll(async () => {
    issued = await issueKey(100_000);
  });

  it('admit exactly 10 of 50 parallel requests split across them for a key limited to 10 a minute', async () => {
    const { key } = await issueKey(10);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await (i % 2 ? a : b).get(QUAKES, { 'x-service-key': key });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  }, 60_000);

  it('refuse a key revoked through `mds keys revoke` on either node at its next request', async () => {
    const { id, key } = await issueKey(1000);
    for (const node of [a, b]) expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(200);
    const revoked = await mds(['keys', 'revoke', id], env());
    expect(revoked.code).toBe(0);
    for (const node of [b, a]) expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(401);
  }, 60_000);

  it('refuse a key they have just served many times (cached per node) once revoked, at the next request', async () => {
    const { id, key } = await issueKey(1000);
    for (let i = 0; i < 5; i++)
      for (const node of [a, b]) expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(200);
    expect((await mds(['keys', 'revoke', id], env())).code).toBe(0);
    for (const node of [a, b, b, a]) expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(401);
  }, 60_000);

  it('apply a billing state set through `mds keys subscription` within a second on both nodes, and its undoing too', async () => {
    const { id, key } = await issueKey(1000);
    for (const node of [a, b]) expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(200);
    const within = async (status: number) => {
      for (const node of [a, b])
        await expect
          .poll(async () => (await node.get(QUAKES, { 'x-service-key': key })).status, { timeout: 1_000, interval: 20 })
          .toBe(status);
    };
    expect((await mds(['keys', 'subscription', id, 'lapsed'], env())).code).toBe(0);
    await within(403);
    expect((await mds(['keys', 'subscription', id, 'active'], env())).code).toBe(0);
    await within(200);
  }, 60_000);

  it('serve a snapshot published by `mds ingest` within a second, told by a Redis notice rather than their minute-long poll', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-feed-')), 'usgs.geojson');
    fs.writeFileSync(file, usgsFeed(50, 'NOTICED'));
    const ingested = await mds(['ingest', EARTHQUAKES, '--force', '--file', `usgs=${file}`], env());
    expect(ingested.code).toBe(0);
    const published = Date.now();
    const servedAfter: number[] = [];
    for (const node of [a, b]) {
      for (;;) {
        const res = await node.get('/api/seismology/v1/list-earthquakes?page_size=1000', {
          'x-service-key': issued.key,
        });
        const body = (await res.json()) as { earthquakes: { place: string }[] };
        if (body.earthquakes.length && body.earthquakes.every((q) => q.place.startsWith('NOTICED '))) break;
        expect(Date.now() - published).toBeLessThan(2_000);
        await new Promise((r) => setTimeout(r, 20));
      }
      servedAfter.push(Date.now() - published);
    }
    expect(Math.max(...servedAfter)).toBeLessThan(1_000);
  }, 60_000);

  it('replay a batch retried on the other node from its Idempotency-Key (records in PostgreSQL)', async () => {
    const post = (node: ClusterNode) =>
      fetch(`http://127.0.0.1:${node.port}/api/batch/v1/execute`, {
        method: 'POST',
        headers: {
          'x-service-key': issued.key,
          'content-type': 'application/json',
          'idempotency-key': 'retry-across-nodes-1',
        },
        body: JSON.stringify({ operations: [{ id: 'q', path: QUAKES }] }),
      });
    const first = await post(a);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const retried = await post(b);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.json()).toEqual(await first.json());
  }, 60_000);

  it('keep serving when Redis stops: the global limit counts per node and says degraded, endpoint policies refuse; both recover when it returns', async () => {
    expect(RATE_POLICIES['list-market-quotes']).toBeDefined();
    const { key } = await issueKey(1000);
    const headers = { 'x-service-key': key };
    expect((await a.get(QUAKES, headers)).headers.get('x-ratelimit-mode')).toBeNull();

    await redis.stop();
    for (const node of [a, b]) {
      const plain = await node.get(QUAKES, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('x-ratelimit-mode')).toBe('degraded');
      const policy = await node.get(POLICY_OP, headers);
      expect(policy.status).toBe(503);
      expect(policy.headers.get('x-ratelimit-mode')).toBe('degraded');
      expect(Number(policy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // Revoked while Redis is down: no flag can be set, so the nodes, which cannot check flags either,
    // ask the database about every key until Redis is back, and nothing cached before outlives it.
    const revokedDuringOutage = await issueKey(1000);
    for (const node of [a, b])
      expect((await node.get(QUAKES, { 'x-service-key': revokedDuringOutage.key })).status).toBe(200);
    expect((await mds(['keys', 'revoke', revokedDuringOutage.id], env())).code).toBe(0);
    for (const node of [a, b])
      expect((await node.get(QUAKES, { 'x-service-key': revokedDuringOutage.key })).status).toBe(401);

    await redis.restart();
    // The clients reconnect on their own (backoff capped at a second); no request fails meanwhile.
    for (const node of [a, b]) {
      const deadline = Date.now() + 10_000;
      let mode: string | null = 'degraded';
      while (mode !== null && Date.now() < deadline) {
        const res = await node.get(QUAKES, headers);
        expect(res.status).toBe(200);
        mode = res.headers.get('x-ratelimit-mode');
        if (mode !== null) await new Promise((r) => setTimeout(r, 100));
      }
      expect(mode).toBeNull();
    }
  }, 60_000);
});
