import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { KeyDirectory } from './key-store.js';

/** Where the local development key is written: beside the database, under a git-ignored name. */
export function devKeyFile(databasePath: string): string {
  return path.join(path.dirname(path.resolve(databasePath)), '.dev-key');
}

/**
 * First start outside production with no key at all: issue one enterprise key for local use, so the
 * quick start works without a separate step. Returns the key once (the caller prints it) and the
 * file it was saved to; undefined when nothing was created. The key goes where the node looks keys up
 * (PostgreSQL with DATABASE_URL), or it would be printed and then refused.
 */
export async function ensureDevKey(
  config: Config,
  keys: KeyDirectory,
  now: number,
): Promise<{ key: string; id: string; file: string } | undefined> {
  if (config.NODE_ENV === 'production' || config.DEV_KEY === 'never' || config.DATABASE_PATH === ':memory:')
    return undefined;
  if ((await keys.count()) > 0) return undefined;
  const created = await keys.create({ plan: 'enterprise', name: 'local development' }, now);
  const file = devKeyFile(config.DATABASE_PATH);
  fs.writeFileSync(file, `${created.key}\n`, { mode: 0o600 });
  return { key: created.key, id: created.id, file };
}

/** The development key's file when this start may use one (outside production) and it exists: named on every start. */
export function devKeyOnFile(config: Config): string | undefined {
  if (config.NODE_ENV === 'production' || config.DATABASE_PATH === ':memory:') return undefined;
  const file = devKeyFile(config.DATABASE_PATH);
  return fs.existsSync(file) ? file : undefined;
}
