import type { Config } from '../config.js';
import { openDatabase } from '../../db/client.js';
import { isPostgresUrl, openPgDatabase, redactUrl } from '../../db/pg/client.js';
import { text } from './output.js';

/** `mds migrate`: the SQLite file's migrations, and PostgreSQL's too when DATABASE_URL is set. */
export async function migrateOnly(config: Config, out: NodeJS.WritableStream): Promise<number> {
  const db = openDatabase(config.DATABASE_PATH);
  db.$client.close();
  out.write(`migrations applied to ${text(config.DATABASE_PATH)}\n`);
  if (isPostgresUrl(config.DATABASE_URL)) {
    const pg = await openPgDatabase(config.DATABASE_URL, { max: 1 });
    await pg.$client.end();
    out.write(`migrations applied to ${text(redactUrl(config.DATABASE_URL))}\n`);
  }
  return 0;
}
