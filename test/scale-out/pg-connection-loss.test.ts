import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LOCK_SPACE, openPgDatabase } from '../../db/pg/client.js';
import { PgSnapshotBackend } from '../../src/platform/snapshots/backend-pg.js';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { serveNode, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';
import { startRedis, type RunningRedis } from '../support/engines/redis.js';

// PostgreSQL closing the connections a node holds its locks on (pg_terminate_backend, a restart,
// a failover): the node stays up, takes its lock again, and no job runs twice meanwhile. The nodes
// run as a cluster does, on PostgreSQL and Redis.

const OPERATOR = 'operator-key-for-the-connection-loss-test';
const HEADERS = { 'x-service-key': OPERATOR, 'content-type': 'application/json' };

let server: RunningPostgres;
let redis: RunningRedis;
let a: ClusterNode;
let b: ClusterNode;
let admin: pg.Client;

async function adminSession(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: server.url });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

/**
 * A node of the cluster. The two share rate limits through Redis, and the tests start more scenario
 * runs within a minute than the run-scenario policy's 10: it is raised for them.
 */
const nodeEnv = () => ({
  DATABASE_URL: server.url,
  REDIS_URL: redis.url,
  OPERATOR_KEYS: OPERATOR,
  RATE_POLICY_OVERRIDES: 'run-scenario=100',
});

beforeAll(async () => {
  [server, redis] = await Promise.all([startPostgres(), startRedis()]);
  const ingested = await mds(
    [
      'ingest',
      'scenario.templates',
      'trade.comtrade-flows',
      'supply-chain.route-model',
      'scenario.exposure',
      '--samples',
    ],
    {
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: server.url,
    },
  );
  if (ingested.code !== 0) throw new Error(ingested.err);
  [a, b] = await Promise.all([serveNode(nodeEnv()), serveNode(nodeEnv())]);
  admin = await adminSession();
}, 120_000);
afterAll(async () => {
  a?.kill();
  b?.kill();
  await admin?.end().catch(() => undefined);
  await Promise.all([server?.stop(), redis?.close()]);
});

/** The sessions holding a lock of this namespace (the second key is the worker's or dataset's hash). */
async function lockHolders(space: number): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
       AND classid = $1::bigint::oid ORDER BY pid`,
    [space],
  );
  return rows.map((r) => r.pid);
}

async function waitFor<T>(what: string, probe: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (n: ClusterNode) => n.proc.exitCode === null && n.proc.signalCode === null;

async function runScenario(node: ClusterNode, scenarioId: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/scenario/v1/run-scenario`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ scenarioId }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

async function jobRows(): Promise<{ state: string; attempts: number }[]> {
  return (await admin.query<{ state: string; attempts: number }>('SELECT state, attempts FROM jobs ORDER BY seq')).rows;
}

