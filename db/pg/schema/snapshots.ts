import { pgTable, text, integer, bigint, primaryKey, index } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of db/schema/snapshots.ts (same tables, same columns, same meaning): one row per
 * dataset with its current version and the outcome of the last ingestion. Epoch-ms columns are
 * bigint (they overflow a 32-bit integer) and read back as numbers.
 */
export const snapshotMeta = pgTable('snapshot_meta', {
  dataset: text('dataset').primaryKey(),
  version: integer('version').notNull().default(0),
  fetchedAt: bigint('fetched_at', { mode: 'number' }).notNull().default(0),
  capturedAt: bigint('captured_at', { mode: 'number' }).notNull().default(0),
  origin: text('origin').notNull().default(''),
  recordCount: integer('record_count').notNull().default(0),
  source: text('source').notNull().default(''),
  /** Dataset-level attributes as JSON text, kept byte-identical to what SQLite stores. */
  info: text('info').notNull().default('{}'),
  lastAttemptAt: bigint('last_attempt_at', { mode: 'number' }).notNull().default(0),
  lastSuccessAt: bigint('last_success_at', { mode: 'number' }).notNull().default(0),
  lastError: text('last_error'),
  /** Highest version handed to a run, published or not; a run stages its rows under the next one. */
  stagedVersion: integer('staged_version').notNull().default(0),
});

/** Every dataset's rows as JSON documents keyed by the snapshot version they belong to (see the SQLite twin). */
export const snapshotRecords = pgTable(
  'snapshot_records',
  {
    dataset: text('dataset').notNull(),
    version: integer('version').notNull(),
    seq: integer('seq').notNull(),
    payload: text('payload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dataset, t.version, t.seq] })],
);

/** Every dataset's retained versions (see the SQLite twin for the meaning of each column). */
export const snapshotVersions = pgTable(
  'snapshot_versions',
  {
    dataset: text('dataset').notNull(),
    version: integer('version').notNull(),
    validFrom: bigint('valid_from', { mode: 'number' }).notNull(),
    validUntil: bigint('valid_until', { mode: 'number' }).notNull(),
    fetchedAt: bigint('fetched_at', { mode: 'number' }).notNull(),
    capturedAt: bigint('captured_at', { mode: 'number' }).notNull().default(0),
    origin: text('origin').notNull().default(''),
    recordCount: integer('record_count').notNull(),
    contentHash: text('content_hash').notNull().default(''),
    source: text('source').notNull().default(''),
    info: text('info').notNull().default('{}'),
  },
  (t) => [
    primaryKey({ columns: [t.dataset, t.version] }),
    index('snapshot_versions_from_idx').on(t.dataset, t.validFrom),
  ],
);
