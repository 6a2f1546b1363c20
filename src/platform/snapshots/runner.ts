import fs from 'node:fs';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import {
  isReferenceSource,
  unsetRequirements,
  type AnyDataset,
  type DerivedInputs,
  type InputSnapshot,
  type Parsed,
} from './dataset.js';
import { redactorFor } from '../secrets.js';
import { fetchSource } from './fetch.js';
import { isRequestLog, replayRecorded } from './request-log.js';
import { sampleCaptures } from './catalogue.js';
import type { Snapshot, SnapshotStore } from './store.js';
import { dataTime } from './data-time.js';
import { servesSample, type SnapshotBackend, type SnapshotOrigin } from './backend.js';
import { bundledFile } from './samples.js';
import { digestReferencePayloads, REFERENCE_DIGEST_KEY } from './reference.js';
import { ContentHash, versionsToPrune } from './history.js';

export interface IngestResult {
  dataset: string;
  ok: boolean;
  version: number;
  recordCount: number;
  error?: string;
  partialSources?: string[];
  /** True when another node held the dataset's ingestion lock, so this run did nothing. */
  skipped?: boolean;
  /**
   * Nothing was published: the run found exactly the current version's content (its validity was
   * extended, history.ts), or a derived dataset's inputs had not changed since its current snapshot.
   * Nothing derived from it needs recomputing.
   */
  unchanged?: boolean;
}

export type PayloadOrigin =
  | { kind: 'live' }
  | { kind: 'samples' }
  | { kind: 'files'; files: Record<string, string> }
  | { kind: 'bytes'; payloads: Partial<Record<string, Buffer>> };

export interface IngestOptions {
  origin: PayloadOrigin;
  /** Skip the row-count collapse guard (operator override). */
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (phase: string, done?: number, total?: number) => void;
  /**
   * Skip (result `skipped`) when any node attempted this dataset less than this many ms ago: with a
   * scheduler on every node of a cluster, a dataset is then refreshed once per interval, not once per node.
   */
  unlessAttemptedWithinMs?: number;
  /** Skip (result `skipped`) when the dataset already has a snapshot, checked under the dataset lock (first-run samples on several nodes). */
  onlyIfEmpty?: boolean;
}

export class IngestError extends Error {
  override name = 'IngestError';
}

