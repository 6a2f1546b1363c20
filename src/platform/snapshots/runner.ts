import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Db } from '../../../db/client.js';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import type { AnyDataset, Parsed } from './dataset.js';
import { redactorFor } from '../secrets.js';
import { fetchSource } from './fetch.js';
import type { SnapshotStore } from './store.js';
import { SAMPLES_DIR } from './samples.js';

export interface IngestResult {
  dataset: string;
  ok: boolean;
  version: number;
  recordCount: number;
  error?: string;
  partialSources?: string[];
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
}

export class IngestError extends Error {
  override name = 'IngestError';
}

const INSERT_BATCH = 500;
/** Rows per write transaction: small enough that no lock is held for long, big enough to stay fast. */
const WRITE_CHUNK = 5000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs datasets through fetch -> parse -> check -> swap. The swap is one synchronous transaction:
 * the previous rows serve until it commits, and any failure before or during it leaves them in place
 * and records the error against the dataset.
 */
export class IngestionRunner {
  private readonly sqlite: Database.Database;
  private readonly insertMany: Database.Statement;
  private readonly insertOne: Database.Statement;
  private readonly deleteVersion: Database.Statement;
  private readonly strayVersions: Database.Statement<[string, string, number], { version: number }>;
  private readonly allocate: Database.Statement<{ dataset: string; source: string }, { staged: number }>;
  private readonly publish: Database.Statement;
  private readonly upsertFailure: Database.Statement;
  private readonly selectMeta: Database.Statement<[string], { version: number; record_count: number }>;
  private readonly countVersion: Database.Statement<[string, number], { n: number }>;
  private readonly inFlight = new Set<string>();
  /** Failures the database could not record (disk full): health still reports them. */
  private readonly unrecorded = new Map<string, { at: number; error: string }>();
  /** Told of every finished run, success or failure (for metrics and logs). */
  observer?: (result: IngestResult) => void;

  constructor(
    db: Db,
    private readonly store: SnapshotStore,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.sqlite = db.$client;
    const placeholders = Array.from({ length: INSERT_BATCH }, () => '(?, ?, ?, ?)').join(', ');
    this.insertMany = this.sqlite.prepare(`INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES ${placeholders}`);
    this.insertOne = this.sqlite.prepare('INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES (?, ?, ?, ?)');
    this.deleteVersion = this.sqlite.prepare('DELETE FROM snapshot_records WHERE rowid IN (SELECT rowid FROM snapshot_records WHERE dataset = ? AND version = ? LIMIT ?)');
    this.strayVersions = this.sqlite.prepare(
      'SELECT DISTINCT version FROM snapshot_records WHERE dataset = ? AND version <> (SELECT COALESCE(MAX(version), 0) FROM snapshot_meta WHERE dataset = ?) AND version <= ?',
    );
    this.allocate = this.sqlite.prepare(`
      INSERT INTO snapshot_meta (dataset, source, staged_version) VALUES (@dataset, @source, 1)
      ON CONFLICT(dataset) DO UPDATE SET staged_version = MAX(staged_version, version) + 1
      RETURNING staged_version AS staged`);
    this.publish = this.sqlite.prepare(`
      UPDATE snapshot_meta SET version = @version, fetched_at = @now, record_count = @count, source = @source, info = @info,
        last_attempt_at = @now, last_success_at = @now, last_error = NULL
      WHERE dataset = @dataset AND version < @version`);
    this.upsertFailure = this.sqlite.prepare(`
      INSERT INTO snapshot_meta (dataset, source, last_attempt_at, last_error) VALUES (@dataset, @source, @now, @error)
      ON CONFLICT(dataset) DO UPDATE SET last_attempt_at = @now, last_error = @error`);
    this.selectMeta = this.sqlite.prepare('SELECT version, record_count FROM snapshot_meta WHERE dataset = ?');
    this.countVersion = this.sqlite.prepare('SELECT COUNT(*) AS n FROM snapshot_records WHERE dataset = ? AND version = ?');
  }

  /** The last failure of a dataset that could not be written to snapshot_meta (the database was full). */
  unrecordedFailure(dataset: string): { at: number; error: string } | undefined {
    return this.unrecorded.get(dataset);
  }

