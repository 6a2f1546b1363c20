import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { testConfig } from '../../../src/config.js';
import { openDeps } from '../../../src/deps.js';
import { ManualClock } from '../../../src/platform/clock.js';
import type { Dataset } from '../../../src/platform/snapshots/dataset.js';
import type { AppDeps } from '../../../src/trpc/context.js';
import { tempDbFile } from '../../support/app.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

// The snapshot store and runner on PostgreSQL: the same behaviour the SQLite tests pin down
// (store.test.ts, runner.test.ts), plus what only a server shared by several nodes brings.

interface Row {
  id: number;
  generation: number;
}

const generations: Dataset<Row> = {
  name: 'test.generations',
  source: 'test fixture',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: { main: { url: 'https://upstream.example/rows.json', sample: 'unused.json' } },
  parse: (payloads) => {
    const records = JSON.parse(payloads.main!.toString('utf8')) as Row[];
    if (!Array.isArray(records)) throw new Error('expected an array');
    return { records, info: { rows: records.length } };
  },
};

const payload = (n: number, generation: number) => ({
  kind: 'bytes' as const,
  payloads: { main: Buffer.from(JSON.stringify(Array.from({ length: n }, (_, id) => ({ id, generation })))) },
});
const garbage = { kind: 'bytes' as const, payloads: { main: Buffer.from('{not json') } };

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const open: AppDeps[] = [];
/** A fresh database per test; each node has its own SQLite file, so only PostgreSQL can make them agree. */
const freshDatabase = () => server.createDatabase(`store_${++databases}`);
async function node(url: string, clock = new ManualClock()): Promise<AppDeps> {
  const deps = await openDeps(testConfig({ DATABASE_PATH: tempDbFile(), DATABASE_URL: url, SNAPSHOT_POLL_MS: 0 }), {
    clock,
  });
  open.push(deps);
  return deps;
}
afterEach(async () => {
  for (const d of open.splice(0)) {
    await d.store.close();
    d.db.$client.close();
  }
});

const generationsOf = (deps: AppDeps) =>
  new Set(deps.store.read<Row>(generations.name)!.records.map((r) => r.generation));

