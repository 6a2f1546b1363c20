import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
}

export function sqliteEngine(db: Db): StoreEngine {
  return {
    kind: 'sqlite',
    db: db as unknown as StoreEngine['db'],
    tables: sqliteTables as unknown as typeof pgTables,
    insertionOrder: () => sql`rowid`,
  };
}

export function postgresEngine(db: PgDb): StoreEngine {
  return {
    kind: 'postgres',
    db,
    tables: pgTables,
    insertionOrder: (table) => sql`${table.seq}`,
  };
}
