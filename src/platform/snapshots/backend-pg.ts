import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDb } from '../../../db/pg/client.js';
import { LOCK_SPACE } from '../../../db/pg/client.js';
import { snapshotMeta, snapshotRecords, snapshotVersions } from '../../../db/pg/schema/index.js';
import {
  parseInfo,
  type LockedRun,
  type PublishInput,
  type PublishOutcome,
  type SnapshotBackend,
  type SnapshotMeta,
  type SnapshotVersion,
  type VersionsAt,
} from './backend.js';

type MetaRow = typeof snapshotMeta.$inferSelect;
type VersionRow = typeof snapshotVersions.$inferSelect;

function toVersion(row: VersionRow): SnapshotVersion {
  return { ...row, info: parseInfo(row.info) };
}

/** Wait between attempts to re-take a dataset's lock after its connection was lost. */
const RETAKE_MS = 250;

function toMeta(row: MetaRow): SnapshotMeta {
  return {
    dataset: row.dataset,
    version: row.version,
    fetchedAt: row.fetchedAt,
    capturedAt: row.capturedAt,
    origin: row.origin as SnapshotMeta['origin'],
    recordCount: row.recordCount,
    source: row.source,
    info: parseInfo(row.info),
    lastAttemptAt: row.lastAttemptAt,
    lastSuccessAt: row.lastSuccessAt,
    lastError: row.lastError,
  };
}

/**
 * The snapshot tables in a PostgreSQL database shared by every node, through drizzle's PostgreSQL
 * dialect over a `pg` pool. Same protocol as SQLite: rows staged under a fresh version, published by
 * one small transaction that checks they are all there and that nothing newer went out meanwhile.
 * Ingestion of one dataset is serialised across nodes by a session advisory lock.
 */
export class PgSnapshotBackend implements SnapshotBackend {
  readonly engine = 'postgres' as const;
  readonly sync = undefined;

  constructor(
    private readonly db: PgDb,
    private readonly ownsPool = true,
  ) {}

  async meta(dataset: string): Promise<SnapshotMeta | undefined> {
    const [row] = await this.db.select().from(snapshotMeta).where(eq(snapshotMeta.dataset, dataset));
    return row ? toMeta(row) : undefined;
  }

  async allMeta(): Promise<SnapshotMeta[]> {
    // Byte order, as SQLite's default collation sorts the names.
    const rows = await this.db
      .select()
      .from(snapshotMeta)
      .orderBy(sql`${snapshotMeta.dataset} COLLATE "C"`);
    return rows.map(toMeta);
  }

  async readChunk(dataset: string, version: number, from: number, to: number): Promise<string[]> {
    const rows = await this.db
      .select({ payload: snapshotRecords.payload })
      .from(snapshotRecords)
      .where(
        and(
          eq(snapshotRecords.dataset, dataset),
          eq(snapshotRecords.version, version),
          gte(snapshotRecords.seq, from),
          lt(snapshotRecords.seq, to),
        ),
      )
      .orderBy(asc(snapshotRecords.seq));
    return rows.map((r) => r.payload);
  }

  async allocateVersion(dataset: string, source: string): Promise<number> {
    const [row] = await this.db
      .insert(snapshotMeta)
      .values({ dataset, source, stagedVersion: 1 })
      .onConflictDoUpdate({
        target: snapshotMeta.dataset,
        set: { stagedVersion: sql`GREATEST(${snapshotMeta.stagedVersion}, ${snapshotMeta.version}) + 1` },
      })
      .returning({ staged: snapshotMeta.stagedVersion });
    return row.staged;
  }

  async writeRecords(dataset: string, version: number, firstSeq: number, payloads: readonly string[]): Promise<void> {
    if (payloads.length === 0) return;
    // Two array parameters instead of four per row: one statement per chunk, whatever its size.
    const seqs = payloads.map((_, i) => firstSeq + i);
    await this.db.execute(sql`
      INSERT INTO ${snapshotRecords} (dataset, version, seq, payload)
      SELECT ${dataset}, ${version}, s, p FROM unnest(${sql.param(seqs)}::int[], ${sql.param(payloads)}::text[]) AS t(s, p)`);
  }