describe('a node losing its PostgreSQL lock connection', () => {
  it("survives the job worker's lock connection being terminated, takes the lock again and runs a job once", async () => {
    const before = await waitFor(
      'worker locks',
      () => lockHolders(LOCK_SPACE.jobWorkers),
      (p) => p.length === 2,
    );
    await admin.query('SELECT pg_terminate_backend($1)', [before[0]]);
    const after = await waitFor(
      'worker locks taken again',
      () => lockHolders(LOCK_SPACE.jobWorkers),
      (p) => p.length === 2 && !p.includes(before[0]!),
    );
    expect(after).toHaveLength(2);
    expect(alive(a) && alive(b)).toBe(true);

    await runScenario(a, 'suez-bab-simultaneous');
    await runScenario(b, 'hormuz-tanker-blockade');
    const rows = await waitFor('jobs done', jobRows, (r) => r.length === 2 && r.every((j) => j.state === 'done'));
    expect(rows).toEqual([
      { state: 'done', attempts: 1 },
      { state: 'done', attempts: 1 },
    ]);
  });

  it('survives every other session being terminated (a restart) under load: both serve, re-take their locks, no job runs twice', async () => {
    await admin.query('DELETE FROM jobs');
    const ids = [
      'suez-bab-simultaneous',
      'hormuz-tanker-blockade',
      'taiwan-strait-full-closure',
      'russia-baltic-grain-suspension',
    ];
    const queued = Promise.all(ids.slice(0, 2).map((id, i) => runScenario(i ? b : a, id)));
    // What a restart does to the nodes (the server helper's own session, on another database, is spared).
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()',
    );
    await queued.catch(() => undefined);
    await waitFor(
      'worker locks taken again',
      () => lockHolders(LOCK_SPACE.jobWorkers),
      (p) => p.length === 2,
    );
    expect(alive(a) && alive(b)).toBe(true);
    for (const [i, id] of ids.entries()) await runScenario(i % 2 ? b : a, id);
    const rows = await waitFor(
      'jobs done',
      jobRows,
      (r) => r.length >= ids.length && r.every((j) => j.state === 'done'),
    );
    for (const row of rows) expect(row).toEqual({ state: 'done', attempts: 1 });
    for (const node of [a, b]) expect((await node.get('/readyz')).status).toBe(200);
  });
});

describe('a PostgreSQL restart under load', () => {
  it('leaves both nodes serving and recovering by themselves, and no job runs twice', async () => {
    await admin.query('DELETE FROM jobs');
    // Reads and job requests keep arriving at both nodes throughout the restart.
    let loading = true;
    const statuses: number[] = [];
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const node = i % 2 ? b : a;
        const res = await node
          .get('/api/scenario/v1/list-scenario-templates', { 'x-service-key': OPERATOR })
          .catch(() => undefined);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer();
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const during = runScenario(a, 'us-tariff-escalation-electronics').catch(() => undefined);
    await server.restart();
    await admin.end().catch(() => undefined);
    admin = await adminSession();
    await during;
    await waitFor(
      'worker locks taken again',
      () => lockHolders(LOCK_SPACE.jobWorkers),
      (p) => p.length === 2,
      15_000,
    );
    expect(alive(a) && alive(b)).toBe(true);
    for (const node of [a, b])
      await waitFor(
        'ready again',
        async () => (await node.get('/readyz')).status,
        (s) => s === 200,
      );
    loading = false;
    await load;
    // Nodes answered throughout (connection refused would be 0): 200 or a retryable 503, nothing else.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    const ids = ['suez-bab-simultaneous', 'hormuz-tanker-blockade', 'taiwan-strait-full-closure'];
    for (const [i, id] of ids.entries()) await runScenario(i % 2 ? b : a, id);
    const rows = await waitFor(
      'jobs done',
      jobRows,
      (r) => r.length >= ids.length && r.every((j) => j.state === 'done'),
    );
    for (const row of rows) expect(row).toEqual({ state: 'done', attempts: 1 });
  });
});

describe('an ingestion run losing its lock connection', () => {
  it('keeps the process up, takes the dataset lock again and finishes the run under it', async () => {
    const db = await openPgDatabase(server.url, { migrate: false });
    const backend = new PgSnapshotBackend(db);
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const run = backend.withDatasetLock('test.lock-loss', async () => {
        await gate;
        // The run's end must still be under the lock, now held by another session.
        return lockHolders(LOCK_SPACE.datasetRuns);
      });
      const [first] = await waitFor(
        'ingestion lock',
        () => lockHolders(LOCK_SPACE.datasetRuns),
        (p) => p.length === 1,
      );
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      const again = await waitFor(
        'ingestion lock taken again',
        () => lockHolders(LOCK_SPACE.datasetRuns),
        (p) => p.length === 1 && p[0] !== first,
      );
      release();
      const out = await run;
      expect(out).toEqual({ acquired: true, value: again });
      expect(await lockHolders(LOCK_SPACE.datasetRuns)).toEqual([]);
    } finally {
      await backend.close();
    }
  });
});
