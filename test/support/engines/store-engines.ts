import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../../db/client.js';
import { openPgDatabase, type PgDb } from '../../../db/pg/client.js';
import { testConfig, type Config } from '../../../src/config.js';
import { ManualClock, type Clock } from '../../../src/platform/clock.js';
import type { StoreDefinition } from '../../../src/platform/stores/registry.js';
import { tempDbFile } from '../app.js';
import { startPostgres, type RunningPostgres } from './postgres.js';

/** One engine of a store's contract test: `storage()` makes a fresh store and returns a way to open one more node on it. */
export interface StoreEngine<S> {
  name: 'SQLite' | 'PostgreSQL';
  storage(): Promise<() => Promise<S>>;
}

/**
 * A private PostgreSQL server for one test file (hooks registered here start and stop it), handing out
 * fresh databases named `<prefix>_<n>`; pools opened through `connect` are closed before it stops.
 */
export function privatePostgres(
  prefix: string,
  poolSize = 4,
): {
  createDatabase(): Promise<string>;
  connect(url: string, max?: number): Promise<PgDb>;
  freshDatabase(): Promise<PgDb>;
} {
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
  const createDatabase = () => server!.createDatabase(`${prefix}_${++databases}`);
  const connect = async (url: string, max = poolSize) => {
    const db = await openPgDatabase(url, { max });
    pools.push(db);
    return db;
  };
  return { createDatabase, connect, freshDatabase: async () => connect(await createDatabase()) };
}

/**
 * The two engines a store's contract test runs its one specification on, for `describe.each`: a fresh
 * SQLite file, or a fresh database on a private PostgreSQL server (each node with its own pool of
 * `poolSize` connections). `open` is the store's registered definition (built with `env`'s clock and
 * configuration, as `createDeps` builds it: default a manual clock and the test configuration), or,
 * for a store outside the registry, its two constructors.
 */
export function storeEngines<S>(
  prefix: string,
  store: StoreDefinition<S> | { sqlite(db: Db): S; postgres(db: PgDb): S },
  poolSize = 4,
  env: { clock?: Clock; config?: Config } = {},
): StoreEngine<S>[] {
  const open =
    'name' in store
      ? fromDefinition(store, { clock: env.clock ?? new ManualClock(), config: env.config ?? testConfig() })
      : store;
  const postgres = privatePostgres(prefix, poolSize);
  const files: Db[] = [];
  afterAll(() => {
    for (const db of files.splice(0)) db.$client.close();
  });
  return [
    {
      name: 'SQLite',
      storage: async () => {
        const file = tempDbFile();
        return async () => {
          const db = openDatabase(file);
          files.push(db);
          return open.sqlite(db);
        };
      },
    },
    {
      name: 'PostgreSQL',
      storage: async () => {
        const url = await postgres.createDatabase();
        return async () => open.postgres(await postgres.connect(url));
      },
    },
  ];
}

function fromDefinition<S>(
  definition: StoreDefinition<S>,
  env: { clock: Clock; config: Config },
): { sqlite(db: Db): S; postgres(db: PgDb): S } {
  return { sqlite: (db) => definition.sqlite({ db, ...env }), postgres: (db) => definition.postgres({ db, ...env }) };
}