  async publish(input: PublishInput): Promise<PublishOutcome> {
    return this.db.transaction(async (tx) => {
      // The meta row is locked first, so a concurrent publish of the same dataset waits for this one.
      const [current] = await tx
        .select({ v: snapshotMeta.version })
        .from(snapshotMeta)
        .where(eq(snapshotMeta.dataset, input.dataset))
        .for('update');
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(snapshotRecords)
        .where(and(eq(snapshotRecords.dataset, input.dataset), eq(snapshotRecords.version, input.version)));
      if (n !== input.count) return 'rows-missing';
      if ((current?.v ?? 0) >= input.version) return 'superseded';
      // The version being replaced stops holding at the new one's publication.
      if (current)
        await tx
          .update(snapshotVersions)
          .set({ validUntil: input.now })
          .where(and(eq(snapshotVersions.dataset, input.dataset), eq(snapshotVersions.version, current.v)));
      await tx
        .update(snapshotMeta)
        .set({
          version: input.version,
          fetchedAt: input.now,
          capturedAt: input.capturedAt,
          origin: input.origin,
          recordCount: input.count,
          source: input.source,
          info: input.info,
          lastAttemptAt: input.now,
          lastSuccessAt: input.now,
          lastError: null,
        })
        .where(eq(snapshotMeta.dataset, input.dataset));
      await tx.insert(snapshotVersions).values({
        dataset: input.dataset,
        version: input.version,
        validFrom: input.now,
        validUntil: input.now,
        fetchedAt: input.now,
        capturedAt: input.capturedAt,
        origin: input.origin,
        recordCount: input.count,
        contentHash: input.contentHash,
        source: input.source,
        info: input.info,
      });
      return 'published';
    });
  }

