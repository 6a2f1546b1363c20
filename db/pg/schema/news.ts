import { pgTable, text, integer, bigint, primaryKey, index } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of `news_summaries` (db/schema/news.ts): article summaries by their published cache key. */
export const newsSummaries = pgTable(
  'news_summaries',
  {
    cacheKey: text('cache_key').primaryKey(),
    summary: text('summary').notNull(),
    /** The model's name, or `rules:summarize-article` for an extractive summary. */
    model: text('model').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('news_summaries_created_idx').on(t.createdAt)],
);

/** PostgreSQL twin of `news_summary_usage`: model-written summaries per account and UTC day, for the daily quota. */
export const newsSummaryUsage = pgTable(
  'news_summary_usage',
  {
    accountId: text('account_id').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
