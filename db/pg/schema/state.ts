import { sql, type SQL } from 'drizzle-orm';
import { pgTable, text, integer, bigint, bigserial, index, uniqueIndex, customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of `jobs` (db/schema/state.ts), plus what a cluster needs: `seq` orders the queue
 * (SQLite uses its rowid) and `worker` names the node running the job, so a node's start-up recovery
 * re-queues only jobs whose node is gone (see src/platform/jobs/backend-pg.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    input: text('input').notNull(),
    inputDigest: text('input_digest').notNull(),
    idempotencyKey: text('idempotency_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    result: text('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    startedAt: bigint('started_at', { mode: 'number' }),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    worker: text('worker'),
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

/** PostgreSQL twin of `llm_cache` (db/schema/state.ts): model answers by digest of their input. */
export const llmCache = pgTable(
  'llm_cache',
  {
    digest: text('digest').primaryKey(),
    kind: text('kind', { enum: ['chat', 'embedding'] }).notNull(),
    model: text('model').notNull(),
    answer: text('answer').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('llm_cache_created_idx').on(t.createdAt)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Letters with diacritics and the lower-case letter each folds to (Latin-1, Latin Extended-A/B), so
 * "Grève" is found by "greve" as with FTS5's remove_diacritics, without the unaccent extension.
 * Upper case is listed too: under the C locale `lower` changes ASCII letters only. `translate` is
 * immutable, so the fold can feed a generated column.
 */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳøØłŁđĐħĦŧŦı';
export const FOLD_TO =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyoollddhhtti';
/** The text search configuration of the archive: English stemming (PostgreSQL's `english` drops stop words). */
export const ARCHIVE_TS_CONFIG = 'english';

/** `to_tsvector` of text with its diacritics folded; `text` is a column reference or a bound value. */
export function foldedVector(text: SQL): SQL {
  return sql`to_tsvector('${sql.raw(ARCHIVE_TS_CONFIG)}', translate(lower(${text}), '${sql.raw(FOLD_FROM)}', '${sql.raw(FOLD_TO)}'))`;
}

/**
 * PostgreSQL twin of `archive_documents`. Instead of FTS5's external index, `search` is a generated
 * tsvector (title weight A, body weight B) kept by the server on every write, with a GIN index.
 */
export const archiveDocuments = pgTable(
  'archive_documents',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    country: text('country').notNull().default(''),
    occurredAt: bigint('occurred_at', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    url: text('url').notNull().default(''),
    metadata: text('metadata').notNull().default('{}'),
    addedAt: bigint('added_at', { mode: 'number' }).notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(${foldedVector(sql.raw('"title"'))}, 'A') || setweight(${foldedVector(sql.raw('"body"'))}, 'B')`,
      ),
  },
  (t) => [
    index('archive_documents_occurred_idx').on(t.occurredAt),
    index('archive_documents_kind_idx').on(t.kind, t.occurredAt),
    index('archive_documents_search_idx').using('gin', t.search),
  ],
);
