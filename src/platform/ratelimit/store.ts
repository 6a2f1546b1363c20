import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';
import { evaluateWindow, windowStartOf, type WindowOutcome, type WindowSpec } from './window.js';

/**
 * Where rate-limit counters live. `consume` is all-or-nothing: it evaluates every window at `now`
 * and counts the request in each only when all of them admit it, atomically with respect to every
 * other caller of the same store. It throws (or rejects) when the store cannot decide; the caller
 * applies the fail-open or fail-closed policy. In-process stores answer synchronously, so the
 * request path pays no promise for them; a networked store (Redis) answers with a promise.
 */
export interface RateLimitStore {
  consume(windows: readonly WindowSpec[], now: number): WindowOutcome[] | Promise<WindowOutcome[]>;
  /** The same evaluation without counting anything: what the next request would see. */
  peek(windows: readonly WindowSpec[], now: number): WindowOutcome[] | Promise<WindowOutcome[]>;
  /**
   * `consume` plus the key's revocation in the same step, where the store shares revocations across
   * nodes (Redis): a revoked key spends nothing.
   */
  admit?(
    keyId: string,
    windows: readonly WindowSpec[],
    now: number,
  ): Promise<{ revoked: boolean; outcomes: WindowOutcome[] }>;
}

/**
 * RATE_LIMIT_FLUSH_MS's default: how often counts decided in memory reach the database. A hard kill
 * (SIGKILL, power loss) loses at most the decisions of one such interval; a graceful stop loses none.
 */
export const DEFAULT_FLUSH_MS = 1_000;
/** Longest window any policy uses; counters older than two of them weigh in no decision. */
const LONGEST_WINDOW_MS = 86_400_000;

interface PendingIncrement {
  bucket: string;
  start: number;
  delta: number;
}

interface Counter {
  count: number;
  /** When this fixed window stops weighing in any decision (the end of the window after it). */
  expiresAt: number;
}

/**
 * Exact counters for every decision this process makes, kept in memory, so a request costs a few
 * map lookups instead of a database transaction. Counts reach the SQLite file once per flush interval
 * (as increments, so processes sharing the file add up there) and are read back at start, so a hard
 * kill forgets at most the decisions of the last interval. The timer flushes an idle process; a busy
 * one, whose timers run late, flushes from the decision that finds the interval elapsed. A write that
 * fails (the file locked elsewhere) keeps its increments for the next flush. Exactness across
 * processes is the Redis store's job.
 */
