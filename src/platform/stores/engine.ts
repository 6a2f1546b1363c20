import { is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteSelectBase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.js';
import type { PgDb } from '../../../db/pg/client.js';
import * as sqliteTables from '../../../db/schema/index.js';
import * as pgTables from '../../../db/pg/schema/index.js';

/**
 * The one surface a store class is written against, on either engine: drizzle's query builder
 * (`select`, `insert ... onConflictDoNothing/onConflictDoUpdate ... returning`, `update`, `delete`) and
 * the tables, whose TypeScript names are the same in `db/schema` and `db/pg/schema`.
 *
 * The builder and the tables are typed as PostgreSQL's: drizzle types each dialect apart, but the part
 * a store uses has the same shape and SQL on both (better-sqlite3's builders are awaitable too). What
 * differs lives here, as helpers, never as a second class. Every store's contract test runs on both
 * engines (`storeEngines`), which is what keeps this one typing honest for SQLite.
 */
export interface StoreEngine {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Pick<PgDb, 'select' | 'insert' | 'update' | 'delete'>;
  readonly tables: typeof pgTables;
  /**
   * The order rows were inserted in, to break ties of a timestamp: SQLite's rowid, the `seq` column
   * PostgreSQL's twin tables carry for the purpose.
   */
  insertionOrder(table: { seq: AnyPgColumn }): SQL;
  /**
   * Runs a transactional step: `body` yields each statement (`yield* step(query)`) and gets its result
   * back. better-sqlite3's transactions are synchronous, PostgreSQL's are not, so the engine drives the
   * step: on SQLite every statement runs at once inside one BEGIN IMMEDIATE (nothing else can run on the
   * connection in between), on PostgreSQL each is awaited inside one transaction. A throw rolls back.
   */
  transact<T>(body: (tx: StoreEngine) => Generator<PromiseLike<unknown>, T, unknown>): Promise<T>;
  /**
   * In a transactional step, waits for the other writers of `space` (one of `LOCK_SPACE`), or of `key`
   * within it, to finish: PostgreSQL's transaction-scoped advisory lock. Nothing on SQLite, whose
   * transaction already holds the file's one write lock.
   */
  lockWriters(space: number, key?: string): Generator<PromiseLike<unknown>, void, unknown>;
  /**
   * In a transactional step, holds `table` against every other writer until the transaction ends
   * (PostgreSQL: SHARE ROW EXCLUSIVE, which conflicts with itself). Nothing on SQLite, for the same reason.
   */
  lockTable(table: PgTable): Generator<PromiseLike<unknown>, void, unknown>;
  /**
   * The rows of an ordered select after its first `n`, as a subquery (`inArray(column, skip(query, n))`):
   * SQLite wants a LIMIT before an OFFSET (-1: no limit), PostgreSQL does not take a negative one.
   */
  skip(query: { offset(n: number): SQLWrapper }, n: number): SQLWrapper;
  /** A select whose rows stay locked until the transaction ends (`FOR UPDATE`); as is on SQLite, for the same reason. */
  forUpdate<R>(query: PromiseLike<R> & { for(strength: 'update'): PromiseLike<R> }): PromiseLike<R>;
}

/** One statement of a transactional step, and its result: `const rows = yield* step(query)`. */
export function* step<T>(query: PromiseLike<T>): Generator<PromiseLike<unknown>, T, unknown> {
  return (yield query) as T;
}

export function sqliteEngine(db: Db): StoreEngine {
  const engine: StoreEngine = {
    kind: 'sqlite',
    db: db as unknown as StoreEngine['db'],
    tables: sqliteTables as unknown as typeof pgTables,
    insertionOrder: () => sql`rowid`,
    transact: (body) => {
      try {
        return Promise.resolve(db.$client.transaction(() => drive(body(engine), runNow)).immediate());
      } catch (err) {
        return Promise.reject(err);
      }
    },
    *lockWriters() {},
    *lockTable() {},
    skip: (query, n) =>
      (query as unknown as { limit(l: SQL): { offset(n: number): SQLWrapper } }).limit(sql.raw('-1')).offset(n),
    forUpdate: (query) => query,
  };
  return engine;
}

export function postgresEngine(db: PgDatabase<PgQueryResultHKT, typeof pgTables>): StoreEngine {
  return {
    kind: 'postgres',
    db: db as StoreEngine['db'],
    tables: pgTables,
    insertionOrder: (table) => sql`${table.seq}`,
    transact: (body) => db.transaction((tx) => driveAsync(body(postgresEngine(tx)))),
    *lockWriters(space, key) {
      yield db.execute(
        key === undefined
          ? sql`SELECT pg_advisory_xact_lock(${space}, 0)`
          : sql`SELECT pg_advisory_xact_lock(${space}, hashtext(${key}))`,
      );
    },
    *lockTable(table) {
      yield db.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    },
    skip: (query, n) => query.offset(n),
    forUpdate: (query) => query.for('update'),
  };
}

/**
 * A statement of a SQLite step, run now: rows for a select or a `returning`, the run's result otherwise
 * (better-sqlite3 refuses `all()` on a statement that returns no rows).
 */
function runNow(query: unknown): unknown {
  const q = query as { all(): unknown; run(): unknown; config?: { returning?: unknown } };
  return is(query, SQLiteSelectBase) || q.config?.returning ? q.all() : q.run();
}

function drive<T>(steps: Generator<PromiseLike<unknown>, T, unknown>, run: (query: unknown) => unknown): T {
  let next = steps.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = run(next.value);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}

async function driveAsync<T>(steps: Generator<PromiseLike<unknown>, T, unknown>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = await next.value;
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(result);
  }
  return next.value;
}
