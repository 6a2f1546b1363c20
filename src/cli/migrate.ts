import type { Config } from '../config.js';
import { openDatabase } from '../../db/client.js';

export function migrateOnly(config: Config, out: NodeJS.WritableStream): number {
  const db = openDatabase(config.DATABASE_PATH);
  db.$client.close();
  out.write(`migrations applied to ${config.DATABASE_PATH}\n`);
  return 0;
}
