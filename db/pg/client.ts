import path from 'node:path';
import { PROJECT_ROOT } from '../../src/paths.js';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.js';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const PG_MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations-pg');

/**
 * Advisory-lock namespaces (the first key of PostgreSQL's two-key advisory locks), so the locks of
 * this service never meet another application's on a shared server.
 */
export const LOCK_SPACE = {
  migrations: 0x6d647300, // 'mds\0'
  datasetRuns: 0x6d647301,
  jobWorkers: 0x6d647302,
  /** One archive writer at a time (upserts and retention deletes), as SQLite's write lock has it. */
  archiveWriters: 0x6d647310,
  /** One model-answer cache writer at a time (upserts and sweeps). */
  llmCacheWriters: 0x6d647311,
  /** One lead submission per address at a time, so the per-address cap is counted exactly. */
  leadAddresses: 0x6d647312,
  /** One webhook registration per account at a time (its per-account cap). */
  webhookAccounts: 0x6d647313,
  /** One watch rule creation per account at a time (its per-plan cap). */
  watchAccounts: 0x6d647314,
} as const;

/** How long taking a new connection may wait before the call fails (and a request answers 503). */
export const PG_CONNECT_TIMEOUT_MS = 2_000;

export function isPostgresUrl(url: string | undefined): url is string {
  return typeof url === 'string' && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Errors of a connection PostgreSQL closed, refused or did not answer in time (SQLSTATE classes 08 and
 * 57P, socket errors, pg's own messages), as opposed to a statement it rejected.
 */
export function isPgConnectionLoss(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.cause && isPgConnectionLoss(e.cause)) return true;
  const code = e.code ?? '';
  return (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      e.message ?? '',
    )
  );
}

export class PgOpenError extends Error {
  override name = 'PgOpenError';
}

/**
 * Connects a pool to DATABASE_URL and applies pending migrations. Several nodes starting together
 * take turns: the migrations run under a session advisory lock, so exactly one applies each of them.
 * The URL's password never appears in an error message.
 */
export async function openPgDatabase(
  url: string,
  opts: { max?: number; migrate?: boolean; connectionTimeoutMs?: number } = {},
): Promise<PgDb> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    idleTimeoutMillis: 30_000,
    // Fail fast while PostgreSQL is unreachable: the request answers 503 instead of waiting.
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (a transaction's): its running query fails with the error, the pool
  // discards it on release, and without a listener the same error would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema }) as PgDb;
  if (opts.migrate === false) return db;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new PgOpenError(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`);
  }
  try {
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCK_SPACE.migrations]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: PG_MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCK_SPACE.migrations]);
    }
  } catch (err) {
    client.release();
    await pool.end().catch(() => undefined);
    throw new PgOpenError(`cannot migrate PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`);
  }
  client.release();
  return db;
}

/**
 * For a one-shot command (`mds keys`, `mds leads`, `mds webhooks`): the shared database when
 * DATABASE_URL names PostgreSQL, on a single connection; undefined when the stores stay in SQLite.
 */
export async function openCommandPg(databaseUrl: string | undefined): Promise<PgDb | undefined> {
  return isPostgresUrl(databaseUrl) ? openPgDatabase(databaseUrl, { max: 1 }) : undefined;
}

/** The URL with its password replaced, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
