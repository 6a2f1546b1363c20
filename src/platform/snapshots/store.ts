import type { Db } from '../../../db/client.js';
import type { Clock } from '../clock.js';
import type Database from 'better-sqlite3';

export interface SnapshotMeta {
  dataset: string;
  version: number;
  fetchedAt: number;
  recordCount: number;
  source: string;
  info: Record<string, unknown>;
  lastAttemptAt: number;
  lastSuccessAt: number;
  lastError: string | null;
}

/** A decoded snapshot, held in memory until the dataset's next swap. */
export class Snapshot<R = unknown, I = Record<string, unknown>> {
  private readonly derived = new Map<string, unknown>();
  /** How each derived value was computed, so the next version can compute it before it is swapped in. */
  private readonly computes = new Map<string, (snapshot: never) => unknown>();
  constructor(
    readonly meta: SnapshotMeta,
    readonly records: readonly R[],
  ) {}
  get version(): number {
    return this.meta.version;
  }
  get fetchedAt(): number {
    return this.meta.fetchedAt;
  }
  get info(): I {
    return this.meta.info as I;
  }
  /** Computes a value from this snapshot once (indexes, scores, rankings) and reuses it until the swap. */
  derive<T>(key: string, compute: (snapshot: this) => T): T {
    if (!this.derived.has(key)) {
      this.derived.set(key, compute(this));
      this.computes.set(key, compute as (snapshot: never) => unknown);
    }
    return this.derived.get(key) as T;
  }

