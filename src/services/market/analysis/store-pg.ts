import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client.js';
import { marketDailyUsage, marketStockAnalyses, marketStockBacktests } from '../../../../db/pg/schema/index.js';
import {
  BACKTEST_RETENTION_MS,
  DAILY_QUOTA,
  groupBySymbol,
  HISTORY_KEEP_PER_SYMBOL,
  HISTORY_RETENTION_MS,
  utcDay,
  type AnalysisStore,
  type QuotaKind,
  type StoredAnalysis,
  type StoredBacktest,
} from './store.js';

/** The analysis tables in PostgreSQL, shared by every node. */
export class PgAnalysisStore implements AnalysisStore {
  constructor(private readonly db: PgDb) {}

  async findAnalysis(accountId: string, symbol: string, includeNews: boolean, analysisAt: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ body: marketStockAnalyses.body })
      .from(marketStockAnalyses)
      .where(
        and(
          eq(marketStockAnalyses.accountId, accountId),
          eq(marketStockAnalyses.symbol, symbol),
          eq(marketStockAnalyses.includeNews, includeNews),
          eq(marketStockAnalyses.analysisAt, analysisAt),
        ),
      );
    return row?.body;
  }

  async saveAnalysis(row: StoredAnalysis, now: number): Promise<void> {
    const series = and(eq(marketStockAnalyses.accountId, row.accountId), eq(marketStockAnalyses.symbol, row.symbol), eq(marketStockAnalyses.includeNews, row.includeNews));
    await this.db.transaction(async (tx) => {
      await tx.insert(marketStockAnalyses).values({ ...row, createdAt: now }).onConflictDoNothing();
      const [keep] = await tx
        .select({ at: marketStockAnalyses.analysisAt })
        .from(marketStockAnalyses)
        .where(series)
        .orderBy(desc(marketStockAnalyses.analysisAt))
        .limit(1)
        .offset(HISTORY_KEEP_PER_SYMBOL - 1);
      if (keep) await tx.delete(marketStockAnalyses).where(and(series, lt(marketStockAnalyses.analysisAt, keep.at)));
      await tx.delete(marketStockAnalyses).where(lt(marketStockAnalyses.createdAt, now - HISTORY_RETENTION_MS));
    });
  }

  async listAnalyses(accountId: string, symbols: readonly string[], includeNews: boolean, limit: number, now: number): Promise<Map<string, string[]>> {
    if (symbols.length === 0) return new Map();
    const rows = await this.db
      .select({ symbol: marketStockAnalyses.symbol, body: marketStockAnalyses.body })
      .from(marketStockAnalyses)
      .where(
        and(
          eq(marketStockAnalyses.accountId, accountId),
          inArray(marketStockAnalyses.symbol, [...symbols]),
          eq(marketStockAnalyses.includeNews, includeNews),
          gte(marketStockAnalyses.createdAt, now - HISTORY_RETENTION_MS),
        ),
      )
      .orderBy(desc(marketStockAnalyses.analysisAt));
    return groupBySymbol(rows, limit);
  }

  async saveBacktest(row: StoredBacktest, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(marketStockBacktests)
        .values({ ...row, generatedAt: now })
        .onConflictDoUpdate({
          target: [marketStockBacktests.accountId, marketStockBacktests.symbol, marketStockBacktests.evalWindowDays],
          set: { body: row.body, generatedAt: now },
        });
      await tx.delete(marketStockBacktests).where(lt(marketStockBacktests.generatedAt, now - BACKTEST_RETENTION_MS));
    });
  }

  async listBacktests(accountId: string, symbols: readonly string[], evalWindowDays: number, now: number): Promise<string[]> {
    const conditions = [
      eq(marketStockBacktests.accountId, accountId),
      eq(marketStockBacktests.evalWindowDays, evalWindowDays),
      gte(marketStockBacktests.generatedAt, now - BACKTEST_RETENTION_MS),
    ];
    if (symbols.length) conditions.push(inArray(marketStockBacktests.symbol, [...symbols]));
    const rows = await this.db
      .select({ body: marketStockBacktests.body })
      .from(marketStockBacktests)
      .where(and(...conditions))
      .orderBy(desc(marketStockBacktests.generatedAt), marketStockBacktests.symbol);
    return rows.map((r) => r.body);
  }

  /**
   * One statement: the upsert increments only while under the quota (the row lock of ON CONFLICT
   * makes concurrent counts from several nodes queue), and returns no row once the quota is spent.
   */
  async takeQuota(accountId: string, kind: QuotaKind, now: number): Promise<boolean> {
    const counted = await this.db
      .insert(marketDailyUsage)
      .values({ accountId, kind, day: utcDay(now), count: 1 })
      .onConflictDoUpdate({
        target: [marketDailyUsage.accountId, marketDailyUsage.kind, marketDailyUsage.day],
        set: { count: sql`${marketDailyUsage.count} + 1` },
        setWhere: lt(marketDailyUsage.count, DAILY_QUOTA[kind]),
      })
      .returning({ count: marketDailyUsage.count });
    if (counted.length === 0) return false;
    await this.db.delete(marketDailyUsage).where(lt(marketDailyUsage.day, utcDay(now - 2 * 86_400_000)));
    return true;
  }
}
