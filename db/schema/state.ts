import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Answers of the model provider, keyed by a digest of (endpoint, model, input), so the same question
 * is asked once. Bounded by age and by row count (src/platform/llm/cache.ts).
 */
export const llmCache = sqliteTable(
  'llm_cache',
  {
    digest: text('digest').primaryKey(),
    /** `chat` or `embedding`. */
    kind: text('kind', { enum: ['chat', 'embedding'] }).notNull(),
    model: text('model').notNull(),
    /** JSON: the completion text, or the embedding vector. */
    answer: text('answer').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('llm_cache_created_idx').on(t.createdAt)],
);

/**
 * Background jobs run by the in-process worker (src/platform/jobs/): queued -> running -> done | failed.
 * Scoped to an account; an idempotency key or an identical input finds the existing job.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    /** JSON of the handler's input, and its SHA-256 over the canonical form (identical input, same job). */
    input: text('input').notNull(),
    inputDigest: text('input_digest').notNull(),
    idempotencyKey: text('idempotency_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** JSON of the handler's answer once done. */
    result: text('result'),
    error: text('error'),
    /** How many times a worker started it (a restart re-queues a job that was running). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_idx')
      .on(t.accountId, t.kind, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('jobs_input_idx').on(t.accountId, t.kind, t.inputDigest),
    index('jobs_state_idx').on(t.state, t.createdAt),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);

/**
 * Dated documents searchable by full text (src/platform/archive/). `seq` is the stable integer rowid
 * the FTS5 index `archive_fts` points at (created with its triggers in a custom migration: drizzle-kit
 * cannot express virtual tables); `id` is the caller's identifier.
 */
export const archiveDocuments = sqliteTable(
  'archive_documents',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull().unique(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** ISO 3166-1 alpha-2, or empty when the document concerns no single country. */
    country: text('country').notNull().default(''),
    occurredAt: integer('occurred_at').notNull(),
    source: text('source').notNull(),
    url: text('url').notNull().default(''),
    /** JSON object with whatever else the producer keeps. */
    metadata: text('metadata').notNull().default('{}'),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [
    index('archive_documents_occurred_idx').on(t.occurredAt),
    index('archive_documents_kind_idx').on(t.kind, t.occurredAt),
  ],
);
