import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { defineStore } from '../../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../../../platform/stores/engine.js';

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
 * What the stock-analysis operations keep per account, in the SQLite file or in PostgreSQL. Bodies are the
 * responses as served (JSON text). Retention is applied on every save: HISTORY_KEEP_PER_SYMBOL
 * analyses per (account, symbol, news flag), none older than HISTORY_RETENTION_MS, backtests no
 * older than BACKTEST_RETENTION_MS. The daily quota is counted exactly, however many nodes count.
 */
export interface AnalysisStore {
  /** The account's stored analysis of this bar, if it ran one. */
  findAnalysis(
    accountId: string,
    symbol: string,
    includeNews: boolean,
    analysisAt: number,
  ): Promise<string | undefined>;
  /** Stores an analysis (the first one of a bar stays), then trims the symbol's history. */
  saveAnalysis(row: StoredAnalysis, now: number): Promise<void>;
  /** Stored analyses of the given symbols, newest bar first, at most `limit` per symbol; symbols without any are absent. */
  listAnalyses(
    accountId: string,
    symbols: readonly string[],
    includeNews: boolean,
    limit: number,
    now: number,
  ): Promise<Map<string, string[]>>;
  /** Stores the backtest, replacing the account's previous one of the symbol and window. */
  saveBacktest(row: StoredBacktest, now: number): Promise<void>;
  /** The account's backtests of a window (all its symbols, or the named ones), newest first, then by symbol. */
  listBacktests(accountId: string, symbols: readonly string[], evalWindowDays: number, now: number): Promise<string[]>;
  /** Counts one fresh computation against the account's UTC-day quota; false (nothing counted) when it is spent. */
  takeQuota(accountId: string, kind: QuotaKind, now: number): Promise<boolean>;
}

/** The analysis tables on either engine (PostgreSQL: shared by every node). */
export class Analyses implements AnalysisStore {
  constructor(private readonly engine: StoreEngine) {}

  async findAnalysis(
    accountId: string,
    symbol: string,
    includeNews: boolean,
    analysisAt: number,
  ): Promise<string | undefined> {
    const { marketStockAnalyses } = this.engine.tables;
    const [row] = await this.engine.db
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
    const { marketStockAnalyses } = this.engine.tables;
    const series = and(
      eq(marketStockAnalyses.accountId, row.accountId),
      eq(marketStockAnalyses.symbol, row.symbol),
      eq(marketStockAnalyses.includeNews, row.includeNews),
    );
    await this.engine.transact(function* (tx) {
      yield* step(
        tx.db
          .insert(marketStockAnalyses)
          .values({ ...row, createdAt: now })
          .onConflictDoNothing(),
      );
      const [keep] = yield* step(
        tx.db
          .select({ at: marketStockAnalyses.analysisAt })
          .from(marketStockAnalyses)
          .where(series)
          .orderBy(desc(marketStockAnalyses.analysisAt))
          .limit(1)
          .offset(HISTORY_KEEP_PER_SYMBOL - 1),
      );
      if (keep)
        yield* step(tx.db.delete(marketStockAnalyses).where(and(series, lt(marketStockAnalyses.analysisAt, keep.at))));
      yield* step(
        tx.db.delete(marketStockAnalyses).where(lt(marketStockAnalyses.createdAt, now - HISTORY_RETENTION_MS)),
      );
    });
  }

  async listAnalyses(
    accountId: string,
    symbols: readonly string[],
    includeNews: boolean,
    limit: number,
    now: number,
  ): Promise<Map<string, string[]>> {
    const { marketStockAnalyses } = this.engine.tables;
    if (symbols.length === 0) return new Map();
    const rows = await this.engine.db
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
    const { marketStockBacktests } = this.engine.tables;
    await this.engine.transact(function* (tx) {
      yield* step(
        tx.db
          .insert(marketStockBacktests)
          .values({ ...row, generatedAt: now })
          .onConflictDoUpdate({
            target: [marketStockBacktests.accountId, marketStockBacktests.symbol, marketStockBacktests.evalWindowDays],
            set: { body: row.body, generatedAt: now },
          }),
      );
      yield* step(
        tx.db.delete(marketStockBacktests).where(lt(marketStockBacktests.generatedAt, now - BACKTEST_RETENTION_MS)),
      );
    });
  }

  async listBacktests(
    accountId: string,
    symbols: readonly string[],
    evalWindowDays: number,
    now: number,
  ): Promise<string[]> {
    const { marketStockBacktests } = this.engine.tables;
    const conditions = [
      eq(marketStockBacktests.accountId, accountId),
      eq(marketStockBacktests.evalWindowDays, evalWindowDays),
      gte(marketStockBacktests.generatedAt, now - BACKTEST_RETENTION_MS),
    ];
    if (symbols.length) conditions.push(inArray(marketStockBacktests.symbol, [...symbols]));
    const rows = await this.engine.db
      .select({ body: marketStockBacktests.body })
      .from(marketStockBacktests)
      .where(and(...conditions))
      .orderBy(desc(marketStockBacktests.generatedAt), marketStockBacktests.symbol);
    return rows.map((r) => r.body);
  }

  /**
   * One statement: the upsert increments only while under the quota (on PostgreSQL the row lock of ON
   * CONFLICT makes concurrent counts from several nodes queue), and returns no row once the quota is spent.
   */
  async takeQuota(accountId: string, kind: QuotaKind, now: number): Promise<boolean> {
    const { marketDailyUsage } = this.engine.tables;
    const counted = await this.engine.db
      .insert(marketDailyUsage)
      .values({ accountId, kind, day: utcDay(now), count: 1 })
      .onConflictDoUpdate({
        target: [marketDailyUsage.accountId, marketDailyUsage.kind, marketDailyUsage.day],
        set: { count: sql`${marketDailyUsage.count} + 1` },
        setWhere: lt(marketDailyUsage.count, DAILY_QUOTA[kind]),
      })
      .returning({ count: marketDailyUsage.count });
    if (counted.length === 0) return false;
    await this.engine.db.delete(marketDailyUsage).where(lt(marketDailyUsage.day, utcDay(now - 2 * 86_400_000)));
    return true;
  }
}

/** Stored analyses, backtests and the daily quota: the SQLite file's, or PostgreSQL's shared by every node. */
export const MARKET_ANALYSES = defineStore<AnalysisStore>({
  name: 'market_analyses',
  sqlite: ({ db }) => new Analyses(sqliteEngine(db)),
  postgres: ({ db }) => new Analyses(postgresEngine(db)),
});
