import { SqliteArchive, archiveRetention, type Archive } from '../archive/archive.js';
import { PgArchive } from '../archive/archive-pg.js';
import type { KeyDirectory } from '../auth/key-store.js';
import { PgKeyDirectory } from '../auth/keys-pg.js';
import { SqliteJobBackend, type JobBackend } from '../jobs/backend.js';
import { PgJobBackend } from '../jobs/backend-pg.js';
import type { SnapshotBackend } from '../snapshots/backend.js';
import { SqliteSnapshotBackend } from '../snapshots/backend-sqlite.js';
import { PgSnapshotBackend } from '../snapshots/backend-pg.js';
import { defineStore } from './registry.js';

// The platform's stores. Their engines differ beyond what a query builder hides (advisory locks, FTS5
// against tsvector, LISTEN/NOTIFY), so each still has one class per engine, behind one definition.

/** Published snapshots. */
export const SNAPSHOT_BACKEND = defineStore<SnapshotBackend>({
  name: 'snapshots',
  sqlite: ({ db }) => new SqliteSnapshotBackend(db),
  postgres: ({ db }) => new PgSnapshotBackend(db),
});

/**
 * Keys and accounts shared by every node, on PostgreSQL. On SQLite there is none: the access layer
 * reads the file's key table directly (and no cache is put in front of it).
 */
export const KEY_DIRECTORY = defineStore<KeyDirectory | undefined>({
  name: 'keys',
  sqlite: () => undefined,
  postgres: ({ db }) => new PgKeyDirectory(db),
});

/** The job table: one queue for the cluster on PostgreSQL (never two nodes on the same job). */
export const JOB_BACKEND = defineStore<JobBackend>({
  name: 'jobs',
  sqlite: ({ db }) => new SqliteJobBackend(db.$client),
  postgres: ({ db }) => new PgJobBackend(db),
});

/** The full-text archive. */
export const ARCHIVE = defineStore<Archive>({
  name: 'archive',
  sqlite: ({ db, clock, config }) => new SqliteArchive(db.$client, clock, archiveRetention(config)),
  postgres: ({ db, clock, config }) => new PgArchive(db, clock, archiveRetention(config)),
});
