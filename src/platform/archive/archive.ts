import type Database from 'better-sqlite3';
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
  /** Relevance: the negated FTS5 bm25 rank (title weighs twice the body); higher is better, 0 without a query. */
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

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;
const COLS = 'd.id, d.kind, d.title, d.body, d.country, d.occurred_at, d.source, d.url, d.metadata';
const FILTERS = `d.occurred_at BETWEEN @since AND @until
  AND (@kinds IS NULL OR d.kind IN (SELECT value FROM json_each(@kinds)))
  AND (@country IS NULL OR d.country = @country)`;

/**
 * Full-text archive of dated documents (`deps.archive`) on SQLite FTS5 with bm25 ranking. The index
 * (`archive_fts`, external content) is kept in step by triggers, so every write, update and retention
 * delete changes table and index in the same transaction.
 */
export class Archive {
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
    if (!fts) throw new ArchiveUnavailable('the archive full-text index (archive_fts) is missing: migration 0005_archive_fts was not applied');
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
    this.expire = sqlite.prepare('DELETE FROM archive_documents WHERE occurred_at < ?');
    this.trim = sqlite.prepare('DELETE FROM archive_documents WHERE seq IN (SELECT seq FROM archive_documents ORDER BY occurred_at DESC, seq DESC LIMIT -1 OFFSET ?)');
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

  /** Adds or replaces (by id) documents, then applies retention, in one transaction. Returns how many retention removed. */
  add(docs: readonly ArchiveDocument[]): { written: number; removed: number } {
    for (const d of docs) {
      if (!d.id || !Number.isFinite(d.occurredAt)) throw new TypeError(`archive document ${JSON.stringify(d.id)} needs an id and a finite occurredAt`);
    }
    const removed = this.addTx([...docs], this.clock.now());
    return { written: docs.length, removed };
  }

  /**
   * Ranked full-text search. `query` is user text, made safe by `toMatchExpression`; an empty query
   * (or one with nothing searchable) lists the newest documents matching the filters.
   */
  search(query: string, opts: ArchiveSearch = {}): ArchiveHit[] {
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(opts.limit ?? DEFAULT_LIMIT)));
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

  count(): number {
    return this.counter.get()!.n;
  }

  /** Applies retention now (also done by every `add`): documents past the age limit, then the oldest past the count. */
  prune(): number {
    return this.pruneAt(this.clock.now());
  }

  private pruneAt(now: number): number {
    const expired = this.expire.run(now - this.retention.maxAgeMs).changes;
    // The trim sorts the whole table: only when the cap is actually exceeded.
    return expired + (this.count() > this.retention.maxDocuments ? this.trim.run(this.retention.maxDocuments).changes : 0);
  }
}
