import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { toWire } from '../../src/platform/errors.js';
import { StorageHealth, storageFailureOf } from '../../src/platform/storage-failure.js';

/** A driver error as drizzle hands it on: its own error, the driver's as `cause`. */
function wrapped(code: string, message = 'driver error'): Error {
  return new Error('Failed query: insert into ...', { cause: Object.assign(new Error(message), { code }) });
}

describe('storage failures', () => {
  it.each([
    ['SQLITE_BUSY', 'locked', 'sqlite'],
    ['SQLITE_BUSY_SNAPSHOT', 'locked', 'sqlite'],
    ['SQLITE_LOCKED', 'locked', 'sqlite'],
    ['SQLITE_FULL', 'full', 'sqlite'],
    ['SQLITE_IOERR_WRITE', 'io', 'sqlite'],
    ['SQLITE_READONLY', 'read-only', 'sqlite'],
    ['53100', 'full', 'postgres'],
    ['57P01', 'unreachable', 'postgres'],
    ['57P03', 'unreachable', 'postgres'],
    ['08006', 'unreachable', 'postgres'],
    ['25006', 'read-only', 'postgres'],
    ['ECONNREFUSED', 'unreachable', 'postgres'],
  ])('%s is storage that is unavailable (%s)', (code, kind, engine) => {
    expect(storageFailureOf(wrapped(code))).toMatchObject({ kind, engine });
    const wire = toWire(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: wrapped(code) }));
    expect(wire.status).toBe(503);
    expect(Number(wire.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number(wire.headers['Retry-After'])).toBeLessThanOrEqual(60);
    expect(String(wire.body.error)).toMatch(/^Service temporarily unavailable: the database/);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', '23505', '42P01', 'ERR_INVALID_ARG_TYPE'])(
    '%s is a bug, still a 500 that says nothing',
    (code) => {
      expect(storageFailureOf(wrapped(code))).toBeUndefined();
      expect(toWire(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: wrapped(code) }))).toEqual({
        status: 500,
        body: { message: 'Internal server error' },
        headers: {},
      });
    },
  );

  it('reports a PostgreSQL failure for its Retry-After interval, a SQLite one until a write succeeds', () => {
    const health = new StorageHealth();
    health.noteFailure(storageFailureOf(wrapped('53100'))!, 1_000);
    expect(health.current(1_000 + 59_999)?.kind).toBe('full');
    expect(health.current(1_000 + 60_000)).toBeUndefined();
    health.noteFailure(storageFailureOf(wrapped('SQLITE_FULL'))!, 1_000);
    expect(health.current(1_000 + 3_600_000)?.kind).toBe('full');
    health.noteWrite();
    expect(health.current(1_000 + 3_600_000)).toBeUndefined();
  });

  it('leaves a lost PostgreSQL connection to the reachability probe, which sees the server come back', () => {
    const health = new StorageHealth();
    health.noteFailure(storageFailureOf(wrapped('57P01'))!, 1_000);
    expect(health.current(1_001)).toBeUndefined();
  });
});
