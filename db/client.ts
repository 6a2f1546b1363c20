import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema/index.js';
import { PROJECT_ROOT } from '../src/paths.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations');

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/**
 * Opens (creating if absent) the SQLite file, checks that an existing file really is a healthy
 * database, sets the pragmas the service relies on and applies pending migrations.
 * A corrupt or truncated file is refused with a clear error: it is never replaced by a fresh one.
 */
export function openDatabase(file: string, opts: { migrate?: boolean } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
  } catch (err) {
    throw new DatabaseOpenError(`cannot open database ${file}: ${(err as Error).message}`);
  }
  const db = drizzle(sqlite, { schema }) as Db;
  if (opts.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}
