import { createHash } from 'node:crypto';
import { and, asc, desc, gte, inArray, lt, sql } from 'drizzle-orm';
import { LOCK_SPACE } from '../../../db/pg/client.js';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import { defineStore } from '../stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../stores/engine.js';

export type CacheKind = 'chat' | 'embedding';

/** Digest of everything that decides an answer: endpoint, model and the exact input (canonical JSON). */
export function cacheDigest(kind: CacheKind, model: string, input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, model, input]))
    .digest('hex');
}

export interface CacheEntry {
  digest: string;
  kind: CacheKind;
  model: string;
  /** JSON: the completion text, or the embedding vector. */
  answer: string;
}

export interface CacheBounds {
  ttlMs: number;
  maxEntries: number;
}

/** The bounds the configuration asks for (LLM_CACHE_TTL_MINUTES, LLM_CACHE_MAX_ENTRIES). */
export function llmCacheBounds(config: Pick<Config, 'LLM_CACHE_TTL_MINUTES' | 'LLM_CACHE_MAX_ENTRIES'>): CacheBounds {
  return { ttlMs: config.LLM_CACHE_TTL_MINUTES * 60_000, maxEntries: config.LLM_CACHE_MAX_ENTRIES };
}

/** Either bound at 0 turns caching off: nothing is read or written. */
export function cachingOn(bounds: CacheBounds): boolean {
  return bounds.ttlMs > 0 && bounds.maxEntries > 0;
}

/**
 * Model answers kept so the same input is asked once, also across restarts and, in PostgreSQL
 * (DATABASE_URL), across nodes. Both engines: an entry older than `ttlMs` is never returned and is
 * swept at the next write; past `maxEntries` the oldest go (ties by digest); storing a digest again
 * replaces its answer and age; the last of repeated digests in one call wins.
 */
export interface LlmCache {
  /** The fresh answers among `digests`, by digest; unknown and expired ones are absent. */
  lookup(digests: readonly string[]): Promise<Map<string, string>>;
  /** Stores answers (one transaction), then applies both bounds. */
  store(entries: readonly CacheEntry[]): Promise<void>;
}

/** Digests per lookup statement and rows per INSERT (5 bound values each): far below either engine's limit on parameters. */
const PER_STATEMENT = 1_000;

/**
 * `llm_cache` on either engine; in PostgreSQL an answer one node paid for is a hit on the others.
 * Writers take turns (PostgreSQL: one advisory lock; SQLite: the file's write lock), since upserts and
 * the sweeps touch overlapping rows in different orders and could otherwise deadlock between nodes.
 */
export class ModelAnswerCache implements LlmCache {
  constructor(
    private readonly engine: StoreEngine,
    private readonly clock: Clock,
    private readonly bounds: CacheBounds,
  ) {}

  async lookup(digests: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!cachingOn(this.bounds) || digests.length === 0) return found;
    const { llmCache } = this.engine.tables;
    const freshSince = this.clock.now() - this.bounds.ttlMs;
    const unique = [...new Set(digests)];
    for (let start = 0; start < unique.length; start += PER_STATEMENT) {
      const rows = await this.engine.db
        .select({ digest: llmCache.digest, answer: llmCache.answer })
        .from(llmCache)
        .where(
          and(
            inArray(llmCache.digest, unique.slice(start, start + PER_STATEMENT)),
            gte(llmCache.createdAt, freshSince),
          ),
        );
      for (const r of rows) found.set(r.digest, r.answer);
    }
    return found;
  }

  async store(entries: readonly CacheEntry[]): Promise<void> {
    if (!cachingOn(this.bounds) || entries.length === 0) return;
    const { llmCache } = this.engine.tables;
    const now = this.clock.now();
    const { ttlMs, maxEntries } = this.bounds;
    // One row per digest (one INSERT may not touch a row twice); the last wins, as successive upserts.
    const rows = [...new Map(entries.map((e) => [e.digest, e])).values()].map((e) => ({ ...e, createdAt: now }));
    await this.engine.transact(function* (tx) {
      yield* tx.lockWriters(LOCK_SPACE.llmCacheWriters);
      for (let start = 0; start < rows.length; start += PER_STATEMENT) {
        yield* step(
          tx.db
            .insert(llmCache)
            .values(rows.slice(start, start + PER_STATEMENT))
            .onConflictDoUpdate({
              target: llmCache.digest,
              set: { answer: sql`excluded.answer`, createdAt: sql`excluded.created_at` },
            }),
        );
      }
      yield* step(tx.db.delete(llmCache).where(lt(llmCache.createdAt, now - ttlMs)));
      // Past maxEntries the oldest go, ties by digest.
      const newest = tx.db
        .select({ digest: llmCache.digest })
        .from(llmCache)
        .orderBy(desc(llmCache.createdAt), asc(llmCache.digest));
      yield* step(tx.db.delete(llmCache).where(inArray(llmCache.digest, tx.skip(newest, maxEntries))));
    });
  }
}

/** Model answers already paid for. */
export const LLM_CACHE = defineStore<LlmCache>({
  name: 'llm_cache',
  sqlite: ({ db, clock, config }) => new ModelAnswerCache(sqliteEngine(db), clock, llmCacheBounds(config)),
  postgres: ({ db, clock, config }) => new ModelAnswerCache(postgresEngine(db), clock, llmCacheBounds(config)),
});
