import { count, lt, sql, type SQL } from 'drizzle-orm';
import { LOCK_SPACE, type PgDb } from '../../../db/pg/client.js';
import { ARCHIVE_TS_CONFIG, FOLD_FROM, FOLD_TO, archiveDocuments, foldedVector } from '../../../db/pg/schema/index.js';
import type { Clock } from '../clock.js';
import {
  checkDocuments,
  searchLimit,
  type Archive,
  type ArchiveDocument,
  type ArchiveHit,
  type ArchiveRetention,
  type ArchiveSearch,
} from './archive.js';
import { parseQuery, type ParsedQuery, type QueryTerm } from './query.js';

/** Rows per INSERT statement (11 bound values each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 500;
/** ts_rank weights for D, C, B (body), A (title): a title match weighs twice a body match, as with bm25(2.0, 1.0). */
const RANK_WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';
/** ts_rank normalisation 1: divided by 1 + log(document length), so a short title match beats a long text. */
const RANK_NORMALISATION = 1;
const HEADLINE = 'StartSel=[, StopSel=], MinWords=6, MaxWords=16, MaxFragments=1, FragmentDelimiter=" … "';
const CONFIG = sql.raw(`'${ARCHIVE_TS_CONFIG}'`);

interface HitRow extends Record<string, unknown> {
  id: string;
  kind: string;
  title: string;
  body: string;
  country: string;
  occurred_at: string | number;
  source: string;
  url: string;
  metadata: string;
  score: number;
  snippet: string;
}

/** PostgreSQL refuses NUL in text; SQLite keeps it. Documents lose it here, nothing else. */
const clean = (s: string) => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

const fold = (value: string): SQL => sql`translate(lower(${value}), ${FOLD_FROM}, ${FOLD_TO})`;

/** One term as a tsquery: a word, a phrase (`<->` between its words) or a prefix (`:*`). */
function termQuery(t: QueryTerm): SQL {
  // Words hold only letters, digits and marks, so quoting one for to_tsquery cannot break out.
  if (t.prefix) return sql`to_tsquery(${CONFIG}, '''' || ${fold(t.words[0]!)} || ''':*')`;
  if (t.words.length > 1) return sql`phraseto_tsquery(${CONFIG}, ${fold(t.words.join(' '))})`;
  return sql`plainto_tsquery(${CONFIG}, ${fold(t.words[0]!)})`;
}

/**
 * The parsed query as one tsquery expression, parenthesised because `&&`, `||` and `!!` share one
 * precedence in SQL: (a && b && !!c) || (d). A term of stop words only is an empty tsquery, which
 * the operators skip; a query left empty matches nothing.
 */
function tsQuery(parsed: ParsedQuery): SQL {
  const alternatives = parsed.map(
    (alt) =>
      sql`(${sql.join(
        alt.terms.map(({ term, negated }) => (negated ? sql`(!! ${termQuery(term)})` : sql`(${termQuery(term)})`)),
        sql` && `,
      )})`,
  );
  return sql`(${sql.join(alternatives, sql` || `)})`;
}

/**
 * The archive in PostgreSQL, shared by every node, on the server's own text search: a generated
 * tsvector column (title weight A, body B, English stemming, diacritics folded) with a GIN index,
 * ranked by `ts_rank`, snippets by `ts_headline`. Writers take one advisory lock in turn, so upserts
 * and retention deletes from several nodes never deadlock. See `Archive` for the shared contract.
 */
export class PgArchive implements Archive {
  constructor(
    private readonly db: PgDb,
    private readonly clock: Clock,
    private readonly retention: ArchiveRetention,
  ) {}

