import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';

/**
 * One row per dataset: which snapshot version is current and how the last ingestion went.
 * Only the ingestion runner writes here; readers key their caches on `version`.
 */
export const snapshotMeta = sqliteTable('snapshot_meta', {
  dataset: text('dataset').primaryKey(),
  version: integer('version').notNull().default(0),
  /** Epoch ms of the upstream fetch that produced the current rows; 0 before the first success. */
  fetchedAt: integer('fetched_at').notNull().default(0),
  /** Epoch ms of the moment the current rows describe (the data's time; see the dataset model). */
  capturedAt: integer('captured_at').notNull().default(0),
  /** How the current rows were produced: live, sample, reference, derived, recorded or file; '' before the first. */
  origin: text('origin').notNull().default(''),
  recordCount: integer('record_count').notNull().default(0),
  source: text('source').notNull().default(''),
  /** Dataset-level attributes that are not rows (data year, feed timestamps, partial-source flags), JSON. */
  info: text('info').notNull().default('{}'),
  lastAttemptAt: integer('last_attempt_at').notNull().default(0),
  lastSuccessAt: integer('last_success_at').notNull().default(0),
  /** Message of the most recent failed run; cleared by the next success. */
  lastError: text('last_error'),
  /** Highest version handed to a run, published or not; a run stages its rows under the next one. */
  stagedVersion: integer('staged_version').notNull().default(0),
});

/**
 * The rows of every dataset's snapshots, as JSON documents in upstream-independent form, keyed by
 * the snapshot version they belong to. A run writes its rows under a new version in small
 * transactions, then publishes that version by updating `snapshot_meta` in one tiny transaction;
 * readers read meta and rows together, so they see the old snapshot or the new one, never a mix,
 * and no lock is held for the length of a large ingestion.
 */
export const snapshotRecords = sqliteTable(
  'snapshot_records',
  {
    dataset: text('dataset').notNull(),
    version: integer('version').notNull(),
    seq: integer('seq').notNull(),
    payload: text('payload').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dataset, t.version, t.seq] })],
);

/**
 * The retained history of every dataset: one row per published version, kept (with its rows in
 * `snapshot_records`) for SNAPSHOT_RETENTION_DAYS / SNAPSHOT_RETENTION_VERSIONS. `as_of` answers
 * read the version whose `valid_from` is the newest at or before the instant asked for.
 */
export const snapshotVersions = sqliteTable(
  'snapshot_versions',
  {
    dataset: text('dataset').notNull(),
    version: integer('version').notNull(),
    /** Epoch ms at which this version became the one served (its publication). */
    validFrom: integer('valid_from').notNull(),
    /**
     * Epoch ms until which it is known to hold: its successor's publication, or for the current
     * version the latest ingestion that found the same content (an unchanged refresh extends it).
     */
    validUntil: integer('valid_until').notNull(),
    fetchedAt: integer('fetched_at').notNull(),
    /** The time the version's data describes (see snapshot_meta). */
    capturedAt: integer('captured_at').notNull().default(0),
    origin: text('origin').notNull().default(''),
    recordCount: integer('record_count').notNull(),
    /** SHA-256 of the rows and info as stored; '' for a version published before history was kept. */
    contentHash: text('content_hash').notNull().default(''),
    source: text('source').notNull().default(''),
    info: text('info').notNull().default('{}'),
  },
  (t) => [
    primaryKey({ columns: [t.dataset, t.version] }),
    index('snapshot_versions_from_idx').on(t.dataset, t.validFrom),
  ],
);
