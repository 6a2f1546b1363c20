/**
 * What the snapshot store and the ingestion runner need from storage, as one async interface with an
 * implementation per engine: SQLite (backend-sqlite.ts, the default, one file per process) and
 * PostgreSQL (backend-pg.ts, shared by every node of a cluster when DATABASE_URL is set).
 */

export interface SnapshotMeta {
  dataset: string;
  version: number;
  fetchedAt: number;
  /** The moment the current rows describe (epoch ms; 0 before the first success). */
  capturedAt: number;
  /** How the current rows were produced ('' before the first success). */
  origin: SnapshotOrigin | '';
  recordCount: number;
  source: string;
  info: Record<string, unknown>;
  lastAttemptAt: number;
  lastSuccessAt: number;
  lastError: string | null;
}

/**
 * How a snapshot's rows were produced: fetched from the upstream, loaded from the bundled sample,
 * read from a reference table, computed from other snapshots, grown by the service's own operations,
 * or loaded from files an operator named.
 */
export type SnapshotOrigin = 'live' | 'sample' | 'reference' | 'derived' | 'recorded' | 'file';

/** Whether a snapshot is a bundled sample, or a model computed from one. */
export function servesSample(m: Pick<SnapshotMeta, 'origin' | 'info'>): boolean {
  return (
    m.origin === 'sample' ||
    (m.origin === 'derived' && Array.isArray(m.info.sampleInputs) && m.info.sampleInputs.length > 0)
  );
}

export interface PublishInput {
  dataset: string;
  version: number;
  now: number;
  /** The moment the rows describe. */
  capturedAt: number;
  origin: SnapshotOrigin;
  count: number;
  source: string;
  /** JSON text of the dataset-level attributes. */
  info: string;
  /** SHA-256 of the rows and info (contentHash in history.ts): an unchanged refresh is told by it. */
  contentHash: string;
}

/**
 * One retained version of a dataset (table snapshot_versions). Times are epoch ms: it was served
 * from `validFrom` (its publication) on; `validUntil` is its successor's publication, or for the
 * current version the latest ingestion that found the same content.
 */
export interface SnapshotVersion {
  dataset: string;
  version: number;
  validFrom: number;
  validUntil: number;
  fetchedAt: number;
  capturedAt: number;
  origin: string;
  recordCount: number;
  contentHash: string;
  source: string;
  info: Record<string, unknown>;
}

/** The versions in force at one instant: per dataset the newest published at or before it, and where each dataset's retained history begins. */
export interface VersionsAt {
  inForce: SnapshotVersion[];
  earliest: { dataset: string; validFrom: number }[];
}

/**
 * `published`: the version is current. `rows-missing`: fewer staged rows than `count` (a start-up
 * cleanup elsewhere took them). `superseded`: a newer version was published meanwhile.
 */
export type PublishOutcome = 'published' | 'rows-missing' | 'superseded';

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

export interface SnapshotBackend {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Synchronous reads, where the engine has them (SQLite in-process). With them the store decodes a
   * dataset lazily on its first read and polls for other processes' writes on the request path;
   * without them (PostgreSQL) it loads every dataset at start and polls in the background.
   */
  readonly sync?: SyncSnapshotReads;

  meta(dataset: string): Promise<SnapshotMeta | undefined>;
  /** Every dataset that has ever been attempted, ordered by name. */
  allMeta(): Promise<SnapshotMeta[]>;
  /** The JSON payloads of rows `from <= seq < to` of one version, in seq order. */
  readChunk(dataset: string, version: number, from: number, to: number): Promise<string[]>;

  /** Reserves the next version number of a dataset for a run to stage its rows under. */
  allocateVersion(dataset: string, source: string): Promise<number>;
  /** Writes rows `firstSeq, firstSeq + 1, ...` of a staged version in one transaction. */
  writeRecords(dataset: string, version: number, firstSeq: number, payloads: readonly string[]): Promise<void>;
  /** Makes a fully staged version current in one transaction, if it is complete and still the newest. */
  publish(input: PublishInput): Promise<PublishOutcome>;
  /**
   * A run found exactly the current version's content: records the success and extends that
   * version's validity to `now`, in one transaction; false when `version` is no longer current.
   */
  confirm(dataset: string, version: number, now: number): Promise<boolean>;
  /** The retained versions of one dataset, newest first. */
  history(dataset: string): Promise<SnapshotVersion[]>;
  /** One retained version, if it is still kept. */
  versionRecord(dataset: string, version: number): Promise<SnapshotVersion | undefined>;
  /** The version of every dataset in force at `instant` (epoch ms), and where each one's history begins. */
  versionsAt(instant: number): Promise<VersionsAt>;
  /** Forgets retained versions (their history rows; the runner then removes their rows in chunks). */
  forgetVersions(dataset: string, versions: readonly number[]): Promise<void>;
  /** Records a failed run against the dataset (its current version is untouched). */
  recordFailure(dataset: string, source: string, now: number, error: string): Promise<void>;
  /** Deletes up to `limit` rows of one version; returns how many it deleted (0 when none are left). */
  removeRecords(dataset: string, version: number, limit: number): Promise<number>;
  /** Versions of a dataset at or below `upTo` that still have rows and are neither current nor retained (dead runs' staging). */
  staleVersions(dataset: string, upTo: number): Promise<number[]>;
  /** Every (dataset, version) with rows that is neither its dataset's current version nor a retained one. */
  strayVersions(): Promise<{ dataset: string; version: number }[]>;

  /**
   * Runs `fn` while holding the exclusive right to ingest `dataset` across every process sharing this
   * storage; `{ acquired: false }` at once when another process holds it. SQLite has one writer
   * process in practice and runs `fn` directly (the runner's own in-process guard still applies).
   */
  withDatasetLock<T>(dataset: string, fn: () => Promise<T>): Promise<LockedRun<T>>;

  /** Releases connections this backend opened (a no-op for SQLite, whose file the caller closes). */
  close(): Promise<void>;
}

/** The synchronous reads SQLite offers in-process (see SnapshotBackend.sync). */
export interface SyncSnapshotReads {
  meta(dataset: string): SnapshotMeta | undefined;
  allMeta(): SnapshotMeta[];
  /** Meta and every row of the current version, read in one transaction (never a mix of two versions). */
  readCurrent(dataset: string): { meta: SnapshotMeta; payloads: string[] } | undefined;
  /** Every row of one version (current or retained), in seq order. */
  readVersion(dataset: string, version: number): string[];
  /** Current version and row count of every dataset. */
  versions(): { dataset: string; version: number; recordCount: number }[];
  /** A number that changes whenever another connection commits a write. */
  dataVersion(): number;
}

export function parseInfo(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}