  /**
   * At start: removes rows of versions other than the published one, left by runs that died
   * (killed, crashed) before publishing or before removing the superseded version. A run in
   * another process that is still writing would find its rows gone and refuse to publish.
   */
  async removeDeadStaging(): Promise<number> {
    const stray = this.sqlite
      .prepare<[], { dataset: string; version: number }>(
        `SELECT DISTINCT r.dataset, r.version FROM snapshot_records r LEFT JOIN snapshot_meta m ON m.dataset = r.dataset
         WHERE r.version <> COALESCE(m.version, 0)`,
      )
      .all();
    let removed = 0;
    for (const { dataset, version } of stray) {
      if (this.inFlight.has(dataset)) continue;
      await this.removeVersion(dataset, version);
      removed++;
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
      return { dataset: dataset.name, ok: false, version: this.currentVersion(dataset.name), recordCount: 0, error: 'an ingestion of this dataset is already running' };
    }
    this.inFlight.add(dataset.name);
    try {
      const { payloads, missing, failures } = await this.collect(dataset, options);
      options.onProgress?.('parse');
      const parsed = dataset.parse(payloads, this.clock.now()) as Parsed<unknown>;
      if (!parsed || !Array.isArray(parsed.records)) throw new IngestError('parser returned no record list');
      this.check(dataset, parsed, options, failures);
      const info = { ...(parsed.info ?? {}), ...(missing.length ? { missingSources: missing } : {}) };
      const version = await this.swap(dataset, parsed.records, info, options.onProgress);
      await this.store.refresh(dataset.name);
      this.unrecorded.delete(dataset.name);
      return { dataset: dataset.name, ok: true, version, recordCount: parsed.records.length, partialSources: missing.length ? missing : undefined };
    } catch (err) {
      // Every message leaving the runner (result, stored meta, logs, CLI) has the secrets taken out.
      const message = redactorFor(this.config)(err instanceof Error ? err.message : String(err));
      this.recordFailure(dataset, message);
      return { dataset: dataset.name, ok: false, version: this.currentVersion(dataset.name), recordCount: 0, error: message };
    } finally {
      this.inFlight.delete(dataset.name);
    }
  }

