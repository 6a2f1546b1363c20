import type Database from 'better-sqlite3';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import { toMatchExpression } from './query.js';

/** One dated document: a news item, an event report, a filing. `id` is the producer's own, stable id. */
export interface ArchiveDocument {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** ISO 3166-1 alpha-2, or '' / omitted when no single country. */
  country?: string;
  /** When it happened or was published (epoch ms). Retention counts from here. */
  occurredAt: number;
  source: string;
  url?: string;
  metadata?: Record<string, unknown>;
}

export interface ArchiveHit extends Required<ArchiveDocument> {
  /**
   * Relevance, higher is better, 0 without a query; title matches weigh twice body matches. Comparable
   * only within one engine: SQLite ranks with FTS5's bm25 (negated), PostgreSQL with `ts_rank`
   * normalised by document length, so the same hit scores differently and close calls may order apart.
   */
  score: number;
  /** The best matching passage with matches between `[` and `]` (the body's start without a query). */
  snippet: string;
}

export interface ArchiveSearch {
  /** Most hits (default 20, at most 200). */
  limit?: number;
  /** Only documents with `occurredAt` at or after / at or before these instants (epoch ms). */
  since?: number;
  until?: number;
  kinds?: string[];
  country?: string;
}

export interface ArchiveRetention {
  maxAgeMs: number;
  maxDocuments: number;
}

export class ArchiveUnavailable extends Error {
  override name = 'ArchiveUnavailable';
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 200;

/** The retention the configuration asks for (ARCHIVE_RETENTION_DAYS, ARCHIVE_MAX_DOCUMENTS). */
export function archiveRetention(
  config: Pick<Config, 'ARCHIVE_RETENTION_DAYS' | 'ARCHIVE_MAX_DOCUMENTS'>,
): ArchiveRetention {
  return { maxAgeMs: config.ARCHIVE_RETENTION_DAYS * 86_400_000, maxDocuments: config.ARCHIVE_MAX_DOCUMENTS };
}

/** The limit a search runs with: the default when omitted, clamped to 1..MAX_LIMIT. */
export function searchLimit(limit: number | undefined): number {
  return Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit ?? DEFAULT_LIMIT)));
}

/** Refuses a document no engine could index or expire; the same check on every engine. */
export function checkDocuments(docs: readonly ArchiveDocument[]): void {
  for (const d of docs) {
    if (!d.id || !Number.isFinite(d.occurredAt))
      throw new TypeError(`archive document ${JSON.stringify(d.id)} needs an id and a finite occurredAt`);
  }
}

/**
 * Full-text archive of dated documents (`deps.archive`): SQLite FTS5 by default (`SqliteArchive`),
 * PostgreSQL's text search with DATABASE_URL (`PgArchive` in archive-pg.ts). Both engines:
 * - `add` upserts by id (the last of duplicate ids in one call wins) and applies retention in the same
 *   transaction; an invalid document (no id, no finite `occurredAt`) rejects the whole call with a TypeError.
 * - `search` reads user text through `parseQuery` (query.ts): words, "phrases", `prefix*`, OR, NOT;
 *   anything else is ignored, so no input makes it fail. Words are stemmed (English) and diacritics
 *   folded. Hits come best first (ties: newest, then id); an empty query lists the newest documents.
 *   Filters: `occurredAt` within [since, until], `kind` among `kinds`, `country` (case-insensitive).
 * - Retention: documents more than `maxAgeMs` older (by `occurredAt`) than the newest archived one go,
 *   then the oldest past `maxDocuments`. Counted from the data's time, never the clock's: an archive of
 *   the bundled history started a year later keeps what it was given.
 * - The clock only stamps when a document was written (`added_at`).
 * Known differences: scores (see `ArchiveHit.score`), and PostgreSQL drops English stop words ("the",
 * "of") from documents and queries, so a query of stop words alone finds nothing there.
 */
export interface Archive {
  /** Adds or replaces (by id) documents, then applies retention. Returns how many retention removed. */
  add(docs: readonly ArchiveDocument[]): Promise<{ written: number; removed: number }>;
  /** Ranked full-text search; an empty query (or one with nothing searchable) lists the newest documents. */
  search(query: string, opts?: ArchiveSearch): Promise<ArchiveHit[]>;
  count(): Promise<number>;
  /** Applies retention now (also done by every `add`). Returns how many documents it removed. */
  prune(): Promise<number>;
}

interface HitRow {
  id: string;
  kind: string;
  title: string;
  body: string;
  country: string;
  occurred_at: number;
  source: string;
  url: string;
  metadata: string;
  rank: number;
  snippet: string;
}

const COLS = 'd.id, d.kind, d.title, d.body, d.country, d.occurred_at, d.source, d.url, d.metadata';
const FILTERS = `d.occurred_at BETWEEN @since AND @until
  AND (@kinds IS NULL OR d.kind IN (SELECT value FROM json_each(@kinds)))
  AND (@country IS NULL OR d.country = @country)`;