export class LocalRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, Counter>();
  /** Increments not yet written, by counter key. */
  private pending = new Map<string, PendingIncrement>();
  private readonly write?: (rows: PendingIncrement[]) => void;
  private timer?: NodeJS.Timeout;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private lastDbSweep = Number.NEGATIVE_INFINITY;
  private latest = Number.NEGATIVE_INFINITY;
  /** Monotonic time of the last flush attempt: real time, whatever clock the decisions use. */
  private flushedAt = performance.now();

  /**
   * Without a database the counts live and die with the process (the limiter's fallback while a
   * shared store is unreachable); with one they are loaded from it at `now` and persisted to it.
   */
  constructor(
    private readonly sqlite?: Database.Database,
    now = 0,
    private readonly onPersistError: (err: Error) => void = () => {},
    /** RATE_LIMIT_FLUSH_MS: the most decisions a hard kill may lose are those of one such interval. */
    private readonly flushMs = DEFAULT_FLUSH_MS,
  ) {
    if (!sqlite) return;
    const upsert = sqlite.prepare<[string, number, number]>(
      'INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES (?, ?, ?) ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + excluded.count',
    );
    this.write = sqlite.transaction((rows: PendingIncrement[]) => {
      for (const r of rows) upsert.run(r.bucket, r.start, r.delta);
    });
    this.load(sqlite, now);
  }

  /** Counters still in play at `now`, as the database holds them (this process's and others'). */
  private load(sqlite: Database.Database, now: number): void {
    let rows: { bucket: string; window_start: number; count: number }[];
    try {
      rows = sqlite
        .prepare<[number], { bucket: string; window_start: number; count: number }>(
          'SELECT bucket, window_start, count FROM rate_limit_counters WHERE window_start >= ?',
        )
        .all(now - 2 * LONGEST_WINDOW_MS);
    } catch (err) {
      // Unreadable counters start from zero; the limiter still decides exactly from here on.
      this.onPersistError(err as Error);
      return;
    }
    for (const r of rows)
      this.counters.set(`${r.bucket}@${r.window_start}`, {
        count: r.count,
        expiresAt: r.window_start + 2 * LONGEST_WINDOW_MS,
      });
  }

  /** Starts writing counts in the background; `close` stops it and writes what is left. */
  start(): this {
    this.timer ??= setInterval(() => this.persist(), this.flushMs).unref();
    return this;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.persist();
  }

  /** Writes pending increments in one transaction; on failure they stay pending for the next try. */
  persist(): boolean {
    if (!this.write) return true;
    this.flushedAt = performance.now();
    if (this.latest - this.lastDbSweep > 600_000) this.sweepDatabase();
    if (this.pending.size === 0) return true;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    // A lock held elsewhere must not stall the event loop: try once, and retry on the next tick.
    const wait = this.sqlite!.pragma('busy_timeout', { simple: true }) as number;
    this.sqlite!.pragma('busy_timeout = 0');
    try {
      this.write(rows);
      return true;
    } catch (err) {
      for (const r of rows) this.addPending(r.bucket, r.start, r.delta);
      this.onPersistError(err as Error);
      return false;
    } finally {
      this.sqlite!.pragma(`busy_timeout = ${wait}`);
    }
  }

  private addPending(bucket: string, start: number, delta: number): void {
    if (!this.write) return;
    const k = `${bucket}@${start}`;
    const p = this.pending.get(k);
    if (p) p.delta += delta;
    else this.pending.set(k, { bucket, start, delta });
  }

  private count(bucket: string, start: number): number {
    return this.counters.get(`${bucket}@${start}`)?.count ?? 0;
  }

  peek(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    return windows.map((w) => {
      const start = windowStartOf(now, w.windowMs);
      return evaluateWindow(
        this.count(w.bucket, start - w.windowMs),
        this.count(w.bucket, start),
        w.limit,
        w.windowMs,
        now,
      );
    });
  }

  consume(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    // Each window's current counter is looked up once, for the decision and for the increment.
    const current: (Counter | undefined)[] = [];
    const outcomes: WindowOutcome[] = [];
    let admitted = true;
    for (const w of windows) {
      const start = windowStartOf(now, w.windowMs);
      const c = this.counters.get(`${w.bucket}@${start}`);
      current.push(c);
      const o = evaluateWindow(this.count(w.bucket, start - w.windowMs), c?.count ?? 0, w.limit, w.windowMs, now);
      if (!o.allowed) admitted = false;
      outcomes.push(o);
    }
    if (admitted) {
      windows.forEach((w, i) => {
        const start = windowStartOf(now, w.windowMs);
        const c = current[i];
        if (c) c.count++;
        else this.counters.set(`${w.bucket}@${start}`, { count: 1, expiresAt: start + 2 * w.windowMs });
        this.addPending(w.bucket, start, 1);
      });
    }
    this.latest = now;
    if (now - this.lastSweep > 60_000 || now < this.lastSweep) this.sweep(now);
    // Under load the timer runs late: the decision that finds the interval elapsed flushes instead.
    if (this.pending.size > 0 && performance.now() - this.flushedAt >= this.flushMs) this.persist();
    return outcomes;
  }

  /** Forgets windows that have slid out of every decision. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [k, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(k);
  }

  private sweepDatabase(): void {
    this.lastDbSweep = this.latest;
    try {
      this.sqlite!.prepare('DELETE FROM rate_limit_counters WHERE window_start < ?').run(
        this.latest - 2 * LONGEST_WINDOW_MS,
      );
    } catch {
      // Housekeeping only; the next sweep retries.
    }
  }
}
