import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { marketDailyUsage, marketStockAnalyses, marketStockBacktests } from '../../../../db/schema/market.js';

/** Newest analyses kept per (account, symbol, news flag). */
export const HISTORY_KEEP_PER_SYMBOL = 32;
/** Analyses older than this are removed. */
export const HISTORY_RETENTION_MS = 90 * 86_400_000;
/** Stored backtests older than this are removed. */
export const BACKTEST_RETENTION_MS = 30 * 86_400_000;
/** Fresh computations one account may run per UTC day. */
export const DAILY_QUOTA = { analyze: 500, backtest: 200 } as const;
export type QuotaKind = keyof typeof DAILY_QUOTA;

export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Bodies grouped by symbol, keeping each symbol's first `limit` in the given (newest first) order. */
export function groupBySymbol(rows: readonly { symbol: string; body: string }[], limit: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.symbol) ?? [];
    if (list.length < limit) list.push(r.body);
    out.set(r.symbol, list);
  }
  return out;
}

/** A stored analysis to keep: the response body as served, keyed by the analysed bar. */
export interface StoredAnalysis {
  accountId: string;
  symbol: string;
  includeNews: boolean;
  analysisAt: number;
  analysisId: string;
  body: string;
}

/** A stored backtest: the latest per (account, symbol, window). */
export interface StoredBacktest {
  accountId: string;
  symbol: string;
  evalWindowDays: number;
  body: string;
}

/**
 * What the stock-analysis operations keep per account, one implementation per engine: SQLite
 * (`SqliteAnalysisStore`, below) and PostgreSQL (`PgAnalysisStore`, store-pg.ts). Bodies are the
 * responses as served (JSON text). Retention is applied on every save: HISTORY_KEEP_PER_SYMBOL
 * analyses per (account, symbol, news flag), none older than HISTORY_RETENTION_MS, backtests no
 * older than BACKTEST_RETENTION_MS. The daily quota is counted exactly, however many nodes count.
 */
export interface AnalysisStore {
  /** The account's stored analysis of this bar, if it ran one. */
  findAnalysis(accountId: string, symbol: string, includeNews: boolean, analysisAt: number): Promise<string | undefined>;
  /** Stores an analysis (the first one of a bar stays), then trims the symbol's history. */
  saveAnalysis(row: StoredAnalysis, now: number): Promise<void>;
  /** Stored analyses of the given symbols, newest bar first, at most `limit` per symbol; symbols without any are absent. */
  listAnalyses(accountId: string, symbols: readonly string[], includeNews: boolean, limit: number, now: number): Promise<Map<string, string[]>>;
  /** Stores the backtest, replacing the account's previous one of the symbol and window. */
  saveBacktest(row: StoredBacktest, now: number): Promise<void>;
  /** The account's backtests of a window (all its symbols, or the named ones), newest first, then by symbol. */
  listBacktests(accountId: string, symbols: readonly string[], evalWindowDays: number, now: number): Promise<string[]>;
  /** Counts one fresh computation against the account's UTC-day quota; false (nothing counted) when it is spent. */
  takeQuota(accountId: string, kind: QuotaKind, now: number): Promise<boolean>;
}

/** The analysis tables in the SQLite file (one process writes them: each step is one transaction). */
export class SqliteAnalysisStore implements AnalysisStore {
  constructor(private readonly db: Db) {}

  /** The account's stored analysis of this bar, if it ran one. */
  async findAnalysis(accountId: string, symbol: string, includeNews: boolean, analysisAt: number): Promise<string | undefined> {
    return this.db
      .select({ body: marketStockAnalyses.body })
      .from(marketStockAnalyses)
      .where(
        and(
          eq(marketStockAnalyses.accountId, accountId),
          eq(marketStockAnalyses.symbol, symbol),
          eq(marketStockAnalyses.includeNews, includeNews),
          eq(marketStockAnalyses.analysisAt, analysisAt),
        ),
      )
      .get()?.body;
  }

