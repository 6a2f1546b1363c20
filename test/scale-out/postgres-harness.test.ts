import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

describe('private PostgreSQL server for tests', () => {
  let server: RunningPostgres;
  let startMs = 0;
  beforeAll(async () => {
    const t0 = performance.now();
    server = await startPostgres();
    startMs = performance.now() - t0;
  });
  afterAll(() => server?.stop());

  it('starts on a loopback port with its own empty database, in well under the hook timeout', async () => {
    expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/mds$/);
    expect(startMs).toBeLessThan(20_000);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ db: string; fsync: string }>(
        "SELECT current_database() AS db, current_setting('fsync') AS fsync",
      );
      expect(rows[0]).toEqual({ db: 'mds', fsync: 'off' });
      const tables = await client.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('creates further databases on the same server', async () => {
    const other = await server.createDatabase('second');
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    await client.query('CREATE TABLE t (x int)');
    await client.end();
    expect(other).toMatch(/\/second$/);
  });

  it('stops and removes its directory', async () => {
    const extra = await startPostgres();
    expect(fs.existsSync(extra.dir)).toBe(true);
    await extra.stop();
    expect(fs.existsSync(extra.dir)).toBe(false);
    const client = new pg.Client({ connectionString: extra.url, connectionTimeoutMillis: 2000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
