import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';

export type CacheKind = 'chat' | 'embedding';

/** Digest of everything that decides an answer: endpoint, model and the exact input (canonical JSON). */
export function cacheDigest(kind: CacheKind, model: string, input: unknown): string {
  return createHash('sha256').update(JSON.stringify([kind, model, input])).digest('hex');
}

/**
 * Model answers kept in SQLite so the same input is asked once (and survives a restart). An entry
 * older than `ttlMs` is ignored and swept; past `maxEntries` the oldest go. Either bound at 0 turns
 * caching off.
 */
export class LlmCache {
  private readonly select: Database.Statement<[string, number], { answer: string }>;
  private readonly upsert: Database.Statement;
  private readonly expire: Database.Statement;
  private readonly trim: Database.Statement;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly bounds: { ttlMs: number; maxEntries: number },
  ) {
    this.select = sqlite.prepare('SELECT answer FROM llm_cache WHERE digest = ? AND created_at >= ?');
    this.upsert = sqlite.prepare(
      `INSERT INTO llm_cache (digest, kind, model, answer, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (digest) DO UPDATE SET answer = excluded.answer, created_at = excluded.created_at`,
    );
    this.expire = sqlite.prepare('DELETE FROM llm_cache WHERE created_at < ?');
    this.trim = sqlite.prepare('DELETE FROM llm_cache WHERE digest IN (SELECT digest FROM llm_cache ORDER BY created_at DESC, digest LIMIT -1 OFFSET ?)');
  }

  private get enabled(): boolean {
    return this.bounds.ttlMs > 0 && this.bounds.maxEntries > 0;
  }

  get(digest: string): string | undefined {
    if (!this.enabled) return undefined;
    return this.select.get(digest, this.clock.now() - this.bounds.ttlMs)?.answer;
  }

  put(digest: string, kind: CacheKind, model: string, answer: string): void {
    if (!this.enabled) return;
    const now = this.clock.now();
    this.upsert.run(digest, kind, model, answer, now);
    this.expire.run(now - this.bounds.ttlMs);
    this.trim.run(this.bounds.maxEntries);
  }
}
