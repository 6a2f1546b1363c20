import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';

export type CacheKind = 'chat' | 'embedding';

/** Digest of everything that decides an answer: endpoint, model and the exact input (canonical JSON). */
export function cacheDigest(kind: CacheKind, model: string, input: unknown): string {
  return createHash('sha256').update(JSON.stringify([kind, model, input])).digest('hex');
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

/** The cache in the SQLite file; synchronous work behind the interface's promises. */
export class SqliteLlmCache implements LlmCache {
  private readonly select: Database.Statement<[string, number], { answer: string }>;
  private readonly upsert: Database.Statement;
  private readonly expire: Database.Statement;
  private readonly trim: Database.Statement;
  private readonly storeTx: (entries: readonly CacheEntry[], now: number) => void;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly bounds: CacheBounds,
  ) {
    this.select = sqlite.prepare('SELECT answer FROM llm_cache WHERE digest = ? AND created_at >= ?');
    this.upsert = sqlite.prepare(
      `INSERT INTO llm_cache (digest, kind, model, answer, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (digest) DO UPDATE SET answer = excluded.answer, created_at = excluded.created_at`,
    );
    this.expire = sqlite.prepare('DELETE FROM llm_cache WHERE created_at < ?');
    this.trim = sqlite.prepare('DELETE FROM llm_cache WHERE digest IN (SELECT digest FROM llm_cache ORDER BY created_at DESC, digest LIMIT -1 OFFSET ?)');
    this.storeTx = sqlite.transaction((entries: readonly CacheEntry[], now: number) => {
      for (const e of entries) this.upsert.run(e.digest, e.kind, e.model, e.answer, now);
      this.expire.run(now - this.bounds.ttlMs);
      this.trim.run(this.bounds.maxEntries);
    });
  }

  async lookup(digests: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!cachingOn(this.bounds)) return found;
    const freshSince = this.clock.now() - this.bounds.ttlMs;
    for (const d of digests) {
      const answer = this.select.get(d, freshSince)?.answer;
      if (answer !== undefined) found.set(d, answer);
    }
    return found;
  }

  async store(entries: readonly CacheEntry[]): Promise<void> {
    if (!cachingOn(this.bounds) || entries.length === 0) return;
    this.storeTx(entries, this.clock.now());
  }
}
