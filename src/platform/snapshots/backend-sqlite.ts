import type Database from 'better-sqlite3';
import type { Db } from '../../../db/client.js';
import {
  parseInfo,
  type LockedRun,
  type PublishInput,
  type PublishOutcome,
  type SnapshotBackend,
  type SnapshotMeta,
  type SnapshotVersion,
  type SyncSnapshotReads,
  type VersionsAt,
} from './backend.js';

interface VersionRow {
  dataset: string;
  version: number;
  valid_from: number;
  valid_until: number;
  fetched_at: number;
  captured_at: number;
  origin: string;
  record_count: number;
  content_hash: string;
  source: string;
  info: string;
}

function toVersion(row: VersionRow): SnapshotVersion {
  return {
    dataset: row.dataset,
    version: row.version,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    fetchedAt: row.fetched_at,
    capturedAt: row.captured_at,
    origin: row.origin,
    recordCount: row.record_count,
    contentHash: row.content_hash,
    source: row.source,
    info: parseInfo(row.info),
  };
}

interface MetaRow {
  dataset: string;
  version: number;
  fetched_at: number;
  captured_at: number;
  origin: string;
  record_count: number;
  source: string;
  info: string;
  last_attempt_at: number;
  last_success_at: number;
  last_error: string | null;
}

function toMeta(row: MetaRow): SnapshotMeta {
  return {
    dataset: row.dataset,
    version: row.version,
    fetchedAt: row.fetched_at,
    capturedAt: row.captured_at,
    origin: row.origin as SnapshotMeta['origin'],
    recordCount: row.record_count,
    source: row.source,
    info: parseInfo(row.info),
    lastAttemptAt: row.last_attempt_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
  };
}

/** Rows per multi-row INSERT statement (SQLite's bound-parameter limit allows 500 rows of 4). */
const INSERT_BATCH = 500;

/**
 * The snapshot tables in the process's SQLite file, through prepared statements. Every write runs
 * as an IMMEDIATE transaction so it takes the write lock up front (and waits busy_timeout for it)
 * instead of failing half-way on an upgrade.
 */
export class SqliteSnapshotBackend implements SnapshotBackend {
  readonly engine = 'sqlite' as const;
  readonly sync: SyncSnapshotReads;
  private readonly sqlite: Database.Database;
  private readonly stmtMeta: Database.Statement<[string], MetaRow>;
  private readonly stmtAllMeta: Database.Statement<[], MetaRow>;
  private readonly stmtVersions: Database.Statement<[], { dataset: string; version: number; record_count: number }>;
  private readonly stmtRecords: Database.Statement<[string, number], { payload: string }>;
  private readonly stmtRecordChunk: Database.Statement<[string, number, number, number], { payload: string }>;
  private readonly stmtDataVersion: Database.Statement<[], { data_version: number }>;
  private readonly insertMany: Database.Statement;
  private readonly insertOne: Database.Statement;
  private readonly deleteVersion: Database.Statement;
  private readonly stmtStale: Database.Statement<[string, string, number], { version: number }>;
  private readonly stmtHistory: Database.Statement<[string], VersionRow>;
  private readonly stmtVersionRecord: Database.Statement<[string, number], VersionRow>;
  private readonly stmtInForce: Database.Statement<[number], VersionRow>;
  private readonly stmtEarliest: Database.Statement<[], { dataset: string; valid_from: number }>;
  private readonly closeVersion: Database.Statement;
  private readonly insertVersion: Database.Statement;
  private readonly stmtConfirm: Database.Statement;
  private readonly extendVersion: Database.Statement;
  private readonly forgetVersion: Database.Statement;
  private readonly stmtStray: Database.Statement<[], { dataset: string; version: number }>;
  private readonly allocate: Database.Statement<{ dataset: string; source: string }, { staged: number }>;
  private readonly stmtPublish: Database.Statement;
  private readonly upsertFailure: Database.Statement;
  private readonly countVersion: Database.Statement<[string, number], { n: number }>;