  async add(docs: readonly ArchiveDocument[]): Promise<{ written: number; removed: number }> {
    checkDocuments(docs);
    const now = this.clock.now();
    // One row per id (the last wins, as successive SQLite upserts), in id order.
    const rows = [...new Map(docs.map((d) => [d.id, d])).values()]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((d) => ({
        id: clean(d.id),
        kind: clean(d.kind),
        title: clean(d.title),
        body: clean(d.body),
        country: clean(d.country ?? '').toUpperCase(),
        occurredAt: d.occurredAt,
        source: clean(d.source),
        url: clean(d.url ?? ''),
        metadata: clean(JSON.stringify(d.metadata ?? {})),
        addedAt: now,
      }));
    const removed = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE.archiveWriters}, 0)`);
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        await tx
          .insert(archiveDocuments)
          .values(rows.slice(start, start + ROWS_PER_STATEMENT))
          .onConflictDoUpdate({
            target: archiveDocuments.id,
            set: {
              kind: sql`excluded.kind`,
              title: sql`excluded.title`,
              body: sql`excluded.body`,
              country: sql`excluded.country`,
              occurredAt: sql`excluded.occurred_at`,
              source: sql`excluded.source`,
              url: sql`excluded.url`,
              metadata: sql`excluded.metadata`,
              addedAt: sql`excluded.added_at`,
            },
          });
      }
      return this.pruneWith(tx, now);
    });
    return { written: docs.length, removed };
  }

  async search(query: string, opts: ArchiveSearch = {}): Promise<ArchiveHit[]> {
    const limit = searchLimit(opts.limit);
    const filters = sql.join(
      [
        opts.since !== undefined ? sql`d.occurred_at >= ${opts.since}` : undefined,
        opts.until !== undefined ? sql`d.occurred_at <= ${opts.until}` : undefined,
        opts.kinds?.length
          ? sql`d.kind IN (${sql.join(
              opts.kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
        opts.country ? sql`d.country = ${opts.country.toUpperCase()}` : undefined,
        sql`TRUE`,
      ].filter((f): f is SQL => f !== undefined),
      sql` AND `,
    );
    const cols = sql`d.id, d.kind, d.title, d.body, d.country, d.occurred_at, d.source, d.url, d.metadata`;
    const parsed = parseQuery(query);
    let result;
    if (parsed) {
      const q = tsQuery(parsed);
      // Headlines are costly: computed for the page only, from the body unless only the title matches.
      result = await this.db.execute<HitRow>(sql`
        SELECT m.*, CASE WHEN NOT (${foldedVector(sql`m.body`)} @@ ${q}) AND ${foldedVector(sql`m.title`)} @@ ${q}
                         THEN ts_headline(${CONFIG}, m.title, ${q}, ${HEADLINE})
                         ELSE ts_headline(${CONFIG}, m.body, ${q}, ${HEADLINE}) END AS snippet
        FROM (SELECT ${cols}, ts_rank(${RANK_WEIGHTS}::float4[], d.search, ${q}, ${RANK_NORMALISATION})::float8 AS score
              FROM archive_documents d WHERE d.search @@ ${q} AND ${filters}
              ORDER BY score DESC, d.occurred_at DESC, d.id LIMIT ${limit}) m
        ORDER BY m.score DESC, m.occurred_at DESC, m.id`);
    } else {
      result = await this.db.execute<HitRow>(sql`
        SELECT ${cols}, 0::float8 AS score, substr(d.body, 1, 160) AS snippet FROM archive_documents d
        WHERE ${filters} ORDER BY d.occurred_at DESC, d.id LIMIT ${limit}`);
    }
    return result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      country: r.country,
      occurredAt: Number(r.occurred_at),
      source: r.source,
      url: r.url,
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      score: r.score,
      snippet: r.snippet,
    }));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(archiveDocuments);
    return row?.n ?? 0;
  }

  async prune(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE.archiveWriters}, 0)`);
      return this.pruneWith(tx, now);
    });
  }

  private async pruneWith(tx: Pick<PgDb, 'delete' | 'execute' | 'select'>, _now: number): Promise<number> {
    // The age limit counts back from the newest archived document (the archive's data time), never the clock.
    const expired = await tx
      .delete(archiveDocuments)
      .where(
        lt(
          archiveDocuments.occurredAt,
          sql`(SELECT max(occurred_at) FROM archive_documents) - ${this.retention.maxAgeMs}`,
        ),
      );
    let removed = expired.rowCount ?? 0;
    // The trim sorts the whole table: only when the cap is actually exceeded.
    const [row] = await tx.select({ n: count() }).from(archiveDocuments);
    if ((row?.n ?? 0) > this.retention.maxDocuments) {
      const trimmed = await tx.execute(sql`DELETE FROM archive_documents WHERE seq IN (
        SELECT seq FROM archive_documents ORDER BY occurred_at DESC, seq DESC OFFSET ${this.retention.maxDocuments})`);
      removed += trimmed.rowCount ?? 0;
    }
    return removed;
  }
}
