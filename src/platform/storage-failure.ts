import type { WireError } from './errors.js';
import type { Logger } from './logger.js';
import { isPgConnectionLoss } from '../../db/pg/client.js';

/**
 * Storage the service cannot use for a while (a database another process has locked, a full disk, a
 * PostgreSQL server that is restarting or unreachable). Such a failure is not the caller's fault and
 * passes: it answers 503 with Retry-After rather than 500, and readiness reports it.
 */
export interface StorageFailure {
  kind: 'locked' | 'full' | 'io' | 'read-only' | 'unreachable';
  engine: 'sqlite' | 'postgres';
  /** What is unavailable, for the answer's message and the readiness reason. */
  what: string;
  retryAfterSeconds: number;
}

const WHAT: Record<StorageFailure['kind'], string> = {
  locked: 'the database is locked by another process',
  full: 'the database storage is full',
  io: 'the database storage cannot be read or written (I/O error)',
  'read-only': 'the database is read-only',
  unreachable: 'the database server is unreachable or restarting',
};

/** A lock passes within seconds; space, I/O and a server's restart need an operator or a failover. */
const RETRY_AFTER: Record<StorageFailure['kind'], number> = {
  locked: 5,
  full: 60,
  io: 60,
  'read-only': 30,
  unreachable: 10,
};

function sqliteKind(code: string): StorageFailure['kind'] | undefined {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'io';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  return undefined;
}

/** PostgreSQL's SQLSTATE classes for a server that cannot take the write now (errcodes appendix). */
function postgresKind(code: string): StorageFailure['kind'] | undefined {
  if (code === '53100') return 'full'; // disk_full
  if (code === '55P03') return 'locked'; // lock_not_available (lock_timeout)
  if (code === '25006') return 'read-only'; // read_only_sql_transaction: a standby after failover
  if (code.startsWith('08')) return 'unreachable'; // connection_exception
  if (code === '53300' || code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable';
  if (code === '58030') return 'io'; // io_error
  return undefined;
}

function classifyOne(error: unknown): StorageFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  let kind: StorageFailure['kind'] | undefined;
  let engine: StorageFailure['engine'] = 'postgres';
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) {
      kind = sqliteKind(code);
      engine = 'sqlite';
    } else if (/^[0-9A-Z]{5}$/.test(code)) kind = postgresKind(code);
  }
  // Socket errors and node-postgres's own messages (a connection lost mid-query, or not opened in time):
  // the one test of a lost connection, which the job worker's retries use too.
  if (!kind && isPgConnectionLoss(error)) kind = 'unreachable';
  return kind ? { kind, engine, what: WHAT[kind], retryAfterSeconds: RETRY_AFTER[kind] } : undefined;
}

/**
 * The storage failure behind an error, following its causes (drizzle wraps the driver's error in
 * its own), or undefined when the error is something else.
 */
export function storageFailureOf(error: unknown): StorageFailure | undefined {
  let current = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const found = classifyOne(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The wire answer: 503, a message saying what is unavailable, and when to retry. */
export function storageFailureWire(failure: StorageFailure): WireError {
  return {
    status: 503,
    body: { error: `Service temporarily unavailable: ${failure.what}; retry later` },
    headers: { 'Retry-After': String(failure.retryAfterSeconds) },
  };
}

/**
 * The last storage failure a request met, for /readyz. A failure of the SQLite file is reported until
 * a probe write succeeds (the probe runs only while one is recorded); one of PostgreSQL (full, locked,
 * read-only) until its retry interval has passed without another. A lost PostgreSQL connection is not
 * kept: the reachability probe reports it while it lasts.
 */
export class StorageHealth {
  private last: { failure: StorageFailure; at: number } | undefined;

  noteFailure(failure: StorageFailure, now: number): void {
    // Whether PostgreSQL answers is the reachability probe's to say (it sees the server come back);
    // a remembered connection loss would keep a recovered node unready for its retry interval.
    if (failure.engine === 'postgres' && failure.kind === 'unreachable') return;
    this.last = { failure, at: now };
  }

  /** A write succeeded, so the recorded failure is over. */
  noteWrite(): void {
    this.last = undefined;
  }

  /** The recorded failure still to report, if any. */
  current(now: number): StorageFailure | undefined {
    const last = this.last;
    if (!last) return undefined;
    if (last.failure.engine === 'postgres' && now - last.at >= last.failure.retryAfterSeconds * 1000) {
      this.last = undefined;
      return undefined;
    }
    return last.failure;
  }
}

const HEALTH = new WeakMap<object, StorageHealth>();

/** The storage health of one app (keyed by its collaborators, so test apps in one process stay apart). */
export function storageHealthOf(deps: object): StorageHealth {
  let health = HEALTH.get(deps);
  if (!health) HEALTH.set(deps, (health = new StorageHealth()));
  return health;
}

/**
 * Records the storage failure behind a request's error (if that is what it was) for /readyz, and logs
 * it as a warning: it is an outage to watch, not a bug to chase.
 */
export function noteStorageFailure(
  deps: { clock: { now(): number }; logger: Pick<Logger, 'warn'> },
  error: unknown,
): void {
  const failure = storageFailureOf(error);
  if (!failure) return;
  storageHealthOf(deps).noteFailure(failure, deps.clock.now());
  deps.logger.warn({ storage: failure.kind, engine: failure.engine }, `write refused: ${failure.what}`);
}
