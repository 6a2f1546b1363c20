import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import type { Dataset } from '../../../src/platform/snapshots/dataset.js';
import { USER_AGENT } from '../../../src/platform/snapshots/fetch.js';
import { tempDbFile } from '../../support/app.js';
import type { AppDeps } from '../../../src/trpc/context.js';

interface Row {
  id: number;
  name: string;
}

/** A dataset whose upstream is a JSON array of rows; parse throws on anything else. */
const numbers: Dataset<Row> = {
  name: 'test.numbers',
  source: 'test fixture',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: { main: { url: 'https://upstream.example/numbers.json', sample: 'unused.json' } },
  parse(payloads) {
    const rows = JSON.parse(payloads.main!.toString('utf8')) as Row[];
    if (!Array.isArray(rows)) throw new Error('expected an array');
    return { records: rows, info: { parsedRows: rows.length } };
  },
};

const bytes = (rows: unknown) => ({ kind: 'bytes' as const, payloads: { main: Buffer.from(JSON.stringify(rows)) } });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}` }));

let deps: AppDeps | undefined;
function setup(overrides = {}) {
  const file = tempDbFile();
  deps = createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0, ...overrides }), {
    clock: new ManualClock(),
    db: openDatabase(file),
  });
  return { deps, file };
}
afterEach(() => {
  deps?.db.$client.close();
  deps = undefined;
});

describe('ingestion runner', () => {
  it('swaps in a new snapshot and bumps the version', async () => {
    const { deps } = setup();
    const first = await deps.runner.run(numbers, { origin: bytes(rows(10)) });
    expect(first).toMatchObject({ ok: true, version: 1, recordCount: 10 });
    const second = await deps.runner.run(numbers, { origin: bytes(rows(12)) });
    expect(second).toMatchObject({ ok: true, version: 2, recordCount: 12 });
    const snap = deps.store.read<Row>('test.numbers')!;
    expect(snap.records).toHaveLength(12);
    expect(snap.info).toEqual({ parsedRows: 12 });
    expect(snap.fetchedAt).toBe(deps.clock.now());
  });

  it.each([
    ['a parse error', Buffer.from('{not json'), /JSON/],
    ['an empty feed', Buffer.from('[]'), /no rows/],
    ['a collapse to 10% of the rows', Buffer.from(JSON.stringify(rows(10))), /collapsed from 100 to 10/],
  ])('keeps the last good snapshot on %s and records the error', async (_label, payload, message) => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(100)) });
    const result = await deps.runner.run(numbers, { origin: { kind: 'bytes', payloads: { main: payload } } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect(result.version).toBe(1);
    const snap = deps.store.read<Row>('test.numbers')!;
    expect(snap.records).toHaveLength(100);
    expect(deps.store.meta('test.numbers')!.lastError).toMatch(message);
  });

  it('accepts a collapse when forced by the operator', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(100)) });
    const result = await deps.runner.run(numbers, { origin: bytes(rows(10)), force: true });
    expect(result).toMatchObject({ ok: true, recordCount: 10 });
  });

  it('rolls back a swap that fails halfway through writing (disk full) and keeps serving the old rows', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(50)) });
    const before = deps.store.read<Row>('test.numbers')!.records;
    // Cap the file at its current size: the next large write cannot allocate pages.
    const pages = deps.db.$client.pragma('page_count', { simple: true }) as number;
    deps.db.$client.pragma(`max_page_count = ${pages + 2}`);
    const huge = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: 'z'.repeat(400) }));
    const result = await deps.runner.run(numbers, { origin: bytes(huge) });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/full/i);
    deps.store.changed('test.numbers');
    const after = deps.store.read<Row>('test.numbers')!;
    expect(after.version).toBe(1);
    expect(after.records).toEqual(before);
  });

  it('clears the last error after a later success', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(5)) });
    await deps.runner.run(numbers, { origin: { kind: 'bytes', payloads: { main: Buffer.from('oops') } } });
    expect(deps.store.meta('test.numbers')!.lastError).toBeTruthy();
    await deps.runner.run(numbers, { origin: bytes(rows(6)) });
    expect(deps.store.meta('test.numbers')!.lastError).toBeNull();
  });

  it('sees a swap made by another connection to the same file', async () => {
    const { deps, file } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(5)) });
    expect(deps.store.read<Row>('test.numbers')!.records).toHaveLength(5);
    const other = createDeps(testConfig({ DATABASE_PATH: file }), { clock: new ManualClock(), db: openDatabase(file) });
    try {
      await other.runner.run(numbers, { origin: bytes(rows(7)) });
    } finally {
      other.db.$client.close();
    }
    expect(deps.store.read<Row>('test.numbers')!.records).toHaveLength(7);
  });

  it('every reader sees entirely the old or entirely the new snapshot during a swap', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(1000).map((r) => ({ ...r, name: 'old' }))) });
    const readerFile = deps.config.DATABASE_PATH;
    const reader = createDeps(testConfig({ DATABASE_PATH: readerFile, SNAPSHOT_POLL_MS: 0 }), {
      clock: new ManualClock(),
      db: openDatabase(readerFile),
    });
    try {
      const seen = new Set<string>();
      const swap = deps.runner.run(numbers, { origin: bytes(rows(1000).map((r) => ({ ...r, name: 'new' }))) });
      for (let i = 0; i < 20; i++) {
        reader.store.changed('test.numbers');
        const names = new Set(reader.store.read<Row>('test.numbers')!.records.map((r) => r.name));
        expect(names.size).toBe(1);
        seen.add([...names][0]);
        await new Promise((r) => setImmediate(r));
      }
      await swap;
      reader.store.changed('test.numbers');
      expect(new Set(reader.store.read<Row>('test.numbers')!.records.map((r) => r.name))).toEqual(new Set(['new']));
    } finally {
      reader.db.$client.close();
    }
  });
});

describe('live fetch', () => {
  it('fetches from the upstream with our User-Agent and ingests it', async () => {
    let seenAgent = '';
    let seenPath = '';
    const server = http.createServer((req, res) => {
      seenAgent = String(req.headers['user-agent']);
      seenPath = String(req.url);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(rows(3)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const { deps } = setup({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}` });
      const result = await deps.runner.run(numbers, { origin: { kind: 'live' } });
      expect(result).toMatchObject({ ok: true, recordCount: 3 });
      expect(seenAgent).toBe(USER_AGENT);
      expect(seenPath).toBe('/numbers.json');
    } finally {
      server.close();
    }
  });

  it('gives up after the timeout and keeps the previous snapshot', async () => {
    const server = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const { deps } = setup({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: 200 });
      await deps.runner.run(numbers, { origin: bytes(rows(4)) });
      const result = await deps.runner.run(numbers, { origin: { kind: 'live' } });
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/timed out after 200 ms/);
      expect(deps.store.read<Row>('test.numbers')!.records).toHaveLength(4);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reports an upstream HTTP error', async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 502;
      res.end('bad gateway');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const { deps } = setup({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}` });
      const result = await deps.runner.run(numbers, { origin: { kind: 'live' } });
      expect(result.error).toMatch(/HTTP 502/);
    } finally {
      server.close();
    }
  });
});

describe('sources that need more than one request', () => {
  it('lets a source combine several requests into one payload, with our headers on each', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers['user-agent'] === USER_AGENT}`);
      res.end(
        req.url === '/ids.json' ? '[1,2]' : JSON.stringify({ id: Number(req.url!.match(/\d+/)![0]), name: 'item' }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const { deps } = setup({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}` });
      const fanOut: Dataset<Row> = {
        ...numbers,
        name: 'test.fan-out',
        sources: {
          main: {
            url: 'https://upstream.example/ids.json',
            sample: 'unused.json',
            fetch: async (get) => {
              const ids = JSON.parse((await get('https://upstream.example/ids.json')).toString()) as number[];
              const items = await Promise.all(
                ids.map(async (id) => JSON.parse((await get(`https://upstream.example/item/${id}.json`)).toString())),
              );
              return Buffer.from(JSON.stringify(items));
            },
          },
        },
      };
      const result = await deps.runner.run(fanOut, { origin: { kind: 'live' } });
      expect(result).toMatchObject({ ok: true, recordCount: 2 });
      expect(seen.sort()).toEqual(['/ids.json true', '/item/1.json true', '/item/2.json true']);
    } finally {
      server.close();
    }
  });

  it('builds a dated address from the ingestion clock', async () => {
    let path = '';
    const server = http.createServer((req, res) => {
      path = String(req.url);
      res.end(JSON.stringify(rows(2)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const { deps } = setup({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}` });
      const dated: Dataset<Row> = {
        ...numbers,
        name: 'test.dated',
        sources: {
          main: {
            url: 'https://upstream.example/rows',
            urlAt: (now) =>
              `https://upstream.example/rows?since=${new Date(now - 86_400_000).toISOString().slice(0, 10)}`,
            sample: 'x',
          },
        },
      };
      await deps.runner.run(dated, { origin: { kind: 'live' } });
      expect(path).toBe(`/rows?since=${new Date(deps.clock.now() - 86_400_000).toISOString().slice(0, 10)}`);
    } finally {
      server.close();
    }
  });

  it('accepts an empty feed after a full one when empty is a real answer for the dataset', async () => {
    const { deps } = setup();
    const alerts: Dataset<Row> = { ...numbers, name: 'test.alerts', allowEmpty: true };
    await deps.runner.run(alerts, { origin: bytes(rows(50)) });
    expect(await deps.runner.run(alerts, { origin: bytes([]) })).toMatchObject({ ok: true, recordCount: 0 });
  });
});

