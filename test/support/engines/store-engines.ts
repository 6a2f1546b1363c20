import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../../db/client.js';
import { openPgDatabase, type PgDb } from '../../../db/pg/client.js';
import { tempDbFile } from '../app.js';
import { startPostgres, type RunningPostgres } from './postgres.js';

/** One engine of a store's contract test: `storage()` makes a fresh store and returns a way to open one more node on it. */
export interface StoreEngine<S> {
  name: 'SQLite' | 'PostgreSQL';
  storage(): Promise<() => Promise<S>>;
}

/**
 * The two engines a store's contract test runs its one specification on, for `describe.each`: a fresh
 * SQLite file, or a fresh database on a private PostgreSQL server started for the test file (each node
 * with its own pool of `poolSize` connections). Registers the hooks that start and stop that server.
 */
export function storeEngines<S>(prefix: string, open: { sqlite(db: Db): S; postgres(db: PgDb): S }, poolSize = 4): StoreEngine<S>[] {
  let server: RunningPostgres | undefined;
  let databases = 0;
  const pools: PgDb[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    for (const p of pools.splice(0)) await p.$client.end().catch(() => undefined);
    await server?.stop();
  });
  return [
    {
      name: 'SQLite',
      storage: async () => {
        const file = tempDbFile();
        return async () => open.sqlite(openDatabase(file));
      },
    },
    {
      name: 'PostgreSQL',
      storage: async () => {
        const url = await server!.createDatabase(`${prefix}_${++databases}`);
        return async () => {
          const db = await openPgDatabase(url, { max: poolSize });
          pools.push(db);
          return open.postgres(db);
        };
      },
    },
  ];
}
