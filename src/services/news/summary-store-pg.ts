import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client.js';
import { newsSummaries, newsSummaryUsage } from '../../../db/pg/schema/index.js';
import { SUMMARY_TTL_MS, type SummaryStore } from './summary-store.js';

/** Summaries and the daily quota in PostgreSQL: one cache and one count per account for every node. */
export class PgSummaryStore implements SummaryStore {
  constructor(private readonly db: PgDb) {}

  async lookup(key: string, now: number): Promise<{ summary: string; model: string } | undefined> {
    const [row] = await this.db
      .select({ summary: newsSummaries.summary, model: newsSummaries.model })
      .from(newsSummaries)
      .where(and(eq(newsSummaries.cacheKey, key), gte(newsSummaries.createdAt, now - SUMMARY_TTL_MS)));
    return row;
  }

  async store(key: string, summary: string, model: string, now: number): Promise<void> {
    await this.db
      .insert(newsSummaries)
      .values({ cacheKey: key, summary, model, createdAt: now })
      .onConflictDoUpdate({ target: newsSummaries.cacheKey, set: { summary, model, createdAt: now } });
    await this.db.delete(newsSummaries).where(lt(newsSummaries.createdAt, now - SUMMARY_TTL_MS));
  }

  async usedToday(account: string, day: string): Promise<number> {
    const [row] = await this.db
      .select({ count: newsSummaryUsage.count })
      .from(newsSummaryUsage)
      .where(and(eq(newsSummaryUsage.accountId, account), eq(newsSummaryUsage.day, day)));
    return row?.count ?? 0;
  }

  async charge(account: string, day: string): Promise<void> {
    // One statement: calls charged at once on several nodes all count.
    await this.db
      .insert(newsSummaryUsage)
      .values({ accountId: account, day, count: 1 })
      .onConflictDoUpdate({ target: [newsSummaryUsage.accountId, newsSummaryUsage.day], set: { count: sql`${newsSummaryUsage.count} + 1` } });
  }
}
