import pg from 'pg';
import Database from 'better-sqlite3';
import { testAppDatabaseUrl } from './engines/postgres.js';

/**
 * Runs one statement on a test's store behind the app's back, whichever engine holds it: the SQLite
 * file, or under MDS_TEST_POSTGRES=1 the PostgreSQL database that goes with the file (the tables and
 * columns are named alike). `?` placeholders, rewritten as `$1, $2, ...` for PostgreSQL, which hands
 * bigint columns back as strings. `sqlite` runs SQLite's side on a connection the caller already holds.
 */
export async function storeSql<Row = Record<string, unknown>>(
  target: { dbFile: string; databaseUrl?: string; sqlite?: Database.Database },
  statement: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  const url = target.databaseUrl ?? (await testAppDatabaseUrl(target.dbFile));
  if (!url) {
    const db = target.sqlite ?? new Database(target.dbFile);
    try {
      const prepared = db.prepare(statement);
      if (prepared.reader) return prepared.all(...params) as Row[];
      prepared.run(...params);
      return [];
    } finally {
      if (!target.sqlite) db.close();
    }
  }
  let n = 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query(
        statement.replace(/\?/g, () => `$${++n}`),
        [...params],
      )
    ).rows as Row[];
  } finally {
    await client.end();
  }
}