  /** Stores an analysis, then trims the symbol's history to the newest rows and drops expired ones. */
  async saveAnalysis(row: StoredAnalysis, now: number): Promise<void> {
    const series = and(eq(marketStockAnalyses.accountId, row.accountId), eq(marketStockAnalyses.symbol, row.symbol), eq(marketStockAnalyses.includeNews, row.includeNews));
    this.db.transaction((tx) => {
      tx.insert(marketStockAnalyses).values({ ...row, createdAt: now }).onConflictDoNothing().run();
      const keep = tx
        .select({ at: marketStockAnalyses.analysisAt })
        .from(marketStockAnalyses)
        .where(series)
        .orderBy(desc(marketStockAnalyses.analysisAt))
        .limit(1)
        .offset(HISTORY_KEEP_PER_SYMBOL - 1)
        .get();
      if (keep) tx.delete(marketStockAnalyses).where(and(series, lt(marketStockAnalyses.analysisAt, keep.at))).run();
      tx.delete(marketStockAnalyses).where(lt(marketStockAnalyses.createdAt, now - HISTORY_RETENTION_MS)).run();
    });
  }

  /** Stored analyses of the given symbols, newest first, at most `limit` per symbol. */
  async listAnalyses(accountId: string, symbols: readonly string[], includeNews: boolean, limit: number, now: number): Promise<Map<string, string[]>> {
    if (symbols.length === 0) return new Map();
    const rows = this.db
      .select({ symbol: marketStockAnalyses.symbol, body: marketStockAnalyses.body })
      .from(marketStockAnalyses)
      .where(
        and(
          eq(marketStockAnalyses.accountId, accountId),
          inArray(marketStockAnalyses.symbol, [...symbols]),
          eq(marketStockAnalyses.includeNews, includeNews),
          sql`${marketStockAnalyses.createdAt} >= ${now - HISTORY_RETENTION_MS}`,
        ),
      )
      .orderBy(desc(marketStockAnalyses.analysisAt))
      .all();
    return groupBySymbol(rows, limit);
  }

  async saveBacktest(row: StoredBacktest, now: number): Promise<void> {
    this.db.transaction((tx) => {
      tx.insert(marketStockBacktests)
        .values({ ...row, generatedAt: now })
        .onConflictDoUpdate({
          target: [marketStockBacktests.accountId, marketStockBacktests.symbol, marketStockBacktests.evalWindowDays],
          set: { body: row.body, generatedAt: now },
        })
        .run();
      tx.delete(marketStockBacktests).where(lt(marketStockBacktests.generatedAt, now - BACKTEST_RETENTION_MS)).run();
    });
  }

  /** The account's stored backtests for a window (all its symbols, or the named ones), newest first. */
  async listBacktests(accountId: string, symbols: readonly string[], evalWindowDays: number, now: number): Promise<string[]> {
    const conditions = [
      eq(marketStockBacktests.accountId, accountId),
      eq(marketStockBacktests.evalWindowDays, evalWindowDays),
      sql`${marketStockBacktests.generatedAt} >= ${now - BACKTEST_RETENTION_MS}`,
    ];
    if (symbols.length) conditions.push(inArray(marketStockBacktests.symbol, [...symbols]));
    return this.db
      .select({ body: marketStockBacktests.body })
      .from(marketStockBacktests)
      .where(and(...conditions))
      .orderBy(desc(marketStockBacktests.generatedAt), marketStockBacktests.symbol)
      .all()
      .map((r) => r.body);
  }

  /** Counts one fresh computation against the account's daily quota; false when the quota is spent. */
  async takeQuota(accountId: string, kind: QuotaKind, now: number): Promise<boolean> {
    const day = utcDay(now);
    return this.db.transaction((tx) => {
      const row = tx
        .select({ count: marketDailyUsage.count })
        .from(marketDailyUsage)
        .where(and(eq(marketDailyUsage.accountId, accountId), eq(marketDailyUsage.kind, kind), eq(marketDailyUsage.day, day)))
        .get();
      if ((row?.count ?? 0) >= DAILY_QUOTA[kind]) return false;
      tx.insert(marketDailyUsage)
        .values({ accountId, kind, day, count: 1 })
        .onConflictDoUpdate({ target: [marketDailyUsage.accountId, marketDailyUsage.kind, marketDailyUsage.day], set: { count: sql`${marketDailyUsage.count} + 1` } })
        .run();
      tx.delete(marketDailyUsage).where(lt(marketDailyUsage.day, utcDay(now - 2 * 86_400_000))).run();
      return true;
    });
  }
}
