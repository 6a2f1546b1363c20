import type { Clock } from '../clock.js';
import { noteRead } from './data-time.js';
import type { SnapshotBackend, SnapshotMeta, SnapshotVersion } from './backend.js';
import { HistoryView, historicalMeta, type HistoricalReads } from './as-of.js';

export type { SnapshotMeta } from './backend.js';

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
  /** The moment the rows describe (the data's time): what every time window of an answer is measured from. */
  get capturedAt(): number {
    return this.meta.capturedAt;
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

/**
 * Work a dataset's new snapshot needs before any reader sees it (an external search index written,
 * vectors computed): given the new version and the one it replaces (undefined when none is in
 * memory). A failure is the preparer's to report; the version is served all the same.
 */
export type SnapshotPreparer = (fresh: Snapshot<any, any>, serving: Snapshot<any, any> | undefined) => Promise<void>;
/** Retained versions kept decoded for `as_of` reads: at most this many, holding at most this many rows together. */
const HISTORY_VERSIONS = 64;
const HISTORY_ROWS = 500_000;

/** Rows decoded between two yields to the event loop while a new version is decoded in the background. */
const DECODE_CHUNK = 2000;
/** A foreign swap of a snapshot up to this size is simply dropped and decoded on the next read (a few ms). */
const SYNC_DECODE_LIMIT = 5000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Read side of the snapshot tables. Each dataset is decoded once per version. When a dataset that is
 * already being served changes, the new version is decoded in chunks between requests and swapped in
 * whole once ready; the old one serves until then, so no request waits on a large decode. A swap made
 * by this process is installed before its ingestion reports success (the runner awaits `refresh`).
 *
 * Storage comes through a SnapshotBackend. With SQLite's synchronous reads a dataset is decoded on
 * its first read, and a swap by another process sharing the file is noticed within `pollMs` on the
 * request path (SQLite's data_version tells us another connection committed). PostgreSQL has no
 * synchronous read: `start()` decodes every published dataset, metadata is mirrored in memory, and a
 * background poll every `pollMs` picks up what other nodes published.
 */
export class SnapshotStore {
  private readonly cache = new Map<string, Snapshot<any, any>>();
  private readonly listeners = new Set<(dataset: string | undefined) => void>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly refreshAgain = new Set<string>();
  private dataVersion = -1;
  private nextPollAt = 0;
  /** Metadata mirrored from a backend without synchronous reads. */
  private readonly metaMirror = new Map<string, SnapshotMeta>();
  private polling: Promise<void> | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  /** Datasets to decode again even at the version already served (after a purge). */
  private readonly reread = new Set<string>();
  /** Metadata reads from the shared store, numbered as they start; and, per dataset, the one held. */
  private metaReads = 0;
  private readonly metaReadAt = new Map<string, number>();
  /** Datasets read as absent whatever is stored (a relay that is not configured). */
  private readonly withheld = new Set<string>();
  private readonly preparers = new Map<string, SnapshotPreparer>();
  /** Snapshots their dataset's preparer has run on. */
  private readonly prepared = new WeakSet<Snapshot<any, any>>();
  /** Retained (not current) versions decoded for `as_of` reads, by `dataset@version`, least recently used first. */
  private readonly historical = new Map<string, Snapshot<any, any>>();

  constructor(
    readonly backend: SnapshotBackend,
    private readonly clock: Clock,
    private readonly pollMs = 1000,
  ) {}

  /**
   * Gets the store ready to serve. SQLite: nothing to do (datasets decode on first read). PostgreSQL:
   * mirrors every dataset's metadata, decodes every published snapshot, then polls in the background.
   */
  async start(): Promise<void> {
    if (this.backend.sync) return;
    await this.pollBackend(true);
    this.pollTimer ??= setInterval(() => void this.pollOnce(), this.pollMs > 0 ? this.pollMs : 1000);
    this.pollTimer.unref();
  }

  /** Stops the background poll and releases the backend's connections. */
  async close(): Promise<void> {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    await this.polling?.catch(() => undefined);
    await Promise.allSettled([...this.refreshing.values()]);
    await this.backend.close();
  }

  /**
   * Serves these datasets as absent from now on, whatever is stored: their source is not configured,
   * so a stored snapshot (even a loaded sample) is not current data.
   */
  withhold(datasets: Iterable<string>): void {
    for (const name of datasets) this.withheld.add(name);
  }

  /** Whether a dataset is served as absent whatever is stored (`withhold`). */
  isWithheld(dataset: string): boolean {
    return this.withheld.has(dataset);
  }

  /**
   * Registers the work a dataset's snapshots need before they serve. Every new version this process
   * decodes runs it before the swap: after an ingestion here (the runner awaits `refresh`, so the
   * work is done when the ingestion reports success), after another process's or node's swap, and
   * in `warm()` at start. Such a dataset is therefore decoded as soon as it changes, even on SQLite
   * where others wait for their first read. A snapshot read lazily before that (SQLite, the first
   * moments after a start) serves unprepared until `warm()` prepares it.
   */
  beforeServing(dataset: string, prepare: SnapshotPreparer): void {
    this.preparers.set(dataset, prepare);
  }

  /**
   * The current snapshot of a dataset, or undefined when none has ever been ingested or the dataset
   * is withheld.
   */
  read<R, I = Record<string, unknown>>(dataset: string): Snapshot<R, I> | undefined {
    if (this.withheld.has(dataset)) return undefined;
    this.pollForeignWrites();
    const snapshot =
      (this.cache.get(dataset) as Snapshot<R, I> | undefined) ??
      (this.backend.sync ? this.load<R, I>(dataset) : undefined);
    // The answer being made read it: its capture counts toward the answer's Last-Modified.
    if (snapshot) noteRead(snapshot);
    return snapshot;
  }

  /**
   * A request-scoped view of the store as it was at `instant` (epoch ms): every read answers with the
   * version that was being served then (see as-of.ts). Reads the history index once.
   */
  async at(instant: number): Promise<HistoryView> {
    const { inForce, earliest } = await this.backend.versionsAt(instant);
    const reads: HistoricalReads = {
      withheld: (dataset) => this.withheld.has(dataset),
      current: (dataset) => this.read(dataset),
      cached: (v) => this.cachedVersion(v),
      decodeNow: this.backend.sync ? (v) => this.decodeVersionNow(v) : undefined,
      decode: (v) => this.decodeVersion(v),
    };
    return new HistoryView(this, instant, inForce, earliest, reads);
  }

  /** Drops every decoded retained version of one dataset or of all (a cache purge: the database is the truth). */
  purgeHistory(dataset?: string): void {
    for (const key of [...this.historical.keys()])
      if (dataset === undefined || key.startsWith(`${dataset}@`)) this.historical.delete(key);
  }

  /** Drops decoded copies of versions the runner has just pruned. */
  forgetHistory(dataset: string, versions: readonly number[]): void {
    for (const v of versions) this.historical.delete(`${dataset}@${v}`);
  }

  private cachedVersion(v: SnapshotVersion): Snapshot<any, any> | undefined {
    const key = `${v.dataset}@${v.version}`;
    const hit = this.historical.get(key);
    if (hit) {
      this.historical.delete(key);
      this.historical.set(key, hit);
    }
    return hit;
  }

  private keepVersion(v: SnapshotVersion, snapshot: Snapshot<any, any>): Snapshot<any, any> {
    this.historical.set(`${v.dataset}@${v.version}`, snapshot);
    let rows = 0;
    for (const s of this.historical.values()) rows += s.records.length;
    // Bounded by rows held (a month of a large dataset's versions would not fit in memory).
    for (const [key, s] of this.historical) {
      if (this.historical.size <= 1 || (rows <= HISTORY_ROWS && this.historical.size <= HISTORY_VERSIONS)) break;
      this.historical.delete(key);
      rows -= s.records.length;
    }
    return snapshot;
  }

  /** SQLite: a retained version's rows read and decoded at once; undefined when they are gone (pruned meanwhile). */
  private decodeVersionNow(v: SnapshotVersion): Snapshot<any, any> | undefined {
    const payloads = this.backend.sync!.readVersion(v.dataset, v.version);
    if (payloads.length !== v.recordCount) return undefined;
    return this.keepVersion(
      v,
      new Snapshot(
        historicalMeta(v),
        payloads.map((p) => JSON.parse(p) as unknown),
      ),
    );
  }

  /** A retained version decoded in chunks, yielding between them; undefined when its rows are gone. */
  private async decodeVersion(v: SnapshotVersion): Promise<Snapshot<any, any> | undefined> {
    const hit = this.cachedVersion(v);
    if (hit) return hit;
    const records: unknown[] = [];
    for (let from = 0; from < v.recordCount; from += DECODE_CHUNK) {
      const rows = await this.backend.readChunk(v.dataset, v.version, from, from + DECODE_CHUNK);
      if (rows.length !== Math.min(DECODE_CHUNK, v.recordCount - from)) return undefined;
      for (const r of rows) records.push(JSON.parse(r));
      await yieldToEventLoop();
    }
    return this.keepVersion(v, new Snapshot(historicalMeta(v), records));
  }

  /** Current version of a dataset (0 when it has none). Cheap: answered from the decoded cache. */
  version(dataset: string): number {
    return this.read(dataset)?.version ?? 0;
  }

  /** Metadata of every dataset that has ever been attempted (SQLite: straight from the database). */
  allMeta(): SnapshotMeta[] {
    if (this.backend.sync) return this.backend.sync.allMeta();
    return [...this.metaMirror.values()].sort((a, b) => (a.dataset < b.dataset ? -1 : a.dataset > b.dataset ? 1 : 0));
  }

  meta(dataset: string): SnapshotMeta | undefined {
    if (this.backend.sync) return this.backend.sync.meta(dataset);
    return this.metaMirror.get(dataset);
  }

  /** Re-reads one dataset's metadata after this process recorded something about it (a failed run). */
  async reloadMeta(dataset: string): Promise<void> {
    if (this.backend.sync) return;
    const meta = await this.backend.meta(dataset);
    if (meta) this.mirror(meta);
  }

  /**
   * Holds a dataset's metadata as read from the shared store. A read that started before the held one
   * was read (a background poll overtaken by a reload after this process's own write) is older, and
   * never replaces it: health would otherwise show the state from before a failure just recorded.
   */
  private mirror(meta: SnapshotMeta, readStartedAt = ++this.metaReads): void {
    if ((this.metaReadAt.get(meta.dataset) ?? 0) > readStartedAt) return;
    this.metaReadAt.set(meta.dataset, readStartedAt);
    this.metaMirror.set(meta.dataset, meta);
  }

  /**
   * Drops decoded state for one dataset (after a swap) or all of them (cache purge). Without
   * synchronous reads nothing could decode a dropped snapshot on the next read, so there the rows
   * are kept in a fresh Snapshot (every derived value is recomputed) and re-read from the database
   * in the background, replacing it once decoded.
   */
  changed(dataset?: string): void {
    const names = dataset === undefined ? [...this.cache.keys()] : [dataset];
    for (const name of names) {
      const snap = this.cache.get(name);
      if (this.backend.sync || !snap) {
        this.cache.delete(name);
      } else {
        this.cache.set(name, new Snapshot(snap.meta, snap.records));
        this.reread.add(name);
        void this.refresh(name);
      }
    }
    for (const fn of this.listeners) fn(dataset);
  }

  /**
   * Brings a dataset's decoded snapshot up to its published version. With synchronous reads, one that
   * was never read is only dropped (decoded lazily on first use); otherwise it is decoded in chunks,
   * yielding between them, and replaces the old one in a single step. Calls for the same dataset coalesce.
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
    const current = this.backend.sync!.readCurrent(dataset);
    if (!current || current.meta.version === 0) return undefined;
    const snapshot = new Snapshot<R, I>(
      current.meta,
      current.payloads.map((p) => JSON.parse(p) as R),
    );
    this.cache.set(dataset, snapshot);
    return snapshot;
  }

  /**
   * Decodes every published dataset not yet in memory, in chunks between requests (`mds serve` calls
   * it once listening), so no first request pays for a large decode.
   */
  async warm(): Promise<void> {
    for (const { dataset, version } of await this.backend.allMeta()) {
      if (version === 0 || this.cache.has(dataset) || this.refreshing.has(dataset)) continue;
      await this.decodeInBackground(dataset, true);
    }
    // Snapshots a first read decoded (SQLite) before this ran: prepared now, still off any request.
    for (const dataset of this.preparers.keys()) {
      const snap = this.cache.get(dataset);
      if (snap && !this.prepared.has(snap)) await this.prepare(dataset, snap, undefined);
    }
  }

  private async decodeInBackground(dataset: string, evenIfUnread = false): Promise<void> {
    const lazy = this.backend.sync !== undefined;
    if (lazy && !this.cache.has(dataset) && !evenIfUnread && !this.preparers.has(dataset)) {
      this.changed(dataset);
      return;
    }
    try {
      // A newer version published mid-decode removes the rows being read; start over on the newest.
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = ++this.metaReads;
        const meta = await this.backend.meta(dataset);
        if (!lazy && meta) this.mirror(meta, started);
        if (!lazy && !meta && (this.cache.has(dataset) || this.metaMirror.has(dataset))) {
          // Its row is gone from the shared store: serve nothing, as SQLite's next read would.
          this.cache.delete(dataset);
          this.metaMirror.delete(dataset);
          for (const fn of this.listeners) fn(dataset);
          return;
        }
        if (!meta || meta.version === 0) break;
        if (this.cache.get(dataset)?.version === meta.version && !this.reread.delete(dataset)) return;
        const records: unknown[] = [];
        let complete = true;
        for (let from = 0; from < meta.recordCount; from += DECODE_CHUNK) {
          const rows = await this.backend.readChunk(dataset, meta.version, from, from + DECODE_CHUNK);
          if (rows.length !== Math.min(DECODE_CHUNK, meta.recordCount - from)) {
            complete = false;
            break;
          }
          for (const r of rows) records.push(JSON.parse(r));
          await yieldToEventLoop();
        }
        if (!complete) continue;
        const fresh = new Snapshot(meta, records);
        const serving = this.cache.get(dataset);
        if (serving && serving.version < meta.version) await fresh.deriveLike(serving);
        await this.prepare(dataset, fresh, serving);
        // Another decode of a newer version may have finished while this one awaited the database or derived.
        if ((this.cache.get(dataset)?.version ?? 0) > meta.version) return;
        this.cache.set(dataset, fresh);
        for (const fn of this.listeners) fn(dataset);
        return;
      }
    } catch {
      // Fall through: SQLite's next read decodes the published version itself; elsewhere the old
      // snapshot keeps serving and the next poll tries again.
    }
    if (lazy) this.changed(dataset);
  }

  private async prepare(dataset: string, fresh: Snapshot<any, any>, serving: Snapshot<any, any> | undefined) {
    const prepare = this.preparers.get(dataset);
    if (!prepare) return;
    try {
      await prepare(fresh, serving);
    } catch {
      // The preparer reports its own failures; the data serves regardless.
    }
    this.prepared.add(fresh);
  }

  /** SQLite: on the request path, at most once per `pollMs`. PostgreSQL: starts a background poll when one is due. */
  private pollForeignWrites(): void {
    const now = this.clock.now();
    if (now < this.nextPollAt) return;
    this.nextPollAt = now + this.pollMs;
    const sync = this.backend.sync;
    if (!sync) {
      void this.pollOnce();
      return;
    }
    const dv = sync.dataVersion();
    if (dv === this.dataVersion) return;
    const first = this.dataVersion === -1;
    this.dataVersion = dv;
    if (first) return;
    for (const { dataset, version, recordCount } of sync.versions()) {
      const cached = this.cache.get(dataset);
      if (!cached || cached.version === version) continue;
      // A dataset with a preparer is never simply dropped: its next version is prepared before it serves.
      if (recordCount <= SYNC_DECODE_LIMIT && !this.preparers.has(dataset)) this.changed(dataset);
      else void this.refresh(dataset);
    }
  }

  /** Polls now instead of at the next tick: a snapshot-change notice from another node (Redis) says it is worth it. */
  pollNow(): Promise<void> {
    return this.backend.sync ? Promise.resolve() : this.pollOnce();
  }

  /** One background poll at a time; a failed one (database unreachable) leaves everything as it was. */
  private pollOnce(): Promise<void> {
    this.polling ??= this.pollBackend(false)
      .catch(() => undefined)
      .finally(() => (this.polling = undefined));
    return this.polling;
  }

  /** Mirrors every dataset's metadata and decodes each version that differs from the one served. */
  private async pollBackend(waitForDecodes: boolean): Promise<void> {
    const decodes: Promise<void>[] = [];
    const started = ++this.metaReads;
    for (const meta of await this.backend.allMeta()) {
      this.mirror(meta, started);
      if (meta.version > 0 && this.cache.get(meta.dataset)?.version !== meta.version)
        decodes.push(this.refresh(meta.dataset));
    }
    if (waitForDecodes) await Promise.all(decodes);
  }
}