  async confirm(dataset: string, version: number, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(snapshotMeta)
        .set({ lastAttemptAt: now, lastSuccessAt: now, lastError: null })
        .where(and(eq(snapshotMeta.dataset, dataset), eq(snapshotMeta.version, version)))
        .returning({ v: snapshotMeta.version });
      if (updated.length === 0) return false;
      await tx
        .update(snapshotVersions)
        .set({ validUntil: sql`GREATEST(${snapshotVersions.validUntil}, ${now})` })
        .where(and(eq(snapshotVersions.dataset, dataset), eq(snapshotVersions.version, version)));
      return true;
    });
  }

  async history(dataset: string): Promise<SnapshotVersion[]> {
    const rows = await this.db
      .select()
      .from(snapshotVersions)
      .where(eq(snapshotVersions.dataset, dataset))
      .orderBy(desc(snapshotVersions.version));
    return rows.map(toVersion);
  }

  async versionRecord(dataset: string, version: number): Promise<SnapshotVersion | undefined> {
    const [row] = await this.db
      .select()
      .from(snapshotVersions)
      .where(and(eq(snapshotVersions.dataset, dataset), eq(snapshotVersions.version, version)));
    return row ? toVersion(row) : undefined;
  }

  async versionsAt(instant: number): Promise<VersionsAt> {
    // One snapshot of the table for both answers (REPEATABLE READ), so a prune between them cannot disagree.
    return this.db.transaction(
      async (tx) => {
        const inForce = await tx.execute<Record<string, unknown>>(sql`
          SELECT DISTINCT ON (dataset) * FROM ${snapshotVersions}
          WHERE valid_from <= ${instant} ORDER BY dataset, version DESC`);
        const earliest = await tx
          .select({ dataset: snapshotVersions.dataset, validFrom: sql<string>`MIN(${snapshotVersions.validFrom})` })
          .from(snapshotVersions)
          .groupBy(snapshotVersions.dataset);
        return {
          inForce: inForce.rows.map((r) => ({
            dataset: String(r.dataset),
            version: Number(r.version),
            validFrom: Number(r.valid_from),
            validUntil: Number(r.valid_until),
            fetchedAt: Number(r.fetched_at),
            capturedAt: Number(r.captured_at),
            origin: String(r.origin),
            recordCount: Number(r.record_count),
            contentHash: String(r.content_hash),
            source: String(r.source),
            info: parseInfo(String(r.info)),
          })),
          earliest: earliest.map((r) => ({ dataset: r.dataset, validFrom: Number(r.validFrom) })),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async forgetVersions(dataset: string, versions: readonly number[]): Promise<void> {
    if (versions.length === 0) return;
    await this.db
      .delete(snapshotVersions)
      .where(and(eq(snapshotVersions.dataset, dataset), inArray(snapshotVersions.version, [...versions])));
  }

  async recordFailure(dataset: string, source: string, now: number, error: string): Promise<void> {
    await this.db
      .insert(snapshotMeta)
      .values({ dataset, source, lastAttemptAt: now, lastError: error })
      .onConflictDoUpdate({ target: snapshotMeta.dataset, set: { lastAttemptAt: now, lastError: error } });
  }

  async removeRecords(dataset: string, version: number, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      DELETE FROM ${snapshotRecords} WHERE (dataset, version, seq) IN (
        SELECT dataset, version, seq FROM ${snapshotRecords} WHERE dataset = ${dataset} AND version = ${version} LIMIT ${limit})`);
    return result.rowCount ?? 0;
  }

  async staleVersions(dataset: string, upTo: number): Promise<number[]> {
    const rows = await this.db.execute<{ version: number }>(sql`
      SELECT DISTINCT r.version FROM ${snapshotRecords} r
      WHERE r.dataset = ${dataset} AND r.version <= ${upTo}
        AND r.version <> COALESCE((SELECT MAX(m.version) FROM ${snapshotMeta} m WHERE m.dataset = ${dataset}), 0)
        AND NOT EXISTS (SELECT 1 FROM ${snapshotVersions} v WHERE v.dataset = r.dataset AND v.version = r.version)`);
    return rows.rows.map((r) => Number(r.version));
  }

  async strayVersions(): Promise<{ dataset: string; version: number }[]> {
    const rows = await this.db.execute<{ dataset: string; version: number }>(sql`
      SELECT DISTINCT r.dataset, r.version FROM ${snapshotRecords} r LEFT JOIN ${snapshotMeta} m ON m.dataset = r.dataset
      WHERE r.version <> COALESCE(m.version, 0)
        AND NOT EXISTS (SELECT 1 FROM ${snapshotVersions} v WHERE v.dataset = r.dataset AND v.version = r.version)`);
    return rows.rows;
  }

  /**
   * A session-level advisory lock keyed by the dataset name's hash, taken on one pooled connection and
   * held for the whole run. If the node dies, its session ends and PostgreSQL releases the lock, so a
   * crashed node never blocks the others. A hash collision only means two datasets take turns.
   *
   * If PostgreSQL closes that connection mid-run (restart, failover, pg_terminate_backend), the process
   * stays up: the lock is taken again on a new connection, and the run's end (publish happens inside
   * `fn`, but its own checks make a concurrent publish harmless) waits until it is held again.
   */
  async withDatasetLock<T>(dataset: string, fn: () => Promise<T>): Promise<LockedRun<T>> {
    const key = [LOCK_SPACE.datasetRuns, dataset];
    let client: pg.PoolClient | undefined = await this.db.$client.connect();
    let retaking: Promise<void> | undefined;
    let running = true;
    const watch = (c: pg.PoolClient) => {
      // Without a listener the connection's loss would be an uncaught 'error' and end the process.
      const lost = (err?: Error) => {
        if (client !== c) return;
        client = undefined;
        c.release(err ?? true);
        retaking ??= retake();
      };
      c.on('error', lost);
      c.on('end', lost);
      return () => {
        c.off('error', lost);
        c.off('end', lost);
      };
    };
    let detach = watch(client);
    const retake = async () => {
      // Another node may have started this dataset's run meanwhile: wait for its turn, as a new run would.
      while (running) {
        let c: pg.PoolClient | undefined;
        try {
          c = await this.db.$client.connect();
          c.on('error', () => undefined);
          const res = await c.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
            key,
          );
          if (res.rows[0].locked) {
            locked = true;
            client = c;
            detach = watch(c);
            break;
          }
          c.release();
        } catch (err) {
          c?.release(err as Error);
        }
        await new Promise((r) => setTimeout(r, RETAKE_MS));
      }
      retaking = undefined;
    };
    let locked = false;
    try {
      const res = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        key,
      );
      locked = res.rows[0].locked;
      if (!locked) return { acquired: false };
      const value = await fn();
      await retaking;
      return { acquired: true, value };
    } finally {
      running = false;
      await retaking;
      detach();
      const held = client;
      if (held && locked) {
        try {
          await held.query('SELECT pg_advisory_unlock($1, hashtext($2))', key);
          held.release();
        } catch (err) {
          // The session may still hold the lock: discard the connection so the server releases it.
          held.release(err as Error);
        }
      } else held?.release();
    }
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.db.$client.end();
  }
}
