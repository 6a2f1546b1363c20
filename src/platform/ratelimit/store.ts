import type Database from 'better-sqlite3';
import { evaluateWindow, windowStartOf, type WindowOutcome, type WindowSpec } from './window.js';

/**
 * Where rate-limit counters live. `consume` is all-or-nothing: it evaluates every window at `now`
 * and counts the request in each only when all of them admit it, atomically with respect to every
 * other caller of the same store. It throws when the store cannot decide; the caller applies the
 * fail-open or fail-closed policy. A Redis store would implement this with one Lua script.
 */
export interface RateLimitStore {
  consume(windows: readonly WindowSpec[], now: number): WindowOutcome[];
  /** The same evaluation without counting anything: what the next request would see. */
  peek(windows: readonly WindowSpec[], now: number): WindowOutcome[];
}

/**
 * Counters in the service's SQLite file. Each decision is one IMMEDIATE transaction, which takes the
 * write lock before reading, so processes sharing the file never both admit the last slot.
 */
export class SqliteRateLimitStore implements RateLimitStore {
  private readonly read: Database.Statement<[string, number], { count: number }>;
  private readonly bump: Database.Statement<[string, number]>;
  private readonly decide: (windows: readonly WindowSpec[], now: number) => WindowOutcome[];
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly sqlite: Database.Database) {
    this.read = sqlite.prepare('SELECT count FROM rate_limit_counters WHERE bucket = ? AND window_start = ?');
    this.bump = sqlite.prepare(
      'INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES (?, ?, 1) ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1',
    );
    const tx = sqlite.transaction((windows: readonly WindowSpec[], now: number) => {
      const outcomes = windows.map((w) => {
        const start = windowStartOf(now, w.windowMs);
        const curr = this.read.get(w.bucket, start)?.count ?? 0;
        const prev = this.read.get(w.bucket, start - w.windowMs)?.count ?? 0;
        return evaluateWindow(prev, curr, w.limit, w.windowMs, now);
      });
      if (outcomes.every((o) => o.allowed)) {
        for (const w of windows) this.bump.run(w.bucket, windowStartOf(now, w.windowMs));
      }
      return outcomes;
    });
    this.decide = (windows, now) => tx.immediate(windows, now);
  }

  peek(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    return windows.map((w) => {
      const start = windowStartOf(now, w.windowMs);
      const curr = this.read.get(w.bucket, start)?.count ?? 0;
      const prev = this.read.get(w.bucket, start - w.windowMs)?.count ?? 0;
      return evaluateWindow(prev, curr, w.limit, w.windowMs, now);
    });
  }

  consume(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    const out = this.decide(windows, now);
    if (now - this.lastSweep > 600_000 || now < this.lastSweep) this.sweep(now);
    return out;
  }

  /** Drops windows too old to weigh in any decision (the longest window is a day). */
  sweep(now: number): void {
    this.lastSweep = now;
    try {
      this.sqlite.prepare('DELETE FROM rate_limit_counters WHERE window_start < ?').run(now - 2 * 86_400_000);
    } catch {
      // Housekeeping only; the next sweep retries.
    }
  }
}

/**
 * Counters in this process's memory, with the same arithmetic: the fallback while the shared store
 * is unreachable, so limits keep applying (per process) instead of failing open. Old windows are
 * dropped as they pass; the map is bounded.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, number>();

  private get(bucket: string, start: number): number {
    return this.counts.get(`${bucket}@${start}`) ?? 0;
  }

  peek(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    return windows.map((w) => {
      const start = windowStartOf(now, w.windowMs);
      return evaluateWindow(this.get(w.bucket, start - w.windowMs), this.get(w.bucket, start), w.limit, w.windowMs, now);
    });
  }

  consume(windows: readonly WindowSpec[], now: number): WindowOutcome[] {
    const outcomes = this.peek(windows, now);
    if (outcomes.every((o) => o.allowed)) {
      if (this.counts.size > 100_000) this.counts.clear();
      for (const w of windows) {
        const k = `${w.bucket}@${windowStartOf(now, w.windowMs)}`;
        this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      }
    }
    return outcomes;
  }
}