  /**
   * Computes, on this (not yet served) snapshot, every value the one it replaces had derived, one per
   * turn of the event loop: the first request after a swap then finds its indexes built. A compute
   * that fails is left for the request to run (and report) as before.
   */
  async deriveLike(previous: Snapshot<R, I>): Promise<void> {
    for (const [key, compute] of previous.computes) {
      if (this.derived.has(key)) continue;
      try {
        this.derive(key, compute as (snapshot: this) => unknown);
      } catch {
        // The request that needs it computes it again and meets the error there.
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

interface MetaRow {
  dataset: string;
  version: number;
  fetched_at: number;
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
    recordCount: row.record_count,
    source: row.source,
    info: JSON.parse(row.info) as Record<string, unknown>,
    lastAttemptAt: row.last_attempt_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
  };
}

/** Rows decoded between two yields to the event loop while a new version is decoded in the background. */
const DECODE_CHUNK = 2000;
/** A foreign swap of a snapshot up to this size is simply dropped and decoded on the next read (a few ms). */
const SYNC_DECODE_LIMIT = 5000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Read side of the snapshot tables. Each dataset is decoded once per version. When a dataset that is
 * already being served changes, the new version is decoded in chunks between requests and swapped in
 * whole once ready; the old one serves until then, so no request waits on a large decode. A swap made
 * by this process is installed before its ingestion reports success (the runner awaits `refresh`); one
 * made by another process sharing the file is noticed within `pollMs` (SQLite's data_version tells us
 * another connection committed).
 */
export class SnapshotStore {
  private readonly sqlite: Database.Database;
  private readonly cache = new Map<string, Snapshot<any, any>>();
  private readonly listeners = new Set<(dataset: string | undefined) => void>();
  private readonly stmtMeta: Database.Statement<[string], MetaRow>;
  private readonly stmtAllMeta: Database.Statement<[], MetaRow>;
  private readonly stmtVersions: Database.Statement<[], { dataset: string; version: number; record_count: number }>;
  private readonly stmtRecords: Database.Statement<[string, number], { payload: string }>;
  private readonly stmtRecordChunk: Database.Statement<[string, number, number, number], { payload: string }>;
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly refreshAgain = new Set<string>();
  private readonly stmtDataVersion: Database.Statement<[], { data_version: number }>;
  private dataVersion = -1;
  private nextPollAt = 0;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly pollMs = 1000,
  ) {
    this.sqlite = db.$client;
    this.stmtMeta = this.sqlite.prepare('SELECT * FROM snapshot_meta WHERE dataset = ?');
    this.stmtAllMeta = this.sqlite.prepare('SELECT * FROM snapshot_meta ORDER BY dataset');
    this.stmtVersions = this.sqlite.prepare('SELECT dataset, version, record_count FROM snapshot_meta');
    this.stmtRecords = this.sqlite.prepare('SELECT payload FROM snapshot_records WHERE dataset = ? AND version = ? ORDER BY seq');
    this.stmtRecordChunk = this.sqlite.prepare(
      'SELECT payload FROM snapshot_records WHERE dataset = ? AND version = ? AND seq >= ? AND seq < ? ORDER BY seq',
    );
    this.stmtDataVersion = this.sqlite.prepare('PRAGMA data_version');
  }

  /** The current snapshot of a dataset, or undefined when none has ever been ingested. */
  read<R, I = Record<string, unknown>>(dataset: string): Snapshot<R, I> | undefined {
    this.pollForeignWrites();
    const hit = this.cache.get(dataset);
    if (hit) return hit as Snapshot<R, I>;
    return this.load<R, I>(dataset);
  }

  /** Current version of a dataset (0 when it has none). Cheap: answered from the decoded cache. */
  version(dataset: string): number {
    return this.read(dataset)?.version ?? 0;
  }

  /** Metadata of every dataset that has ever been attempted, straight from the database. */
  allMeta(): SnapshotMeta[] {
    return this.stmtAllMeta.all().map(toMeta);
  }

  meta(dataset: string): SnapshotMeta | undefined {
    const row = this.stmtMeta.get(dataset);
    return row ? toMeta(row) : undefined;
  }

  /** Drops decoded state for one dataset (after a swap) or all of them (cache purge). */
  changed(dataset?: string): void {
    if (dataset === undefined) this.cache.clear();
    else this.cache.delete(dataset);
    for (const fn of this.listeners) fn(dataset);
  }

  /**
   * Brings a dataset's decoded snapshot up to its published version. One that was never read is only
   * dropped (decoded lazily on first use); one being served is decoded in chunks, yielding between
   * them, and replaces the old one in a single step. Calls for the same dataset coalesce.
   */
  refresh(dataset: string): Promise<void> {
    const running = this.refreshing.get(dataset);
    if (running) {
      this.refreshAgain.add(dataset);
      return running;
    }
    const task = (async () => {
      do {
        this.refreshAgain.delete(dataset);
        await this.decodeInBackground(dataset);
      } while (this.refreshAgain.has(dataset));
    })().finally(() => this.refreshing.delete(dataset));
    this.refreshing.set(dataset, task);
    return task;
  }

  onChange(fn: (dataset: string | undefined) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private load<R, I>(dataset: string): Snapshot<R, I> | undefined {
    const row = this.stmtMeta.get(dataset);
    if (!row || row.version === 0) return undefined;
    // Meta and rows are read in one read transaction, so a concurrent swap cannot mix them.
    const snapshot = this.sqlite.transaction(() => {
      const meta = toMeta(this.stmtMeta.get(dataset)!);
      const records = this.stmtRecords.all(dataset, meta.version).map((r) => JSON.parse(r.payload) as R);
      return new Snapshot<R, I>(meta, records);
    })();
    this.cache.set(dataset, snapshot);
    return snapshot;
  }

  /**
   * Decodes every published dataset not yet in memory, in chunks between requests (`mds serve` calls
   * it once listening), so no first request pays for a large decode.
   */
  async warm(): Promise<void> {
    for (const { dataset, version } of this.stmtVersions.all()) {
      if (version === 0 || this.cache.has(dataset) || this.refreshing.has(dataset)) continue;
      await this.decodeInBackground(dataset, true);
    }
  }

  private async decodeInBackground(dataset: string, evenIfUnread = false): Promise<void> {
    if (!this.cache.has(dataset) && !evenIfUnread) {
      this.changed(dataset);
      return;
    }
    try {
      // A newer version published mid-decode removes the rows being read; start over on the newest.
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = this.stmtMeta.get(dataset);
        if (!row || row.version === 0) break;
        if (this.cache.get(dataset)?.version === row.version) return;
        const meta = toMeta(row);
        const records: unknown[] = [];
        let complete = true;
        for (let from = 0; from < meta.recordCount; from += DECODE_CHUNK) {
          const rows = this.stmtRecordChunk.all(dataset, meta.version, from, from + DECODE_CHUNK);
          if (rows.length !== Math.min(DECODE_CHUNK, meta.recordCount - from)) {
            complete = false;
            break;
          }
          for (const r of rows) records.push(JSON.parse(r.payload));
          await yieldToEventLoop();
        }
        if (!complete) continue;
        const fresh = new Snapshot(meta, records);
        const serving = this.cache.get(dataset);
        if (serving) await fresh.deriveLike(serving);
        this.cache.set(dataset, fresh);
        for (const fn of this.listeners) fn(dataset);
        return;
      }
    } catch {
      // Fall through: the next read decodes the published version itself.
    }
    this.changed(dataset);
  }

  private pollForeignWrites(): void {
    const now = this.clock.now();
    if (now < this.nextPollAt) return;
    this.nextPollAt = now + this.pollMs;
    const dv = this.stmtDataVersion.get()!.data_version;
    if (dv === this.dataVersion) return;
    const first = this.dataVersion === -1;
    this.dataVersion = dv;
    if (first) return;
    for (const { dataset, version, record_count } of this.stmtVersions.all()) {
      const cached = this.cache.get(dataset);
      if (!cached || cached.version === version) continue;
      if (record_count <= SYNC_DECODE_LIMIT) this.changed(dataset);
      else void this.refresh(dataset);
    }
  }
}