  constructor(db: Db) {
    const sqlite = (this.sqlite = db.$client);
    this.stmtMeta = sqlite.prepare('SELECT * FROM snapshot_meta WHERE dataset = ?');
    this.stmtAllMeta = sqlite.prepare('SELECT * FROM snapshot_meta ORDER BY dataset');
    this.stmtVersions = sqlite.prepare('SELECT dataset, version, record_count FROM snapshot_meta');
    this.stmtRecords = sqlite.prepare(
      'SELECT payload FROM snapshot_records WHERE dataset = ? AND version = ? ORDER BY seq',
    );
    this.stmtRecordChunk = sqlite.prepare(
      'SELECT payload FROM snapshot_records WHERE dataset = ? AND version = ? AND seq >= ? AND seq < ? ORDER BY seq',
    );
    this.stmtDataVersion = sqlite.prepare('PRAGMA data_version');
    const placeholders = Array.from({ length: INSERT_BATCH }, () => '(?, ?, ?, ?)').join(', ');
    this.insertMany = sqlite.prepare(
      `INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES ${placeholders}`,
    );
    this.insertOne = sqlite.prepare(
      'INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES (?, ?, ?, ?)',
    );
    this.deleteVersion = sqlite.prepare(
      'DELETE FROM snapshot_records WHERE rowid IN (SELECT rowid FROM snapshot_records WHERE dataset = ? AND version = ? LIMIT ?)',
    );
    this.stmtStale = sqlite.prepare(
      `SELECT DISTINCT version FROM snapshot_records r WHERE dataset = ?
         AND version <> (SELECT COALESCE(MAX(version), 0) FROM snapshot_meta WHERE dataset = ?) AND version <= ?
         AND NOT EXISTS (SELECT 1 FROM snapshot_versions v WHERE v.dataset = r.dataset AND v.version = r.version)`,
    );
    this.stmtStray = sqlite.prepare(
      `SELECT DISTINCT r.dataset, r.version FROM snapshot_records r LEFT JOIN snapshot_meta m ON m.dataset = r.dataset
       WHERE r.version <> COALESCE(m.version, 0)
         AND NOT EXISTS (SELECT 1 FROM snapshot_versions v WHERE v.dataset = r.dataset AND v.version = r.version)`,
    );
    this.stmtHistory = sqlite.prepare('SELECT * FROM snapshot_versions WHERE dataset = ? ORDER BY version DESC');
    this.stmtVersionRecord = sqlite.prepare('SELECT * FROM snapshot_versions WHERE dataset = ? AND version = ?');
    this.stmtInForce = sqlite.prepare(
      `SELECT v.* FROM snapshot_versions v JOIN (
         SELECT dataset, MAX(version) AS version FROM snapshot_versions WHERE valid_from <= ? GROUP BY dataset
       ) f ON f.dataset = v.dataset AND f.version = v.version`,
    );
    this.stmtEarliest = sqlite.prepare(
      'SELECT dataset, MIN(valid_from) AS valid_from FROM snapshot_versions GROUP BY dataset',
    );
    // The version being replaced stops holding at the new one's publication.
    this.closeVersion = sqlite.prepare(
      'UPDATE snapshot_versions SET valid_until = @now WHERE dataset = @dataset AND version = (SELECT version FROM snapshot_meta WHERE dataset = @dataset)',
    );
    this.insertVersion = sqlite.prepare(`
      INSERT INTO snapshot_versions (dataset, version, valid_from, valid_until, fetched_at, captured_at, origin, record_count, content_hash, source, info)
      VALUES (@dataset, @version, @now, @now, @now, @capturedAt, @origin, @count, @contentHash, @source, @info)`);
    this.stmtConfirm = sqlite.prepare(`
      UPDATE snapshot_meta SET last_attempt_at = @now, last_success_at = @now, last_error = NULL
      WHERE dataset = @dataset AND version = @version`);
    this.extendVersion = sqlite.prepare(
      'UPDATE snapshot_versions SET valid_until = MAX(valid_until, @now) WHERE dataset = @dataset AND version = @version',
    );
    this.forgetVersion = sqlite.prepare('DELETE FROM snapshot_versions WHERE dataset = ? AND version = ?');
    this.allocate = sqlite.prepare(`
      INSERT INTO snapshot_meta (dataset, source, staged_version) VALUES (@dataset, @source, 1)
      ON CONFLICT(dataset) DO UPDATE SET staged_version = MAX(staged_version, version) + 1
      RETURNING staged_version AS staged`);
    this.stmtPublish = sqlite.prepare(`
      UPDATE snapshot_meta SET version = @version, fetched_at = @now, captured_at = @capturedAt, origin = @origin, record_count = @count, source = @source, info = @info,
        last_attempt_at = @now, last_success_at = @now, last_error = NULL
      WHERE dataset = @dataset AND version < @version`);
    this.upsertFailure = sqlite.prepare(`
      INSERT INTO snapshot_meta (dataset, source, last_attempt_at, last_error) VALUES (@dataset, @source, @now, @error)
      ON CONFLICT(dataset) DO UPDATE SET last_attempt_at = @now, last_error = @error`);
    this.countVersion = sqlite.prepare('SELECT COUNT(*) AS n FROM snapshot_records WHERE dataset = ? AND version = ?');

    const readCurrent = sqlite.transaction((dataset: string) => {
      const row = this.stmtMeta.get(dataset);
      if (!row) return undefined;
      return { meta: toMeta(row), payloads: this.stmtRecords.all(dataset, row.version).map((r) => r.payload) };
    });
    this.sync = {
      meta: (dataset) => {
        const row = this.stmtMeta.get(dataset);
        return row ? toMeta(row) : undefined;
      },
      allMeta: () => this.stmtAllMeta.all().map(toMeta),
      // Meta and rows in one read transaction, so a concurrent swap cannot mix them.
      readCurrent: (dataset) => readCurrent(dataset),
      readVersion: (dataset, version) => this.stmtRecords.all(dataset, version).map((r) => r.payload),
      versions: () =>
        this.stmtVersions.all().map((r) => ({ dataset: r.dataset, version: r.version, recordCount: r.record_count })),
      dataVersion: () => this.stmtDataVersion.get()!.data_version,
    };
  }

