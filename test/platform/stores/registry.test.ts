import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../db/client.js';
import type { PgDb } from '../../../db/pg/client.js';
import { testConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { PLATFORM_SECRETS, type PlatformSecrets } from '../../../src/platform/auth/platform-secrets.js';
import {
  defineStore,
  storeOverride,
  StoreRegistry,
  UnregisteredStoreError,
} from '../../../src/platform/stores/registry.js';
import { STORE_DEFINITIONS } from '../../../src/root/stores.js';
import { tempDbFile } from '../../support/app.js';

// The registry builds each registered store once, on the engine the process runs on, and hands out
// exactly that instance; overrides win; unknown or doubly named definitions are wiring errors.

const env = { clock: new ManualClock(), config: testConfig() };
const files: Db[] = [];
afterAll(() => {
  for (const db of files.splice(0)) db.$client.close();
});
const sqliteDb = () => {
  const db = openDatabase(tempDbFile());
  files.push(db);
  return db;
};

/** A definition that records which engine built it and how often. */
function counted(name: string) {
  const built: string[] = [];
  const definition = defineStore<{ engine: string; n: number }>({
    name,
    sqlite: () => ({ engine: 'sqlite', n: built.push('sqlite') }),
    postgres: () => ({ engine: 'postgres', n: built.push('postgres') }),
  });
  return { definition, built };
}

describe('store registry', () => {
  it('builds every definition once, on SQLite, and returns the same instance each time', () => {
    const a = counted('a');
    const b = counted('b');
    const stores = StoreRegistry.resolve([a.definition, b.definition], { engine: 'sqlite', db: sqliteDb() }, env);
    expect(stores.engine).toBe('sqlite');
    expect(a.built).toEqual(['sqlite']);
    expect(b.built).toEqual(['sqlite']);
    expect(stores.get(a.definition)).toBe(stores.get(a.definition));
    expect(stores.get(a.definition).engine).toBe('sqlite');
    expect(a.built).toEqual(['sqlite']);
  });

  it("builds PostgreSQL's store when the process runs on PostgreSQL", () => {
    const a = counted('a');
    // The definitions here never touch the database: a stand-in is enough to choose the engine.
    const stores = StoreRegistry.resolve([a.definition], { engine: 'postgres', db: {} as PgDb }, env);
    expect(stores.get(a.definition).engine).toBe('postgres');
    expect(a.built).toEqual(['postgres']);
  });

  it('gives the store passed as an override, without building the engine one', () => {
    const a = counted('a');
    const given = { engine: 'fake', n: 0 };
    const stores = StoreRegistry.resolve([a.definition], { engine: 'sqlite', db: sqliteDb() }, env, [
      storeOverride(a.definition, given),
    ]);
    expect(stores.get(a.definition)).toBe(given);
    expect(a.built).toEqual([]);
  });

  it('refuses a definition never registered, an override of one, and two definitions of one name', () => {
    const a = counted('a');
    const stray = counted('stray');
    const stores = StoreRegistry.resolve([a.definition], { engine: 'sqlite', db: sqliteDb() }, env);
    expect(() => stores.get(stray.definition)).toThrow(UnregisteredStoreError);
    expect(() =>
      StoreRegistry.resolve([a.definition], { engine: 'sqlite', db: sqliteDb() }, env, [
        storeOverride(stray.definition, { engine: 'x', n: 0 }),
      ]),
    ).toThrow(UnregisteredStoreError);
    expect(() =>
      StoreRegistry.resolve([a.definition, counted('a').definition], { engine: 'sqlite', db: sqliteDb() }, env),
    ).toThrow(/two stores are named a/);
  });

  it('registers each application store once, under a name of its own', () => {
    const names = STORE_DEFINITIONS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(STORE_DEFINITIONS).size).toBe(STORE_DEFINITIONS.length);
  });

  it('createDeps resolves the application stores on the SQLite file and takes overrides from DepsOptions', async () => {
    const file = tempDbFile();
    const secrets: PlatformSecrets = { obtain: async () => 'given' };
    const deps = createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0 }), {
      clock: new ManualClock(),
      db: openDatabase(file),
      stores: [storeOverride(PLATFORM_SECRETS, secrets)],
    });
    try {
      expect(deps.stores.engine).toBe('sqlite');
      expect(deps.stores.get(PLATFORM_SECRETS)).toBe(secrets);
      for (const d of STORE_DEFINITIONS) expect(() => deps.stores.get(d)).not.toThrow();
    } finally {
      await deps.store.close();
      deps.db.$client.close();
    }
  });
});