/**
 * The archive on SQLite FTS5 with bm25 ranking. The index (`archive_fts`, external content) is kept in
 * step by triggers, so every write, update and retention delete changes table and index in the same
 * transaction. The work is synchronous; the promises are the interface's.
 */
export class SqliteArchive implements Archive {
  private readonly upsert: Database.Statement;
  private readonly matching: Database.Statement;
  private readonly newest: Database.Statement;
  private readonly expire: Database.Statement<[number]>;
  private readonly trim: Database.Statement<[number]>;
  private readonly counter: Database.Statement<[], { n: number }>;
  private readonly addTx: (docs: ArchiveDocument[], now: number) => number;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly retention: ArchiveRetention,
  ) {
    // Checked at start-up: the index comes from a custom migration drizzle-kit does not track in its schema.
    const fts = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'archive_fts'`).get();
    if (!fts)
      throw new ArchiveUnavailable(
        'the archive full-text index (archive_fts) is missing: migration 0005_archive_fts was not applied',
      );
    this.upsert = sqlite.prepare(
      `INSERT INTO archive_documents (id, kind, title, body, country, occurred_at, source, url, metadata, added_at)
       VALUES (@id, @kind, @title, @body, @country, @occurredAt, @source, @url, @metadata, @now)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, title = excluded.title, body = excluded.body, country = excluded.country,
         occurred_at = excluded.occurred_at, source = excluded.source, url = excluded.url, metadata = excluded.metadata, added_at = excluded.added_at`,
    );
    this.matching = sqlite.prepare(
      `SELECT ${COLS}, bm25(archive_fts, 2.0, 1.0) AS rank, snippet(archive_fts, -1, '[', ']', '…', 16) AS snippet
       FROM archive_fts JOIN archive_documents d ON d.seq = archive_fts.rowid
       WHERE archive_fts MATCH @match AND ${FILTERS}
       ORDER BY rank, d.occurred_at DESC, d.id LIMIT @limit`,
    );
    this.newest = sqlite.prepare(
      `SELECT ${COLS}, 0 AS rank, substr(d.body, 1, 160) AS snippet FROM archive_documents d
       WHERE ${FILTERS} ORDER BY d.occurred_at DESC, d.id LIMIT @limit`,
    );
    // The age limit counts back from the newest archived document (the archive's data time), never the clock.
    this.expire = sqlite.prepare(
      'DELETE FROM archive_documents WHERE occurred_at < (SELECT max(occurred_at) FROM archive_documents) - ?',
    );
    this.trim = sqlite.prepare(
      'DELETE FROM archive_documents WHERE seq IN (SELECT seq FROM archive_documents ORDER BY occurred_at DESC, seq DESC LIMIT -1 OFFSET ?)',
    );
    this.counter = sqlite.prepare('SELECT count(*) AS n FROM archive_documents');
    this.addTx = sqlite.transaction((docs: ArchiveDocument[], now: number) => {
      for (const d of docs) {
        this.upsert.run({
          id: d.id,
          kind: d.kind,
          title: d.title,
          body: d.body,
          country: (d.country ?? '').toUpperCase(),
          occurredAt: d.occurredAt,
          source: d.source,
          url: d.url ?? '',
          metadata: JSON.stringify(d.metadata ?? {}),
          now,
        });
      }
      return this.pruneAt(now);
    });
  }

  async add(docs: readonly ArchiveDocument[]): Promise<{ written: number; removed: number }> {
    checkDocuments(docs);
    const removed = this.addTx([...docs], this.clock.now());
    return { written: docs.length, removed };
  }

  async search(query: string, opts: ArchiveSearch = {}): Promise<ArchiveHit[]> {
    const limit = searchLimit(opts.limit);
    const params = {
      since: opts.since ?? Number.MIN_SAFE_INTEGER,
      until: opts.until ?? Number.MAX_SAFE_INTEGER,
      kinds: opts.kinds?.length ? JSON.stringify(opts.kinds) : null,
      country: opts.country ? opts.country.toUpperCase() : null,
      limit,
    };
    const match = toMatchExpression(query);
    const rows = (match ? this.matching.all({ ...params, match }) : this.newest.all(params)) as HitRow[];
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      country: r.country,
      occurredAt: r.occurred_at,
      source: r.source,
      url: r.url,
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      score: r.rank === 0 ? 0 : -r.rank,
      snippet: r.snippet,
    }));
  }

  async count(): Promise<number> {
    return this.counter.get()!.n;
  }

  async prune(): Promise<number> {
    return this.pruneAt(this.clock.now());
  }

  private pruneAt(_now: number): number {
    const expired = this.expire.run(this.retention.maxAgeMs).changes;
    // The trim sorts the whole table: only when the cap is actually exceeded.
    return (
      expired +
      (this.counter.get()!.n > this.retention.maxDocuments ? this.trim.run(this.retention.maxDocuments).changes : 0)
    );
  }
}