  async meta(dataset: string): Promise<SnapshotMeta | undefined> {
    return this.sync.meta(dataset);
  }

  async allMeta(): Promise<SnapshotMeta[]> {
    return this.sync.allMeta();
  }

  async readChunk(dataset: string, version: number, from: number, to: number): Promise<string[]> {
    return this.stmtRecordChunk.all(dataset, version, from, to).map((r) => r.payload);
  }

  async allocateVersion(dataset: string, source: string): Promise<number> {
    return this.sqlite.transaction(() => this.allocate.get({ dataset, source })!.staged).immediate();
  }

  async writeRecords(dataset: string, version: number, firstSeq: number, payloads: readonly string[]): Promise<void> {
    const args: unknown[] = new Array(INSERT_BATCH * 4);
    this.sqlite
      .transaction(() => {
        let i = 0;
        for (; i + INSERT_BATCH <= payloads.length; i += INSERT_BATCH) {
          for (let j = 0; j < INSERT_BATCH; j++) {
            args[j * 4] = dataset;
            args[j * 4 + 1] = version;
            args[j * 4 + 2] = firstSeq + i + j;
            args[j * 4 + 3] = payloads[i + j];
          }
          this.insertMany.run(args);
        }
        for (; i < payloads.length; i++) this.insertOne.run(dataset, version, firstSeq + i, payloads[i]);
      })
      .immediate();
  }

  async publish(input: PublishInput): Promise<PublishOutcome> {
    return this.sqlite
      .transaction((): PublishOutcome => {
        if (this.countVersion.get(input.dataset, input.version)!.n !== input.count) return 'rows-missing';
        const { dataset, version, now, capturedAt, origin, count, source, info, contentHash } = input;
        if ((this.stmtMeta.get(dataset)?.version ?? 0) >= version) return 'superseded';
        this.closeVersion.run({ dataset, now });
        this.stmtPublish.run({ dataset, version, now, capturedAt, origin, count, source, info });
        this.insertVersion.run({ dataset, version, now, capturedAt, origin, count, contentHash, source, info });
        return 'published';
      })
      .immediate();
  }

  async confirm(dataset: string, version: number, now: number): Promise<boolean> {
    return this.sqlite
      .transaction(() => {
        if (this.stmtConfirm.run({ dataset, version, now }).changes === 0) return false;
        this.extendVersion.run({ dataset, version, now });
        return true;
      })
      .immediate();
  }

  async history(dataset: string): Promise<SnapshotVersion[]> {
    return this.stmtHistory.all(dataset).map(toVersion);
  }

  async versionRecord(dataset: string, version: number): Promise<SnapshotVersion | undefined> {
    const row = this.stmtVersionRecord.get(dataset, version);
    return row ? toVersion(row) : undefined;
  }

  async versionsAt(instant: number): Promise<VersionsAt> {
    return this.sqlite.transaction(() => ({
      inForce: this.stmtInForce.all(instant).map(toVersion),
      earliest: this.stmtEarliest.all().map((r) => ({ dataset: r.dataset, validFrom: r.valid_from })),
    }))();
  }

  async forgetVersions(dataset: string, versions: readonly number[]): Promise<void> {
    this.sqlite
      .transaction(() => {
        for (const v of versions) this.forgetVersion.run(dataset, v);
      })
      .immediate();
  }

  async recordFailure(dataset: string, source: string, now: number, error: string): Promise<void> {
    this.upsertFailure.run({ dataset, source, now, error });
  }

  async removeRecords(dataset: string, version: number, limit: number): Promise<number> {
    return this.sqlite.transaction(() => this.deleteVersion.run(dataset, version, limit).changes).immediate();
  }

  async staleVersions(dataset: string, upTo: number): Promise<number[]> {
    return this.stmtStale.all(dataset, dataset, upTo).map((r) => r.version);
  }

  async strayVersions(): Promise<{ dataset: string; version: number }[]> {
    return this.stmtStray.all();
  }

  async withDatasetLock<T>(_dataset: string, fn: () => Promise<T>): Promise<LockedRun<T>> {
    return { acquired: true, value: await fn() };
  }

  async close(): Promise<void> {}
}
