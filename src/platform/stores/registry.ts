/**
 * # Stores: every class that keeps state in the database, declared once, resolved once at start
 *
 * A store is declared with `defineStore` beside the code that uses it (its service's folder, or the
 * platform folder for platform stores):
 *
 *     export const SIMULATION_RUNS = defineStore<SimulationRunStore>({
 *       name: 'simulation_runs',
 *       sqlite: ({ db }) => new SimulationRuns(sqliteEngine(db)),
 *       postgres: ({ db }) => new SimulationRuns(postgresEngine(db)),
 *     });
 *
 * and read where it is needed with `deps.stores.get(SIMULATION_RUNS)` (typed; no optional field on
 * `AppDeps`, no per-service locator). The composition root lists every definition
 * (`src/root/stores.ts`); `createDeps` resolves each of them exactly once for the engine the process
 * runs on: the SQLite file by default, PostgreSQL when `DATABASE_URL` is a postgres URL (`openDeps`).
 *
 * Adding a shared store is therefore:
 * 1. its tables in `db/schema/<area>.ts` (SQLite) and `db/pg/schema/<area>.ts` (PostgreSQL), with the
 *    same TypeScript names, and the migrations drizzle-kit generates from them (`npm run db:generate`,
 *    `npm run db:generate:pg`, then `npx drizzle-kit check`); existing migrations are never edited;
 * 2. one class written against a `StoreEngine` (`./engine.ts`): drizzle's query builder and the
 *    engine's tables, a transactional step as a generator of statements (`engine.transact`, `step`),
 *    and the engine's helpers where the dialects differ (writer locks, FOR UPDATE, insertion order,
 *    OFFSET); not a class per engine;
 * 3. its `defineStore` declaration beside the class, added to `STORE_DEFINITIONS` (`src/root/stores.ts`);
 * 4. its contract test: one specification run on both engines with `storeEngines(prefix, DEFINITION)`
 *    (`test/support/engines/store-engines.ts`).
 *
 * The platform's heavy backends (snapshots, jobs, keys, the archive) are declared the same way but
 * still have one class per engine behind their definition (`./platform-stores.ts`).
 *
 * Tests that need a particular store (a fake, a failing one) pass `storeOverride(definition, store)`
 * in `DepsOptions.stores`; an override wins over the engine's.
 */
import type { Db } from '../../../db/client.js';
import type { PgDb } from '../../../db/pg/client.js';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';

/** What a store's constructor may use: the engine's database, the clock and the configuration. */
export interface StoreContext<D> {
  db: D;
  clock: Clock;
  config: Config;
}

/** One store, as its two engines build it. `name` is unique among the registered definitions. */
export interface StoreDefinition<T> {
  readonly name: string;
  sqlite(ctx: StoreContext<Db>): T;
  postgres(ctx: StoreContext<PgDb>): T;
}

export function defineStore<T>(definition: StoreDefinition<T>): StoreDefinition<T> {
  return Object.freeze({ ...definition });
}

/** The engine a process keeps its shared state on. */
export type StoreDatabase = { engine: 'sqlite'; db: Db } | { engine: 'postgres'; db: PgDb };

/** A store given instead of the engine's (tests). */
export interface StoreOverride {
  readonly definition: StoreDefinition<unknown>;
  readonly store: unknown;
}

export function storeOverride<T>(definition: StoreDefinition<T>, store: T): StoreOverride {
  return { definition: definition as StoreDefinition<unknown>, store };
}

export class UnregisteredStoreError extends Error {
  override name = 'UnregisteredStoreError';
}

/** Every registered store, built once for one engine. */
export class StoreRegistry {
  private constructor(
    readonly engine: StoreDatabase['engine'],
    private readonly resolved: ReadonlyMap<StoreDefinition<unknown>, unknown>,
  ) {}

  /**
   * Builds every definition once on `database` (an override, when given, instead). Two definitions
   * with one name are refused: they would be two stores over one table.
   */
  static resolve(
    definitions: readonly StoreDefinition<unknown>[],
    database: StoreDatabase,
    env: { clock: Clock; config: Config },
    overrides: readonly StoreOverride[] = [],
  ): StoreRegistry {
    const names = new Set<string>();
    for (const d of definitions) {
      if (names.has(d.name)) throw new Error(`two stores are named ${d.name}`);
      names.add(d.name);
    }
    const given = new Map(overrides.map((o) => [o.definition, o.store]));
    for (const d of given.keys())
      if (!definitions.includes(d))
        throw new UnregisteredStoreError(`store ${d.name} is overridden but not registered`);
    const resolved = new Map<StoreDefinition<unknown>, unknown>();
    for (const d of definitions) {
      if (given.has(d)) resolved.set(d, given.get(d));
      else
        resolved.set(
          d,
          database.engine === 'postgres'
            ? d.postgres({ db: database.db, ...env })
            : d.sqlite({ db: database.db, ...env }),
        );
    }
    return new StoreRegistry(database.engine, resolved);
  }

  /** The store built at start for `definition`; one never registered is a wiring error. */
  get<T>(definition: StoreDefinition<T>): T {
    if (!this.resolved.has(definition))
      throw new UnregisteredStoreError(`store ${definition.name} is not registered (src/root/stores.ts)`);
    return this.resolved.get(definition) as T;
  }
}
