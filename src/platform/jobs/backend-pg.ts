import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import { LOCK_SPACE, isPgConnectionLoss, type PgDb } from '../../../db/pg/client.js';
import { jobs } from '../../../db/pg/schema/index.js';
import { ServiceError } from '../errors.js';
import type { JobBackend } from './backend.js';
import type { Job } from './store.js';

type JobRow = typeof jobs.$inferSelect;

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    accountId: r.accountId,
    state: r.state,
    input: JSON.parse(r.input),
    result: r.result === null ? null : JSON.parse(r.result),
    error: r.error,
    attempts: r.attempts,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

/**
 * The job queue's table in PostgreSQL, shared by every node. Claims use FOR UPDATE SKIP LOCKED, so
 * two nodes never take the same job. Each node is a `worker` that holds a session advisory lock for
 * as long as it lives (`start`); a `running` job whose worker holds no such lock belongs to a node
 * that is gone, and only those are recovered. The lock dies with the node's connection, so a
 * SIGKILLed node's jobs are recovered by the next node that starts.
 *
 * PostgreSQL may close the lock's connection under a live node (restart, failover,
 * pg_terminate_backend). The node then stays up, connects again and re-takes its lock; until it holds
 * it again it claims nothing and recovers nothing (its own running jobs would look abandoned), and a
 * job another node recovered meanwhile is no longer this node's to finish.
 */
export class PgJobBackend implements JobBackend {
  readonly shared = true;
  private lockClient: pg.PoolClient | undefined;
  /** True while `lockClient` holds the worker lock; false from the connection's loss until it is re-taken. */
  private locked = false;
  private wanted = false;
  private retaking: Promise<void> | undefined;
  /** Told when the lock's connection is lost (held false) and when the lock is held again (the operator's log). */
  onLockChange: (held: boolean, err?: Error) => void = () => undefined;
  /** Removes the loss listeners from the lock's connection before it goes back to the pool. */
  private detach: (() => void) | undefined;

  constructor(
    private readonly db: PgDb,
    /** This node's name in the `worker` column. */
    readonly worker: string = randomUUID(),
    /** Wait between attempts to re-take the lock after losing it. */
    private readonly retryMs = 500,
  ) {}

  /** Whether this node holds its worker lock now (false while it is re-taken after a lost connection). */
  get holdsLock(): boolean {
    return this.locked;
  }

  /** Announces this node as alive (takes its worker lock on a connection held until `close`). */
  async start(): Promise<void> {
    if (this.lockClient) return;
    this.wanted = true;
    await this.takeLock();
  }

