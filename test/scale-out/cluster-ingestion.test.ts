import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { testConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import { ManualClock } from '../../src/platform/clock.js';
import type { Dataset } from '../../src/platform/snapshots/dataset.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { startServer } from '../../src/cli/serve.js';
import { devKeyFile } from '../../src/platform/auth/dev-key.js';
import { EARTHQUAKES } from '../../src/services/seismology/datasets/earthquakes.js';
import { findDataset } from '../../src/root/datasets.js';
import { loadSamplesWhereEmpty } from '../../src/platform/snapshots/first-run.js';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { LOCK_SPACE } from '../../db/pg/client.js';
import * as pgSchema from '../../db/pg/schema/index.js';
import type { AppDeps } from '../../src/trpc/context.js';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

// Several nodes sharing one PostgreSQL database: each dataset is ingested by one node at a time
// (a PostgreSQL advisory lock held for the run), and `mds ingest` / `mds serve` work against it.

interface Row {
  id: number;
  generation: number;
}

const numbers: Dataset<Row> = {
  name: 'test.cluster',
  source: 'test fixture',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: { main: { url: 'https://upstream.example/rows.json', sample: 'unused.json' } },
  parse: (payloads) => ({ records: JSON.parse(payloads.main!.toString('utf8')) as Row[] }),
};
const payload = (n: number, generation: number) => ({
  kind: 'bytes' as const,
  payloads: { main: Buffer.from(JSON.stringify(Array.from({ length: n }, (_, id) => ({ id, generation })))) },
});

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());
const freshDatabase = () => server.createDatabase(`cluster_${++databases}`);

const open: AppDeps[] = [];
async function node(url: string, clock = new ManualClock()): Promise<AppDeps> {
  const deps = await openDeps(testConfig({ DATABASE_PATH: tempDbFile(), DATABASE_URL: url, SNAPSHOT_POLL_MS: 0 }), {
    clock,
  });
  open.push(deps);
  return deps;
}
const clients: pg.Client[] = [];
async function session(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  clients.push(c);
  return c;
}
/** Takes the dataset's ingestion lock the way a node does, from an outside session. */
const holdLock = async (c: pg.Client, dataset: string) =>
  (
    await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [
      LOCK_SPACE.datasetRuns,
      dataset,
    ])
  ).rows[0].ok;

afterEach(async () => {
  for (const d of open.splice(0)) {
    await d.store.close();
    d.db.$client.close();
  }
  for (const c of clients.splice(0)) await c.end().catch(() => undefined);
});

