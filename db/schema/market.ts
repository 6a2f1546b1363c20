import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';

/**
 * Stock analyses an account ran (analyze-stock), kept per account (never shared between callers):
 * one row per (account, symbol, news flag, analysed bar); the newest few per symbol are kept.
 */
export const marketStockAnalyses = sqliteTable(
  'market_stock_analyses',
  {
    accountId: text('account_id').notNull(),
    symbol: text('symbol').notNull(),
    includeNews: integer('include_news', { mode: 'boolean' }).notNull(),
    /** Open time of the analysed bar, epoch ms. */
    analysisAt: integer('analysis_at').notNull(),
    analysisId: text('analysis_id').notNull(),
    /** The AnalyzeStockResponse as served, JSON. */
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.symbol, t.includeNews, t.analysisAt] }),
    index('market_stock_analyses_created').on(t.createdAt),
  ],
);

/** The latest backtest an account ran per (symbol, window), as served. */
export const marketStockBacktests = sqliteTable(
  'market_stock_backtests',
  {
    accountId: text('account_id').notNull(),
    symbol: text('symbol').notNull(),
    evalWindowDays: integer('eval_window_days').notNull(),
    /** The BacktestStockResponse as served, JSON. */
    body: text('body').notNull(),
    generatedAt: integer('generated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.symbol, t.evalWindowDays] }),
    index('market_stock_backtests_generated').on(t.generatedAt),
  ],
);

/** Per-account daily counters of fresh analyses and backtests (the daily quota). */
export const marketDailyUsage = sqliteTable(
  'market_daily_usage',
  {
    accountId: text('account_id').notNull(),
    /** `analyze` or `backtest`. */
    kind: text('kind').notNull(),
    /** UTC date, YYYY-MM-DD. */
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.day] })],
);