  private async takeLock(): Promise<void> {
    const client = await this.db.$client.connect();
    // Without a listener, the connection's loss would be an uncaught 'error' and end the process.
    const lost = (err?: Error) => this.lockLost(client, err);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE.jobWorkers, this.worker]);
    } catch (err) {
      client.off('end', lost);
      client.release(err as Error);
      throw err;
    }
    if (!this.wanted) {
      // Closed while the lock was on its way.
      client.off('end', lost);
      client.release(true);
      return;
    }
    this.lockClient = client;
    this.locked = true;
    this.detach = () => {
      client.off('error', lost);
      client.off('end', lost);
    };
  }

  private lockLost(client: pg.PoolClient, err?: Error): void {
    if (this.lockClient !== client) return;
    this.lockClient = undefined;
    this.locked = false;
    this.detach = undefined;
    client.release(err ?? true);
    if (!this.wanted) return;
    this.onLockChange(false, err);
    this.retaking ??= (async () => {
      while (this.wanted && !this.lockClient) {
        try {
          await this.takeLock();
        } catch {
          await new Promise((r) => setTimeout(r, this.retryMs).unref());
        }
      }
      this.retaking = undefined;
      if (this.locked) this.onLockChange(true);
    })();
  }

  async enqueue(req: Parameters<JobBackend['enqueue']>[0], now: number): Promise<{ job: Job; created: boolean }> {
    return this.db.transaction(async (tx) => {
      // Two nodes enqueueing the same thing at once take turns, as SQLite's write lock makes them.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`${req.accountId}\n${req.kind}\n${req.idempotencyKey ?? req.inputDigest}`}))`,
      );
      if (req.idempotencyKey !== undefined) {
        const [existing] = await tx
          .select()
          .from(jobs)
          .where(
            and(
              eq(jobs.accountId, req.accountId),
              eq(jobs.kind, req.kind),
              eq(jobs.idempotencyKey, req.idempotencyKey),
            ),
          );
        if (existing) {
          if (existing.inputDigest !== req.inputDigest)
            throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different input' });
          return { job: toJob(existing), created: false };
        }
      } else {
        // A failed job is not reused for the same input: asking again is a retry.
        const [same] = await tx
          .select()
          .from(jobs)
          .where(
            and(
              eq(jobs.accountId, req.accountId),
              eq(jobs.kind, req.kind),
              eq(jobs.inputDigest, req.inputDigest),
              ne(jobs.state, 'failed'),
            ),
          )
          .orderBy(desc(jobs.createdAt), desc(jobs.seq))
          .limit(1);
        if (same) return { job: toJob(same), created: false };
      }
      const [row] = await tx
        .insert(jobs)
        .values({
          id: randomUUID(),
          accountId: req.accountId,
          kind: req.kind,
          input: req.input,
          inputDigest: req.inputDigest,
          idempotencyKey: req.idempotencyKey ?? null,
          state: 'queued',
          attempts: 0,
          createdAt: now,
        })
        .returning();
      return { job: toJob(row), created: true };
    });
  }

  async get(id: string, accountId: string): Promise<Job | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId)));
    return row ? toJob(row) : undefined;
  }

  async queued(kind: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), eq(jobs.kind, kind)));
    return row?.n ?? 0;
  }

  async claim(kinds: readonly string[], limit: number, now: number): Promise<Job[]> {
    if (kinds.length === 0 || limit <= 0 || !this.locked) return [];
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, [...kinds])))
      .orderBy(jobs.createdAt, jobs.seq)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(jobs)
      .set({ state: 'running', startedAt: now, attempts: sql`${jobs.attempts} + 1`, worker: this.worker })
      .where(inArray(jobs.id, next))
      .returning();
    return rows.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq).map(toJob);
  }

  async finish(
    id: string,
    state: 'done' | 'failed',
    result: string | null,
    error: string | null,
    now: number,
  ): Promise<void> {
    await this.whileReconnecting(() =>
      this.db
        .update(jobs)
        .set({ state, result, error, finishedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.worker, this.worker))),
    );
  }

  /**
   * A job's outcome is written again while PostgreSQL is briefly away (a restart): left unwritten,
   * the job would stay `running` under a worker that is alive, and nobody would ever recover it.
   */
  private async whileReconnecting(write: () => Promise<unknown>, tries = 20): Promise<void> {
    for (let i = 1; ; i++) {
      try {
        await write();
        return;
      } catch (err) {
        if (i >= tries || !isPgConnectionLoss(err)) throw err;
        await new Promise((r) => setTimeout(r, this.retryMs));
      }
    }
  }

  async release(id: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'queued', startedAt: null, attempts: sql`${jobs.attempts} - 1`, worker: null })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.worker, this.worker)));
  }

  async recoverAbandoned(
    maxAttempts: number,
    now: number,
    message: string,
  ): Promise<{ requeued: number; abandoned: number }> {
    // Without its own lock this node's running jobs would look abandoned to itself.
    if (!this.locked) return { requeued: 0, abandoned: 0 };
    // A worker is alive while some session holds its advisory lock (two-key locks show in pg_locks
    // with the first key as classid, the second as objid and objsubid 2).
    const orphaned = sql`${jobs.state} = 'running' AND NOT EXISTS (
      SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.classid = ${LOCK_SPACE.jobWorkers}::bigint::oid AND l.objid = hashtext(coalesce(${jobs.worker}, ''))::oid)`;
    return this.db.transaction(async (tx) => {
      const failed = await tx
        .update(jobs)
        .set({ state: 'failed', error: message, finishedAt: now })
        .where(sql`${orphaned} AND ${jobs.attempts} >= ${maxAttempts}`)
        .returning({ id: jobs.id });
      const requeued = await tx
        .update(jobs)
        .set({ state: 'queued', startedAt: null, worker: null })
        .where(orphaned)
        .returning({ id: jobs.id });
      return { requeued: requeued.length, abandoned: failed.length };
    });
  }

  async sweep(before: number): Promise<number> {
    const rows = await this.db
      .delete(jobs)
      .where(and(inArray(jobs.state, ['done', 'failed']), isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** Gives up the worker lock: this node's running jobs become recoverable by the others. */
  async close(): Promise<void> {
    this.wanted = false;
    await this.retaking;
    const client = this.lockClient;
    this.lockClient = undefined;
    this.locked = false;
    this.detach?.();
    this.detach = undefined;
    if (!client) return;
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE.jobWorkers, this.worker]);
      client.release();
    } catch (err) {
      client.release(err as Error);
    }
  }
}