describe('cluster ingestion on PostgreSQL', () => {
  it('two nodes refreshing the same dataset at once: one ingests, the other skips', async () => {
    const url = await freshDatabase();
    const [a, b] = [await node(url), await node(url)];
    // Large enough that the first run is still writing when the second asks for the lock.
    const results = await Promise.all([
      a.runner.run(numbers, { origin: payload(30_000, 1) }),
      b.runner.run(numbers, { origin: payload(30_000, 2) }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const skipped = results.find((r) => !r.ok)!;
    expect(skipped).toMatchObject({ skipped: true, error: expect.stringMatching(/another node/) });
    const winner = results.find((r) => r.ok)!;
    expect(winner.version).toBe(1);
    // A skip is not a failure: nothing is recorded against the dataset.
    expect((await a.store.backend.meta(numbers.name))!.lastError).toBeNull();
    // Once the run is over the lock is free again for either node.
    expect(await b.runner.run(numbers, { origin: payload(10, 3), force: true })).toMatchObject({
      ok: true,
      version: 2,
    });
  });

  it('a node skips while another session holds the lock, and runs once that session is gone', async () => {
    const url = await freshDatabase();
    const deps = await node(url);
    const holder = await session(url);
    expect(await holdLock(holder, numbers.name)).toBe(true);
    expect(await deps.runner.run(numbers, { origin: payload(5, 1) })).toMatchObject({
      ok: false,
      skipped: true,
      version: 0,
    });
    expect(await deps.store.backend.meta(numbers.name)).toBeUndefined();
    // Another dataset is not blocked by this one's lock.
    expect(await deps.runner.run({ ...numbers, name: 'test.other' }, { origin: payload(5, 1) })).toMatchObject({
      ok: true,
    });

    // The holding node dies (its connection is cut): PostgreSQL releases the lock with the session.
    const admin = await session(url);
    await admin.query('SELECT pg_terminate_backend($1)', [(holder as unknown as { processID: number }).processID]);
    await vi.waitFor(
      async () =>
        expect(await deps.runner.run(numbers, { origin: payload(5, 1) })).toMatchObject({ ok: true, version: 1 }),
      { timeout: 5_000 },
    );
  });

  it('start-up cleanup leaves alone the staged rows of a run another node is still writing', async () => {
    const url = await freshDatabase();
    const deps = await node(url);
    await deps.runner.run(numbers, { origin: payload(5, 1) });
    const c = await session(url);
    await c.query(
      "INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES ($1, 7, 0, '{}'), ($1, 7, 1, '{}')",
      [numbers.name],
    );
    const holder = await session(url);
    await holdLock(holder, numbers.name);
    expect(await deps.runner.removeDeadStaging()).toBe(0);
    expect((await c.query('SELECT count(*)::int AS n FROM snapshot_records WHERE version = 7')).rows[0].n).toBe(2);
    await holder.query('SELECT pg_advisory_unlock_all()');
    expect(await deps.runner.removeDeadStaging()).toBe(1);
    expect((await c.query('SELECT DISTINCT version FROM snapshot_records')).rows).toEqual([{ version: 1 }]);
  });

  it('with a scheduler on every node, a dataset attempted recently by any node is left alone', async () => {
    const url = await freshDatabase();
    const clock = new ManualClock();
    const [a, b] = [await node(url, clock), await node(url, clock)];
    const window = 30 * 60_000;
    expect(await a.runner.run(numbers, { origin: payload(5, 1), unlessAttemptedWithinMs: window })).toMatchObject({
      ok: true,
      version: 1,
    });
    expect(await b.runner.run(numbers, { origin: payload(5, 2), unlessAttemptedWithinMs: window })).toMatchObject({
      ok: false,
      skipped: true,
      version: 1,
    });
    clock.advance(window);
    expect(await b.runner.run(numbers, { origin: payload(5, 2), unlessAttemptedWithinMs: window })).toMatchObject({
      ok: true,
      version: 2,
    });
  });
});

describe('first start of several nodes on an empty database', () => {
  it('loads each bundled sample once, whichever node gets there first, and both serve it', async () => {
    const url = await freshDatabase();
    const [a, b] = [await node(url), await node(url)];
    const quakes = findDataset(EARTHQUAKES)!;
    const [ra, rb] = await Promise.all([
      loadSamplesWhereEmpty([quakes], a.store, a.runner),
      loadSamplesWhereEmpty([quakes], b.store, b.runner),
    ]);
    const results = [...ra, ...rb];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => r.skipped)).toHaveLength(1);
    expect((await a.store.backend.meta(EARTHQUAKES))!.version).toBe(1);
    await vi.waitFor(() => {
      expect(a.store.version(EARTHQUAKES)).toBe(1);
      expect(b.store.version(EARTHQUAKES)).toBe(1);
    });
  });
});

describe('mds ingest and mds serve with DATABASE_URL', () => {
  const OPERATOR = 'operator-key-for-the-cluster-tests-0001';
  const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=1000';

  it('`mds ingest` publishes into PostgreSQL; a serving node answers with it and picks up the next version', async () => {
    const url = await freshDatabase();
    const first = await mds(['ingest', EARTHQUAKES, '--samples'], { DATABASE_PATH: tempDbFile(), DATABASE_URL: url });
    expect(first.err).toBe('');
    expect(first.out).toMatch(new RegExp(`${EARTHQUAKES.replace('.', '\\.')}: ok, (\\d+) rows, version 1`));

    let out = '';
    const sink = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
    const config = testConfig({
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: url,
      PORT: 0,
      HOST: '127.0.0.1',
      LOAD_SAMPLES: 'never',
      DEV_KEY: 'never',
      OPERATOR_KEYS: OPERATOR,
      SNAPSHOT_POLL_MS: 200,
      LOG_LEVEL: 'info',
    });
    const running = await startServer(config, sink);
    try {
      expect(out).toMatch(/snapshots in postgres:\/\/postgres@127\.0\.0\.1:\d+\/cluster_\d+/);
      const get = async () => {
        const res = await fetch(`http://127.0.0.1:${running.port}${QUAKES}`, {
          headers: { 'x-service-key': OPERATOR },
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { earthquakes: { id: string }[] };
      };
      const before = await get();
      expect(before.earthquakes.length).toBeGreaterThan(0);

      // A second, smaller feed from another process: the server serves it within a second.
      const usgs = path.join(SAMPLES_DIR, 'seismology/usgs-4.5_week.geojson');
      const second = await mds(['ingest', EARTHQUAKES, '--force', '--file', `usgs=${usgs}`], {
        DATABASE_PATH: tempDbFile(),
        DATABASE_URL: url,
      });
      expect(second.out).toMatch(/version 2/);
      const published = Date.now();
      const expected = Number(/ok, (\d+) rows/.exec(second.out)![1]);
      await vi.waitFor(async () => expect((await get()).earthquakes.length).toBe(Math.min(expected, 1000)), {
        timeout: 3_000,
        interval: 50,
      });
      expect(Date.now() - published).toBeLessThan(1_500);
    } finally {
      await running.shutdown('test');
    }
  });

  it('the local development key of a first start goes into PostgreSQL, where the node looks keys up', async () => {
    const url = await freshDatabase();
    let out = '';
    const sink = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
    const config = testConfig({
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: url,
      PORT: 0,
      HOST: '127.0.0.1',
      LOAD_SAMPLES: 'never',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    const running = await startServer(config, sink);
    try {
      // The start names the key's file, never the key.
      const file = devKeyFile(config.DATABASE_PATH);
      expect(out).toContain(`created a local development key (enterprise plan) in ${file}`);
      const key = fs.readFileSync(file, 'utf8').trim();
      expect(out).not.toContain(key);
      const res = await fetch(`http://127.0.0.1:${running.port}${QUAKES}`, { headers: { 'x-service-key': key! } });
      expect(res.status).toBe(200);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        expect((await client.query("SELECT name FROM api_keys WHERE name = 'local development'")).rowCount).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await running.shutdown('test');
    }
  });

  it('`mds migrate` applies the PostgreSQL migrations too, and a second run finds nothing to do', async () => {
    const url = await freshDatabase();
    for (let i = 0; i < 2; i++) {
      const r = await mds(['migrate'], { DATABASE_PATH: tempDbFile(), DATABASE_URL: url });
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/migrations applied to postgres:\/\/postgres@127\.0\.0\.1:\d+\/cluster_\d+/);
    }
    const c = await session(url);
    const { rows } = await c.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    // Every table of the PostgreSQL schema (db/pg/schema), and nothing else.
    const declared = Object.values(pgSchema)
      .filter((t) => is(t, PgTable))
      .map((t) => getTableName(t as PgTable))
      .sort();
    expect(declared).toEqual(
      expect.arrayContaining([
        'accounts',
        'api_keys',
        'idempotency_keys',
        'jobs',
        'llm_cache',
        'platform_secrets',
        'archive_documents',
        'scenario_runs',
        'simulation_runs',
        'news_summaries',
        'webhook_registrations',
        'webhook_deliveries',
        'lead_contacts',
        'market_stock_analyses',
        'snapshot_meta',
        'snapshot_records',
      ]),
    );
    expect(rows.map((r) => r.table_name as string).sort()).toEqual(declared);
  });

  it('a bad DATABASE_URL stops `mds ingest` with a message that names the server but not the password', async () => {
    const r = await mds(['ingest', EARTHQUAKES, '--samples'], {
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: 'postgres://mds:hunter2secret@127.0.0.1:1/none',
    });
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/cannot connect to PostgreSQL at postgres:\/\/mds:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(r.err + r.out).not.toContain('hunter2secret');
  });
});
