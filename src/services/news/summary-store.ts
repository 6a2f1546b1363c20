import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { defineStore } from '../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, type StoreEngine } from '../../platform/stores/engine.js';

/** Summaries are reused for a day, as published. */
export const SUMMARY_TTL_MS = 24 * 3_600_000;

/**
 * Summaries by cache key (`news_summaries`) and the daily count of model-written ones per account
 * (`news_summary_usage`), in the SQLite file or in PostgreSQL shared by every node, so a summary
 * written through one node is a hit on every other and the quota counts an account's calls on all of them.
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

export class NewsSummaries implements SummaryStore {
  constructor(private readonly engine: StoreEngine) {}

  async lookup(key: string, now: number): Promise<{ summary: string; model: string } | undefined> {
    const { newsSummaries } = this.engine.tables;
    const [row] = await this.engine.db
      .select({ summary: newsSummaries.summary, model: newsSummaries.model })
      .from(newsSummaries)
      .where(and(eq(newsSummaries.cacheKey, key), gte(newsSummaries.createdAt, now - SUMMARY_TTL_MS)));
    return row;
  }

  async store(key: string, summary: string, model: string, now: number): Promise<void> {
    const { newsSummaries } = this.engine.tables;
    await this.engine.db
      .insert(newsSummaries)
      .values({ cacheKey: key, summary, model, createdAt: now })
      .onConflictDoUpdate({ target: newsSummaries.cacheKey, set: { summary, model, createdAt: now } });
    await this.engine.db.delete(newsSummaries).where(lt(newsSummaries.createdAt, now - SUMMARY_TTL_MS));
  }

  async usedToday(account: string, day: string): Promise<number> {
    const { newsSummaryUsage } = this.engine.tables;
    const [row] = await this.engine.db
      .select({ count: newsSummaryUsage.count })
      .from(newsSummaryUsage)
      .where(and(eq(newsSummaryUsage.accountId, account), eq(newsSummaryUsage.day, day)));
    return row?.count ?? 0;
  }

  async charge(account: string, day: string): Promise<void> {
    const { newsSummaryUsage } = this.engine.tables;
    // One statement: calls charged at once (on several nodes, with PostgreSQL) all count.
    await this.engine.db
      .insert(newsSummaryUsage)
      .values({ accountId: account, day, count: 1 })
      .onConflictDoUpdate({
        target: [newsSummaryUsage.accountId, newsSummaryUsage.day],
        set: { count: sql`${newsSummaryUsage.count} + 1` },
      });
  }
}

export const NEWS_SUMMARIES = defineStore<SummaryStore>({
  name: 'news_summaries',
  sqlite: ({ db }) => new NewsSummaries(sqliteEngine(db)),
  postgres: ({ db }) => new NewsSummaries(postgresEngine(db)),
});
