import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';

/** Article summaries by their published cache key (summarize-article writes, summarize-article-cache reads). */
export const newsSummaries = sqliteTable(
  'news_summaries',
  {
    cacheKey: text('cache_key').primaryKey(),
    summary: text('summary').notNull(),
    /** The model's name, or `rules:summarize-article` for an extractive summary. */
    model: text('model').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('news_summaries_created_idx').on(t.createdAt)],
);

/** Model-written summaries per account and UTC day, for the daily quota. */
export const newsSummaryUsage = sqliteTable(
  'news_summary_usage',
  {
    accountId: text('account_id').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
