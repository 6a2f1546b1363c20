import type Database from 'better-sqlite3';
import type { AppDeps } from '../../trpc/context.js';

/** Summaries are reused for a day, as published. */
export const SUMMARY_TTL_MS = 24 * 3_600_000;

/**
 * Summaries by cache key (`news_summaries`) and the daily count of model-written ones per account
 * (`news_summary_usage`), behind one async interface: the SQLite file's (`SqliteSummaryStore`) or
 * PostgreSQL's shared by every node (`PgSummaryStore` in summary-store-pg.ts), so a summary written
 * through one node is a hit on every other and the quota counts an account's calls on all of them.
 */
export interface SummaryStore {
  /** The summary under this key when stored within SUMMARY_TTL_MS of `now`. */
  lookup(key: string, now: number): Promise<{ summary: string; model: string } | undefined>;
  /** Stores (or replaces) the summary of a key, and deletes those past SUMMARY_TTL_MS on the way. */
  store(key: string, summary: string, model: string, now: number): Promise<void>;
  /** Model-written summaries charged to the account on this UTC day (`YYYY-MM-DD`). */
  usedToday(account: string, day: string): Promise<number>;
  /** Counts one more model-written summary for the account on this day (atomic: concurrent calls all count). */
  charge(account: string, day: string): Promise<void>;
}

export class SqliteSummaryStore implements SummaryStore {
  private readonly get: Database.Statement<[string, number], { summary: string; model: string }>;
  private readonly put: Database.Statement<[string, string, string, number]>;
  private readonly used: Database.Statement<[string, string], { count: number }>;
  private readonly count: Database.Statement<[string, string]>;
  private readonly sweep: Database.Statement<[number]>;

  constructor(sqlite: Database.Database) {
    this.get = sqlite.prepare('SELECT summary, model FROM news_summaries WHERE cache_key = ? AND created_at >= ?');
    this.put = sqlite.prepare('INSERT OR REPLACE INTO news_summaries (cache_key, summary, model, created_at) VALUES (?, ?, ?, ?)');
    this.used = sqlite.prepare('SELECT count FROM news_summary_usage WHERE account_id = ? AND day = ?');
    this.count = sqlite.prepare('INSERT INTO news_summary_usage (account_id, day, count) VALUES (?, ?, 1) ON CONFLICT (account_id, day) DO UPDATE SET count = count + 1');
    this.sweep = sqlite.prepare('DELETE FROM news_summaries WHERE created_at < ?');
  }

  async lookup(key: string, now: number) {
    return this.get.get(key, now - SUMMARY_TTL_MS);
  }

  async store(key: string, summary: string, model: string, now: number) {
    this.put.run(key, summary, model, now);
    this.sweep.run(now - SUMMARY_TTL_MS);
  }

  async usedToday(account: string, day: string) {
    return this.used.get(account, day)?.count ?? 0;
  }

  async charge(account: string, day: string) {
    this.count.run(account, day);
  }
}

const STORES = new WeakMap<AppDeps, SummaryStore>();
/** The deps' store (`openDeps` sets PostgreSQL's with DATABASE_URL), else the SQLite file's. */
export function summaryStore(deps: AppDeps): SummaryStore {
  if (deps.newsSummaries) return deps.newsSummaries;
  let s = STORES.get(deps);
  if (!s) STORES.set(deps, (s = new SqliteSummaryStore(deps.db.$client)));
  return s;
}