/** Rows per write transaction: small enough that no lock is held for long, big enough to stay fast. */
const WRITE_CHUNK = 5000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs datasets through fetch -> parse -> check -> swap. The swap publishes in one small transaction:
 * the previous rows serve until it commits, and any failure before or during it leaves them in place
 * and records the error against the dataset. Storage is a SnapshotBackend (SQLite or PostgreSQL);
 * with PostgreSQL each dataset is ingested by one node at a time (the backend's dataset lock).
 */
export class IngestionRunner {
  private readonly inFlight = new Set<string>();
  /** Failures the database could not record (disk full): health still reports them. */
  private readonly unrecorded = new Map<string, { at: number; error: string }>();
  /** Told of every finished run, success or failure (for metrics and logs). */
  observer?: (result: IngestResult) => void;
  private captures?: Record<string, string>;

  constructor(
    private readonly backend: SnapshotBackend,
    private readonly store: SnapshotStore,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** When a dataset's bundled sample was captured (db/samples/captures.json), else now. */
  private sampleMoment(dataset: AnyDataset): number {
    this.captures ??= sampleCaptures();
    const at = this.captures[dataset.name];
    return at === undefined ? this.clock.now() : Date.parse(at);
  }

  /** The last failure of a dataset that could not be written to snapshot_meta (the database was full). */
  unrecordedFailure(dataset: string): { at: number; error: string } | undefined {
    return this.unrecorded.get(dataset);
  }

  /**
   * At start: removes rows of versions that are neither the published one nor a retained one, left
   * by runs that died (killed, crashed) before publishing or while pruning history. A run in
   * another process that is still writing would find its rows gone and refuse to publish.
   */
  async removeDeadStaging(): Promise<number> {
    let removed = 0;
    for (const { dataset, version } of await this.backend.strayVersions()) {
      if (this.inFlight.has(dataset)) continue;
      // In a cluster, a dataset whose lock another node holds is being written right now: not dead.
      const done = await this.backend.withDatasetLock(dataset, () => this.removeVersion(dataset, version));
      if (done.acquired) removed++;
    }
    return removed;
  }

  async run(dataset: AnyDataset, options: IngestOptions): Promise<IngestResult> {
    const result = await this.runOnce(dataset, options);
    this.observer?.(result);
    return result;
  }

  private async runOnce(dataset: AnyDataset, options: IngestOptions): Promise<IngestResult> {
    if (this.inFlight.has(dataset.name)) {
      return {
        dataset: dataset.name,
        ok: false,
        version: await this.currentVersion(dataset.name),
        recordCount: 0,
        error: 'an ingestion of this dataset is already running',
      };
    }
    this.inFlight.add(dataset.name);
    try {
      // One node at a time per dataset across a cluster; the others skip rather than queue behind it.
      const locked = await this.backend.withDatasetLock(dataset.name, () => this.ingest(dataset, options));
      if (locked.acquired) return locked.value;
      return {
        dataset: dataset.name,
        ok: false,
        skipped: true,
        version: await this.currentVersion(dataset.name),
        recordCount: 0,
        error: 'another node is ingesting this dataset right now; skipped',
      };
    } catch (err) {
      // The lock itself could not be taken (database unreachable).
      const message = redactorFor(this.config)(err instanceof Error ? err.message : String(err));
      return {
        dataset: dataset.name,
        ok: false,
        version: await this.currentVersion(dataset.name),
        recordCount: 0,
        error: message,
      };
    } finally {
      this.inFlight.delete(dataset.name);
    }
  }

  private async ingest(dataset: AnyDataset, options: IngestOptions): Promise<IngestResult> {
    if (options.unlessAttemptedWithinMs !== undefined || options.onlyIfEmpty) {
      const meta = await this.backend.meta(dataset.name);
      if (
        meta &&
        options.unlessAttemptedWithinMs !== undefined &&
        this.clock.now() - meta.lastAttemptAt < options.unlessAttemptedWithinMs
      ) {
        return {
          dataset: dataset.name,
          ok: false,
          skipped: true,
          version: meta.version,
          recordCount: 0,
          error: 'attempted recently (by this or another node); skipped',
        };
      }
      if (meta && options.onlyIfEmpty && meta.version > 0) {
        // Another node got there first: make sure this one serves what it published.
        await this.store.refresh(dataset.name);
        return {
          dataset: dataset.name,
          ok: false,
          skipped: true,
          version: meta.version,
          recordCount: 0,
          error: 'the dataset already has a snapshot; skipped',
        };
      }
    }
    try {
      if (dataset.derive) return await this.deriveFromInputs(dataset, options);
      const moment = this.moment(dataset, options);
      const { payloads, missing, failures, referenceDigest } = await this.collect(dataset, options);
      options.onProgress?.('parse');
      // A history dataset appends to the current rows: in a cluster they may have come from another node.
      if (!this.backend.sync) await this.store.refresh(dataset.name);
      const current = this.store.read(dataset.name);
      const previous = current ? { records: current.records, info: current.info } : undefined;
      // Parsers measure their windows from the data's time: a sample's capture, a live fetch's start.
      const parsed = dataset.parse(payloads, moment.capturedAt, previous) as Parsed<unknown>;
      if (!parsed || !Array.isArray(parsed.records)) throw new IngestError('parser returned no record list');
      await this.check(dataset, parsed, options, failures);
      const info = {
        ...(parsed.info ?? {}),
        ...(missing.length ? { missingSources: missing } : {}),
        // Which contents of the repository's reference files this snapshot holds (a start reloads on change).
        ...(referenceDigest ? { [REFERENCE_DIGEST_KEY]: referenceDigest } : {}),
      };
      return await this.publishRows(dataset, parsed.records, info, moment, options, missing);
    } catch (err) {
      // Every message leaving the runner (result, stored meta, logs, CLI) has the secrets taken out.
      const message = redactorFor(this.config)(err instanceof Error ? err.message : String(err));
      await this.recordFailure(dataset, message);
      return {
        dataset: dataset.name,
        ok: false,
        version: await this.currentVersion(dataset.name),
        recordCount: 0,
        error: message,
      };
    }
  }

  /** How a run's rows are produced and the moment they describe (see SnapshotMeta.capturedAt). */
  private moment(dataset: AnyDataset, options: IngestOptions): { capturedAt: number; origin: SnapshotOrigin } {
    const now = this.clock.now();
    // A recorded dataset seeded from its bundled history serves a sample, of the sample's time.
    if (dataset.kind === 'recorded' && options.origin.kind === 'samples')
      return { capturedAt: this.sampleMoment(dataset), origin: 'sample' };
    if (dataset.kind === 'recorded') return { capturedAt: now, origin: 'recorded' };
    if (dataset.kind === 'reference') return { capturedAt: now, origin: 'reference' };
    switch (options.origin.kind) {
      case 'live':
        return { capturedAt: now, origin: 'live' };
      case 'samples':
        return { capturedAt: this.sampleMoment(dataset), origin: 'sample' };
      default:
        return { capturedAt: now, origin: 'file' };
    }
  }

  /**
   * A derived dataset: its model over the current snapshots of its inputs, at the newest input's
   * time. Nothing is published when the input versions are those the current snapshot was computed
   * from (unless forced), so an appended history grows only with new data.
   */
  private async deriveFromInputs(dataset: AnyDataset, options: IngestOptions): Promise<IngestResult> {
    const names = dataset.inputs ?? [];
    const inputs: Record<string, InputSnapshot | undefined> = {};
    const inputVersions: Record<string, number> = {};
    const read: Snapshot[] = [];
    let at = -Infinity;
    for (const name of names) {
      if (!this.backend.sync) await this.store.refresh(name);
      const snapshot = this.store.read(name);
      if (!snapshot) continue;
      inputs[name] = {
        records: snapshot.records,
        info: snapshot.info,
        version: snapshot.version,
        capturedAt: snapshot.capturedAt,
      };
      inputVersions[name] = snapshot.version;
      at = Math.max(at, snapshot.capturedAt);
      read.push(snapshot);
    }
    if (at === -Infinity) throw new IngestError(`none of its inputs has a snapshot yet (${names.join(', ')})`);
    // The inputs' data time: a reference table's capture is only when it was loaded, so it counts only
    // when every input is one.
    at = dataTime(read) || at;
    if (!this.backend.sync) await this.store.refresh(dataset.name);
    const current = this.store.read(dataset.name);
    if (current && !options.force && sameVersions(current.info.inputVersions, inputVersions)) {
      // Still what its inputs give: confirmed current now (health ages it from this), nothing stored.
      await this.backend.confirm(dataset.name, current.version, this.clock.now());
      await this.store.reloadMeta(dataset.name);
      return {
        dataset: dataset.name,
        ok: true,
        unchanged: true,
        version: current.version,
        recordCount: current.records.length,
      };
    }
    options.onProgress?.('derive');
    const previous = current ? { records: current.records, info: current.info } : undefined;
    const parsed = dataset.derive!(inputs as DerivedInputs, at, previous) as Parsed<unknown>;
    if (!parsed || !Array.isArray(parsed.records)) throw new IngestError('the model returned no record list');
    await this.check(dataset, parsed, options, []);
    // Computed from bundled samples (directly or through another model): health says SAMPLE, not OK.
    const sampleInputs = read.filter((s) => servesSample(s.meta)).map((s) => s.meta.dataset);
    const info = { ...(parsed.info ?? {}), inputVersions, ...(sampleInputs.length ? { sampleInputs } : {}) };
    return this.publishRows(dataset, parsed.records, info, { capturedAt: at, origin: 'derived' }, options);
  }

  /**
   * Stores the rows as a new version (or confirms the current one when the content is equal), makes
   * this process serve the result, and says what happened.
   */
  private async publishRows(
    dataset: AnyDataset,
    records: unknown[],
    info: Record<string, unknown>,
    moment: { capturedAt: number; origin: SnapshotOrigin },
    options: IngestOptions,
    missing: string[] = [],
  ): Promise<IngestResult> {
    const { version, unchanged } = await this.swap(dataset, records, info, moment, options.onProgress);
    if (unchanged) await this.store.reloadMeta(dataset.name);
    else await this.store.refresh(dataset.name);
    this.unrecorded.delete(dataset.name);
    return {
      dataset: dataset.name,
      ok: true,
      version,
      recordCount: records.length,
      ...(missing.length ? { partialSources: missing } : {}),
      ...(unchanged ? { unchanged } : {}),
    };
  }

  private async collect(dataset: AnyDataset, options: IngestOptions) {
    const payloads: Partial<Record<string, Buffer>> = {};
    const missing: string[] = [];
    const failures: string[] = [];
    const referenceFiles: [string, Buffer][] = [];
    const origin = options.origin;
    const sources = Object.entries(dataset.sources);
    let signal = options.signal;
    let deadline: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    if (origin.kind === 'live' && (dataset.kind === 'derived' || dataset.kind === 'recorded')) {
      throw new IngestError(
        dataset.kind === 'derived'
          ? 'a derived dataset is computed from other snapshots; it has no upstream to fetch'
          : "a recorded dataset grows through the service's own operations; it has no upstream to fetch",
      );
    }
    if (origin.kind === 'live' && dataset.kind !== 'reference') {
      const unset = [
        ...new Set(
          sources.filter(([, s]) => !s.optional).flatMap(([, s]) => unsetRequirements(s.requires, this.config)),
        ),
      ];
      if (unset.length) {
        throw new IngestError(
          `live ingestion needs ${unset.join(', ')}, which ${unset.length > 1 ? 'are' : 'is'} not set; no request was made (the bundled sample still loads with --samples)`,
        );
      }
      const ms = this.config.UPSTREAM_DATASET_TIMEOUT_MS;
      deadline = Date.now() + ms;
      const overall = new AbortController();
      timer = setTimeout(
        () => overall.abort(new IngestError(`dataset deadline of ${ms} ms exceeded (UPSTREAM_DATASET_TIMEOUT_MS)`)),
        ms,
      );
      signal = options.signal ? AbortSignal.any([options.signal, overall.signal]) : overall.signal;
    }
    try {
      for (const [key, source] of sources) {
        options.onProgress?.(`fetch ${key}`);
        try {
          if (origin.kind === 'bytes') {
            if (origin.payloads[key] === undefined) throw new IngestError(`no payload given for source "${key}"`);
            payloads[key] = origin.payloads[key];
          } else if (origin.kind === 'files') {
            const file = origin.files[key];
            if (file === undefined) throw new IngestError(`no file given for source "${key}"`);
            payloads[key] = fs.readFileSync(file);
          } else if (isReferenceSource(source)) {
            // A reference table is its file in the repository: live and sample loads both read it.
            const bytes = fs.readFileSync(bundledFile(source));
            payloads[key] = bytes;
            referenceFiles.push([key, bytes]);
          } else if (origin.kind === 'samples') {
            const sample = bundledFile(source);
            // A source sampled as its several requests runs its own fetch over them (fetch.ts).
            payloads[key] = isRequestLog(source.sample)
              ? await replayRecorded(source, sample, this.config, this.sampleMoment(dataset))
              : fs.readFileSync(sample);
          } else {
            const unset = unsetRequirements(source.requires, this.config);
            if (unset.length) throw new IngestError(`${unset.join(', ')} not set; not requested`);
            payloads[key] = await fetchSource(source, this.config, { signal, deadline, now: this.clock.now() });
          }
        } catch (err) {
          if (!source.optional) throw err;
          missing.push(key);
          failures.push(`${key}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    } finally {
      clearTimeout(timer);
    }
    // With every source down, say why rather than "no rows". The repository's own reference files
    // never fail, so they alone do not make a reading when every upstream beside them is down.
    const upstream = sources.filter(([, s]) => !isReferenceSource(s));
    if (upstream.length > 0 && upstream.every(([key]) => missing.includes(key)))
      throw new IngestError(`every source failed: ${failures.join('; ')}`);
    const referenceDigest = referenceFiles.length ? digestReferencePayloads(referenceFiles) : undefined;
    return { payloads, missing, failures, referenceDigest };
  }

  private async check(
    dataset: AnyDataset,
    parsed: Parsed<unknown>,
    options: IngestOptions,
    failures: string[],
  ): Promise<void> {
    const force = options.force === true;
    const count = parsed.records.length;
    const meta = await this.backend.meta(dataset.name);
    const previous = meta && { version: meta.version, record_count: meta.recordCount };
    if (count === 0 && !dataset.allowEmpty) {
      // "No rows" is only claimed of an upstream that answered; a failed source is named with its cause.
      if (failures.length)
        throw new IngestError(`no rows; sources unavailable: ${failures.join('; ')}; keeping the previous snapshot`);
      const what = dataset.derive
        ? 'the model produced no rows'
        : options.origin.kind === 'live'
          ? 'upstream returned no rows'
          : 'the payload held no rows';
      throw new IngestError(`${what}; keeping the previous snapshot`);
    }
    // For a dataset where "nothing today" is a real answer (no active alerts), empty is not a collapse.
    if (force || !previous || previous.version === 0 || (count === 0 && dataset.allowEmpty)) return;
    const ratio = dataset.minRetainedRatio ?? 0.25;
    if (previous.record_count >= 8 && count < previous.record_count * ratio) {
      throw new IngestError(
        `row count collapsed from ${previous.record_count} to ${count} (below ${ratio * 100}% of the previous snapshot); keeping the previous snapshot ` +
          `(if the drop is real, accept it with: mds ingest ${dataset.name} --force)`,
      );
    }
  }

  /**
   * Serialises the rows and hashes them with the info. Content equal to the current version's is
   * not stored again: the current version is confirmed (its validity extended) in one small
   * transaction. Otherwise the rows are staged under a fresh version in transactions of WRITE_CHUNK
   * rows, yielding to the event loop between them, then the version is published in one small
   * transaction and history beyond retention is removed the same way. No lock is held for longer
   * than one chunk, so requests (and their rate-limit writes) in this or another process are never
   * stalled behind a large ingestion. A failure before publishing leaves the old version current
   * and its staged rows are removed.
   */
  private async swap(
    dataset: AnyDataset,
    records: unknown[],
    info: Record<string, unknown>,
    moment: { capturedAt: number; origin: SnapshotOrigin },
    onProgress: IngestOptions['onProgress'],
  ): Promise<{ version: number; unchanged: boolean }> {
    const name = dataset.name;
    const payloads: string[] = new Array(records.length);
    const content = new ContentHash();
    for (let from = 0; from < records.length; from += WRITE_CHUNK) {
      const to = Math.min(records.length, from + WRITE_CHUNK);
      for (let i = from; i < to; i++) content.row((payloads[i] = JSON.stringify(records[i])));
      if (to < records.length) await yieldToEventLoop();
    }
    const infoText = JSON.stringify(info);
    const contentHash = content.digest(infoText, moment.origin);
    const meta = await this.backend.meta(name);
    if (meta && meta.version > 0) {
      const current = await this.backend.versionRecord(name, meta.version);
      if (current?.contentHash === contentHash && (await this.backend.confirm(name, meta.version, this.clock.now()))) {
        await this.prune(name);
        return { version: meta.version, unchanged: true };
      }
    }
    const version = await this.backend.allocateVersion(name, dataset.source);
    try {
      for (let from = 0; from < payloads.length; from += WRITE_CHUNK) {
        const to = Math.min(payloads.length, from + WRITE_CHUNK);
        await this.backend.writeRecords(name, version, from, payloads.slice(from, to));
        onProgress?.('write', to, payloads.length);
        await yieldToEventLoop();
      }
      const outcome = await this.backend.publish({
        dataset: name,
        version,
        now: this.clock.now(),
        capturedAt: moment.capturedAt,
        origin: moment.origin,
        count: payloads.length,
        source: dataset.source,
        info: infoText,
        contentHash,
      });
      // A start-up cleanup in another process may have taken staged rows of this run for a dead one's.
      if (outcome === 'rows-missing')
        throw new IngestError('staged rows were removed while this run was writing; keeping the previous snapshot');
      if (outcome === 'superseded')
        throw new IngestError('a newer snapshot was published while this one was being written; keeping the newer one');
    } catch (err) {
      await this.removeVersion(name, version).catch(() => undefined);
      throw err;
    }
    await this.removeStale(name, version);
    await this.prune(name);
    return { version, unchanged: false };
  }

  /** Deletes one version's rows in chunks (staged rows of a failed run, or a version out of retention). */
  private async removeVersion(dataset: string, version: number): Promise<void> {
    while ((await this.backend.removeRecords(dataset, version, WRITE_CHUNK)) > 0) await yieldToEventLoop();
  }

  /** Removes rows staged under older versions by runs that died before publishing (they are no version's). */
  private async removeStale(dataset: string, published: number): Promise<void> {
    try {
      for (const version of await this.backend.staleVersions(dataset, published - 1))
        await this.removeVersion(dataset, version);
    } catch {
      // Housekeeping: the next run retries. Readers never look at these rows.
    }
  }

  /**
   * Drops the versions beyond retention (SNAPSHOT_RETENTION_DAYS / _VERSIONS): first from the history,
   * so no `as_of` read picks them any more, then their rows in chunks. Rows left by a crash between
   * the two are no version's and go at the next start (removeDeadStaging).
   */
  private async prune(dataset: string): Promise<void> {
    try {
      const drop = versionsToPrune(await this.backend.history(dataset), this.clock.now(), {
        days: this.config.SNAPSHOT_RETENTION_DAYS,
        versions: this.config.SNAPSHOT_RETENTION_VERSIONS,
      });
      if (drop.length === 0) return;
      await this.backend.forgetVersions(dataset, drop);
      this.store.forgetHistory(dataset, drop);
      for (const version of drop) await this.removeVersion(dataset, version);
    } catch {
      // Housekeeping: the next run retries. Readers of the current version never look at these rows.
    }
  }

  private async recordFailure(dataset: AnyDataset, message: string): Promise<void> {
    const now = this.clock.now();
    try {
      await this.backend.recordFailure(dataset.name, dataset.source, now, message.slice(0, 2000));
      this.unrecorded.delete(dataset.name);
      await this.store.reloadMeta(dataset.name);
    } catch (err) {
      // The database itself may be what failed (disk full); the previous snapshot is intact either
      // way, and health reports the failure from memory.
      this.unrecorded.set(dataset.name, {
        at: now,
        error: `${message.slice(0, 2000)} (could not be recorded: ${(err as Error).message})`,
      });
    }
  }

  private async currentVersion(name: string): Promise<number> {
    try {
      return (await this.backend.meta(name))?.version ?? 0;
    } catch {
      return 0;
    }
  }
}

function sameVersions(stored: unknown, now: Record<string, number>): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const a = stored as Record<string, unknown>;
  const keys = Object.keys(now);
  return Object.keys(a).length === keys.length && keys.every((k) => a[k] === now[k]);
}
