import { pgTable, text, integer, bigint, boolean, primaryKey, index } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `market_stock_analyses` (db/schema/market.ts). */
export const marketStockAnalyses = pgTable(
  'market_stock_analyses',
  {
    accountId: text('account_id').notNull(),
    symbol: text('symbol').notNull(),
    includeNews: boolean('include_news').notNull(),
    analysisAt: bigint('analysis_at', { mode: 'number' }).notNull(),
    analysisId: text('analysis_id').notNull(),
    body: text('body').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.symbol, t.includeNews, t.analysisAt] }),
    index('market_stock_analyses_created').on(t.createdAt),
  ],
);

/** PostgreSQL twin of `market_stock_backtests`. */
export const marketStockBacktests = pgTable(
  'market_stock_backtests',
  {
    accountId: text('account_id').notNull(),
    symbol: text('symbol').notNull(),
    evalWindowDays: integer('eval_window_days').notNull(),
    body: text('body').notNull(),
    generatedAt: bigint('generated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.symbol, t.evalWindowDays] }),
    index('market_stock_backtests_generated').on(t.generatedAt),
  ],
);

/** PostgreSQL twin of `market_daily_usage`: counters every node increments in one statement. */
export const marketDailyUsage = pgTable(
  'market_daily_usage',
  {
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.day] })],
);
