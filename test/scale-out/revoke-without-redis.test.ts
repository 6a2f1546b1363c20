import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTHQUAKES } from '../../src/services/seismology/datasets/earthquakes.js';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { serveNode, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';
import { startRedis, type RunningRedis } from '../support/engines/redis.js';

// A node caching keys beside Redis, and an operator revoking a key with `mds keys revoke` from a shell
// that has DATABASE_URL but not REDIS_URL: PostgreSQL alone tells the node, which refuses the key at once.

const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=1';

let pg: RunningPostgres;
let redis: RunningRedis;
let node: ClusterNode;
const pgOnly = () => ({ DATABASE_PATH: tempDbFile(), DATABASE_URL: pg.url });

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const loaded = await mds(['ingest', EARTHQUAKES, '--samples'], pgOnly());
  if (loaded.code !== 0) throw new Error(loaded.err);
  node = await serveNode({ DATABASE_URL: pg.url, REDIS_URL: redis.url });
}, 120_000);
afterAll(async () => {
  node?.kill();
  await Promise.all([pg?.stop(), redis?.close()]);
});

describe('mds keys revoke without REDIS_URL', () => {
  it('reaches a running node through PostgreSQL: the cached key is refused within 2 s', async () => {
    const created = await mds(['keys', 'create', '--plan', 'enterprise'], pgOnly());
    expect(created.code).toBe(0);
    const id = /id: (\S+)/.exec(created.out)![1]!;
    const key = /^(mds_\S+)$/m.exec(created.out)![1]!;
    // Read once: the node now holds the key in its cache.
    expect((await node.get(QUAKES, { 'x-service-key': key })).status).toBe(200);

    const revoked = await mds(['keys', 'revoke', id], pgOnly());
    expect(revoked.code).toBe(0);
    let status = 0;
    const deadline = Date.now() + 2_000;
    do {
      status = (await node.get(QUAKES, { 'x-service-key': key })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(status).toBe(401);
  });
});