describe('snapshot store on PostgreSQL', () => {
  it('stores snapshots in PostgreSQL, not in the SQLite file', async () => {
    const url = await freshDatabase();
    const deps = await node(url);
    expect(deps.store.backend.engine).toBe('postgres');
    const first = await deps.runner.run(generations, { origin: payload(10, 1) });
    expect(first).toMatchObject({ ok: true, version: 1, recordCount: 10 });
    const second = await deps.runner.run(generations, { origin: payload(12, 2) });
    expect(second).toMatchObject({ ok: true, version: 2, recordCount: 12 });
    const snap = deps.store.read<Row>(generations.name)!;
    expect(snap.records).toHaveLength(12);
    expect(snap.info).toEqual({ rows: 12 });
    expect(snap.fetchedAt).toBe(deps.clock.now());
    expect(deps.store.meta(generations.name)).toMatchObject({ version: 2, recordCount: 12, lastError: null });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT version, count(*)::int AS n FROM snapshot_records GROUP BY version');
      // The superseded version's rows stay as retained history (SNAPSHOT_RETENTION_*), beside the published one.
      expect(rows.sort((a, b) => a.version - b.version)).toEqual([
        { version: 1, n: 10 },
        { version: 2, n: 12 },
      ]);
    } finally {
      await client.end();
    }
    const local = deps.db.$client.prepare('SELECT count(*) AS n FROM snapshot_records').get() as { n: number };
    expect(local.n).toBe(0);
  });

  it('keeps serving the old version while the new one decodes, then swaps it in whole', async () => {
    const deps = await node(await freshDatabase());
    await deps.runner.run(generations, { origin: payload(8_000, 1) });
    expect(deps.store.read<Row>(generations.name)!.records).toHaveLength(8_000);
    const seen: { version: number; generations: number[] }[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const snap = deps.store.read<Row>(generations.name)!;
        seen.push({ version: snap.version, generations: [...new Set(snap.records.map((r) => r.generation))] });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const result = await deps.runner.run(generations, { origin: payload(8_000, 2) });
    reading = false;
    await reader;
    expect(result).toMatchObject({ ok: true, version: 2 });
    expect(generationsOf(deps)).toEqual(new Set([2]));
    expect(seen.length).toBeGreaterThan(3);
    for (const s of seen) expect(s.generations).toEqual([s.version]);
  });

  it('keeps the last good snapshot on a failure, records the error, and clears it after a success', async () => {
    const deps = await node(await freshDatabase());
    await deps.runner.run(generations, { origin: payload(5, 1) });
    const failed = await deps.runner.run(generations, { origin: garbage });
    expect(failed).toMatchObject({ ok: false, version: 1 });
    expect(deps.store.meta(generations.name)!.lastError).toMatch(/JSON/);
    expect(generationsOf(deps)).toEqual(new Set([1]));
    await deps.runner.run(generations, { origin: payload(6, 2) });
    expect(deps.store.meta(generations.name)!.lastError).toBeNull();
  });

  it('refuses a collapse of the row count unless forced', async () => {
    const deps = await node(await freshDatabase());
    await deps.runner.run(generations, { origin: payload(100, 1) });
    const collapsed = await deps.runner.run(generations, { origin: payload(3, 2) });
    expect(collapsed.ok).toBe(false);
    expect(collapsed.error).toMatch(/collapsed from 100 to 3/);
    expect(await deps.runner.run(generations, { origin: payload(3, 2), force: true })).toMatchObject({
      ok: true,
      recordCount: 3,
    });
  });

  it('a node started later decodes every published snapshot before it serves', async () => {
    const url = await freshDatabase();
    const ingester = await node(url);
    await ingester.runner.run(generations, { origin: payload(50, 1) });
    await ingester.runner.run(generations, { origin: garbage });
    const later = await node(url);
    expect(later.store.read<Row>(generations.name)!.records).toHaveLength(50);
    expect(later.store.allMeta().map((m) => m.dataset)).toEqual([generations.name]);
    expect(later.store.meta(generations.name)!.lastError).toMatch(/JSON/);
  });

  it("serves another node's swap once its poll has decoded it, never a mix", async () => {
    const url = await freshDatabase();
    const serving = await node(url);
    const ingester = await node(url);
    await serving.runner.run(generations, { origin: payload(6_000, 1) });
    await vi.waitFor(() => expect(ingester.store.version(generations.name)).toBe(1));
    await ingester.runner.run(generations, { origin: payload(6_000, 2) });
    const seen = new Set<string>();
    await vi.waitFor(
      () => {
        const g = generationsOf(serving);
        seen.add([...g].join(','));
        expect(g).toEqual(new Set([2]));
      },
      { timeout: 5_000, interval: 5 },
    );
    expect([...seen].every((s) => s === '1' || s === '2')).toBe(true);
    expect(serving.store.meta(generations.name)!.version).toBe(2);
  });

  it('ends on the newest version when versions are published during a background decode', async () => {
    const url = await freshDatabase();
    const serving = await node(url);
    const ingester = await node(url);
    await serving.runner.run(generations, { origin: payload(6_000, 1) });
    await ingester.runner.run(generations, { origin: payload(6_000, 2) });
    const decoding = serving.store.refresh(generations.name);
    await new Promise((r) => setImmediate(r));
    await ingester.runner.run(generations, { origin: payload(6_000, 3) });
    await decoding;
    await serving.store.refresh(generations.name);
    expect(serving.store.version(generations.name)).toBe(3);
    expect(generationsOf(serving)).toEqual(new Set([3]));
  });

  it('a cache purge drops derived values at once and re-reads the rows from the database in the background', async () => {
    const url = await freshDatabase();
    const deps = await node(url);
    await deps.runner.run(generations, { origin: payload(10, 1) });
    let computed = 0;
    const total = () => deps.store.read<Row>(generations.name)!.derive('count', (s) => (computed++, s.records.length));
    expect(total()).toBe(10);
    expect(total()).toBe(10);
    // Rows changed behind the store's back (an operator's repair): nothing tells the store.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('UPDATE snapshot_records SET payload = \'{"id":0,"generation":9}\' WHERE seq = 0');
    await client.end();
    expect(generationsOf(deps)).toEqual(new Set([1]));
    deps.store.changed();
    // Served meanwhile, from memory, with derived values recomputed...
    expect(total()).toBe(10);
    expect(computed).toBe(2);
    // ...until the re-read replaces it.
    await deps.store.refresh(generations.name);
    expect(generationsOf(deps)).toEqual(new Set([1, 9]));
  });

  it('passes the current rows to the parser, even when another node published them', async () => {
    const url = await freshDatabase();
    const a = await node(url);
    const b = await node(url);
    const appending: Dataset<Row> = {
      ...generations,
      name: 'test.appending',
      parse: (payloads, _now, previous) => {
        const added = JSON.parse(payloads.main!.toString('utf8')) as Row[];
        return { records: [...(previous?.records ?? []), ...added] };
      },
    };
    await a.runner.run(appending, { origin: payload(3, 1) });
    // b has not polled since: the runner brings its copy up to date before parsing.
    await b.runner.run(appending, { origin: payload(2, 2) });
    expect(b.store.read<Row>(appending.name)!.records.map((r) => r.generation)).toEqual([1, 1, 1, 2, 2]);
  });
});
