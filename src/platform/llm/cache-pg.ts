import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { LOCK_SPACE, type PgDb } from '../../../db/pg/client.js';
import { llmCache } from '../../../db/pg/schema/index.js';
import type { Clock } from '../clock.js';
import { cachingOn, type CacheBounds, type CacheEntry, type LlmCache } from './cache.js';

/** Digests per lookup statement and rows per INSERT (5 bound values each): far below PostgreSQL's 65,535 parameters. */
const PER_STATEMENT = 1_000;

/**
 * The model-answer cache in PostgreSQL, shared by every node: an answer one node paid for is a hit on
 * the others. Writers take one advisory lock in turn (upserts and the sweeps touch overlapping rows in
 * different orders, which could otherwise deadlock between nodes).
 */
export class PgLlmCache implements LlmCache {
  constructor(
    private readonly db: PgDb,
    private readonly clock: Clock,
    private readonly bounds: CacheBounds,
  ) {}

  async lookup(digests: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!cachingOn(this.bounds) || digests.length === 0) return found;
    const freshSince = this.clock.now() - this.bounds.ttlMs;
    const unique = [...new Set(digests)];
    for (let start = 0; start < unique.length; start += PER_STATEMENT) {
      const rows = await this.db
        .select({ digest: llmCache.digest, answer: llmCache.answer })
        .from(llmCache)
        .where(and(inArray(llmCache.digest, unique.slice(start, start + PER_STATEMENT)), gte(llmCache.createdAt, freshSince)));
      for (const r of rows) found.set(r.digest, r.answer);
    }
    return found;
  }

  async store(entries: readonly CacheEntry[]): Promise<void> {
    if (!cachingOn(this.bounds) || entries.length === 0) return;
    const now = this.clock.now();
    // One row per digest (one INSERT may not touch a row twice); the last wins, as successive upserts.
    const rows = [...new Map(entries.map((e) => [e.digest, e])).values()].map((e) => ({ ...e, createdAt: now }));
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE.llmCacheWriters}, 0)`);
      for (let start = 0; start < rows.length; start += PER_STATEMENT) {
        await tx
          .insert(llmCache)
          .values(rows.slice(start, start + PER_STATEMENT))
          .onConflictDoUpdate({ target: llmCache.digest, set: { answer: sql`excluded.answer`, createdAt: sql`excluded.created_at` } });
      }
      await tx.delete(llmCache).where(lt(llmCache.createdAt, now - this.bounds.ttlMs));
      await tx.execute(sql`DELETE FROM llm_cache WHERE digest IN (
        SELECT digest FROM llm_cache ORDER BY created_at DESC, digest OFFSET ${this.bounds.maxEntries})`);
    });
  }
}