  private async collect(dataset: AnyDataset, options: IngestOptions) {
    const payloads: Partial<Record<string, Buffer>> = {};
    const missing: string[] = [];
    const failures: string[] = [];
    const origin = options.origin;
    const sources = Object.entries(dataset.sources);
    let signal = options.signal;
    let deadline: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    if (origin.kind === 'live') {
      const unset = [...new Set(sources.filter(([, s]) => !s.optional).flatMap(([, s]) => unsetRequirements(s.requires, this.config)))];
      if (unset.length) {
        throw new IngestError(
          `live ingestion needs ${unset.join(', ')}, which ${unset.length > 1 ? 'are' : 'is'} not set; no request was made (the bundled sample still loads with --samples)`,
        );
      }
      const ms = this.config.UPSTREAM_DATASET_TIMEOUT_MS;
      deadline = Date.now() + ms;
      const overall = new AbortController();
      timer = setTimeout(() => overall.abort(new IngestError(`dataset deadline of ${ms} ms exceeded (UPSTREAM_DATASET_TIMEOUT_MS)`)), ms);
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
          } else if (origin.kind === 'samples') {
            payloads[key] = fs.readFileSync(path.join(SAMPLES_DIR, source.sample));
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
    // With every source down, say why rather than "no rows".
    if (sources.length > 0 && missing.length === sources.length) throw new IngestError(`every source failed: ${failures.join('; ')}`);
    return { payloads, missing, failures };
  }

  private check(dataset: AnyDataset, parsed: Parsed<unknown>, options: IngestOptions, failures: string[]): void {
    const force = options.force === true;
    const count = parsed.records.length;
    const previous = this.selectMeta.get(dataset.name);
    if (count === 0 && !dataset.allowEmpty) {
      // "No rows" is only claimed of an upstream that answered; a failed source is named with its cause.
      if (failures.length) throw new IngestError(`no rows; sources unavailable: ${failures.join('; ')}; keeping the previous snapshot`);
      const what = options.origin.kind === 'live' ? 'upstream returned no rows' : 'the payload held no rows';
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
   * Stages the rows under a fresh version in transactions of WRITE_CHUNK rows, yielding to the event
   * loop between them, then publishes the version in one small transaction and removes the old
   * rows the same way. No lock is held for longer than one chunk, so requests (and their rate-limit
   * writes) in this or another process are never stalled behind a large ingestion. A failure before
   * publishing leaves the old version current and its staged rows are removed.
   */
  private async swap(dataset: AnyDataset, records: unknown[], info: Record<string, unknown>, onProgress: IngestOptions['onProgress']): Promise<number> {
    const name = dataset.name;
    const version = this.sqlite.transaction(() => this.allocate.get({ dataset: name, source: dataset.source })!.staged).immediate();
    try {
      const args: unknown[] = new Array(INSERT_BATCH * 4);
      const writeChunk = this.sqlite.transaction((from: number, to: number) => {
        let i = from;
        for (; i + INSERT_BATCH <= to; i += INSERT_BATCH) {
          for (let j = 0; j < INSERT_BATCH; j++) {
            args[j * 4] = name;
            args[j * 4 + 1] = version;
            args[j * 4 + 2] = i + j;
            args[j * 4 + 3] = JSON.stringify(records[i + j]);
          }
          this.insertMany.run(args);
        }
        for (; i < to; i++) this.insertOne.run(name, version, i, JSON.stringify(records[i]));
      });
      for (let from = 0; from < records.length; from += WRITE_CHUNK) {
        writeChunk.immediate(from, Math.min(records.length, from + WRITE_CHUNK));
        onProgress?.('write', Math.min(records.length, from + WRITE_CHUNK), records.length);
        await yieldToEventLoop();
      }
      const now = this.clock.now();
      const published = this.sqlite
        .transaction(() => {
          // A start-up cleanup in another process may have taken staged rows of this run for a dead one's.
          if (this.countVersion.get(name, version)!.n !== records.length) throw new IngestError('staged rows were removed while this run was writing; keeping the previous snapshot');
          return this.publish.run({ dataset: name, version, now, count: records.length, source: dataset.source, info: JSON.stringify(info) }).changes;
        })
        .immediate();
      if (published === 0) throw new IngestError('a newer snapshot was published while this one was being written; keeping the newer one');
    } catch (err) {
      await this.removeVersion(name, version).catch(() => undefined);
      throw err;
    }
    await this.removeStale(name, version);
    return version;
  }

  /** Deletes one version's rows in chunks (staged rows of a failed run, or a superseded snapshot). */
  private async removeVersion(dataset: string, version: number): Promise<void> {
    const del = this.sqlite.transaction(() => this.deleteVersion.run(dataset, version, WRITE_CHUNK).changes);
    while (del.immediate() > 0) await yieldToEventLoop();
  }

  /** Removes every version older than the one just published, including leftovers of crashed runs. */
  private async removeStale(dataset: string, published: number): Promise<void> {
    try {
      for (const { version } of this.strayVersions.all(dataset, dataset, published - 1)) await this.removeVersion(dataset, version);
    } catch {
      // Housekeeping: the next run retries. Readers never look at versions other than the current one.
    }
  }

  private recordFailure(dataset: AnyDataset, message: string): void {
    const now = this.clock.now();
    try {
      this.upsertFailure.run({ dataset: dataset.name, source: dataset.source, now, error: message.slice(0, 2000) });
      this.unrecorded.delete(dataset.name);
    } catch (err) {
      // The database itself may be what failed (disk full); the previous snapshot is intact either
      // way, and health reports the failure from memory.
      this.unrecorded.set(dataset.name, { at: now, error: `${message.slice(0, 2000)} (could not be recorded: ${(err as Error).message})` });
    }
  }

  private currentVersion(name: string): number {
    try {
      return this.selectMeta.get(name)?.version ?? 0;
    } catch {
      return 0;
    }
  }
}

/** The variables in `requires` the configuration leaves unset. */
function unsetRequirements(requires: readonly (keyof Config)[] | undefined, config: Config): string[] {
  return (requires ?? []).filter((name) => {
    const v = config[name];
    return v === undefined || v === null || v === '';
  });
}