describe('staged, chunked swaps', () => {
  it('keeps serving requests while a large snapshot is written: the event loop and the write lock are free between chunks', async () => {
    const { deps, file } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(10)) });
    // Another connection, as another process would have, that refuses to wait for a lock.
    const other = openDatabase(file);
    other.$client.pragma('busy_timeout = 0');
    let writesDuringIngestion = 0;
    let running = true;
    const probe = (async () => {
      while (running) {
        other.$client.prepare('BEGIN IMMEDIATE').run();
        other.$client.prepare('COMMIT').run();
        writesDuringIngestion++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const big = await deps.runner.run(numbers, { origin: bytes(rows(60_000)) });
    running = false;
    await probe;
    other.$client.close();
    expect(big).toMatchObject({ ok: true, recordCount: 60_000 });
    expect(writesDuringIngestion).toBeGreaterThan(3);
  });

  it('removes rows left behind by a run that died before publishing', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(5)) });
    // A crashed run: it took version 2 and wrote some rows, but never published them.
    const sqlite = deps.db.$client;
    sqlite.prepare("UPDATE snapshot_meta SET staged_version = 2 WHERE dataset = 'test.numbers'").run();
    sqlite
      .prepare(
        "INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES ('test.numbers', 2, 0, '{}'), ('test.numbers', 2, 1, '{}')",
      )
      .run();
    expect(deps.store.read<Row>('test.numbers')!.records).toHaveLength(5);
    const next = await deps.runner.run(numbers, { origin: bytes(rows(6)) });
    expect(next).toMatchObject({ ok: true, version: 3 });
    const versions = sqlite
      .prepare("SELECT version, COUNT(*) AS n FROM snapshot_records WHERE dataset = 'test.numbers' GROUP BY version")
      .all();
    // The dead run's rows are gone; version 1 stays, as retained history (SNAPSHOT_RETENTION_*).
    expect(versions).toEqual([
      { version: 1, n: 5 },
      { version: 3, n: 6 },
    ]);
  });

  it('leaves no staged rows behind when a run fails while writing', async () => {
    const { deps } = setup();
    await deps.runner.run(numbers, { origin: bytes(rows(50)) });
    const pages = deps.db.$client.pragma('page_count', { simple: true }) as number;
    deps.db.$client.pragma(`max_page_count = ${pages + 20}`);
    const result = await deps.runner.run(numbers, {
      origin: bytes(Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: 'y'.repeat(300) }))),
    });
    expect(result.ok).toBe(false);
    const versions = deps.db.$client
      .prepare("SELECT DISTINCT version FROM snapshot_records WHERE dataset = 'test.numbers'")
      .all();
    expect(versions).toEqual([{ version: 1 }]);
  });
});
