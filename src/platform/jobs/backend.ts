import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { ServiceError } from '../errors.js';
import { JobStore, toJob, type Job, type JobState } from './store.js';

/**
 * What the job queue needs from storage, as one async interface with an implementation per engine:
 * SQLite (`SqliteJobBackend`, over the JobStore statements the queue uses today) and PostgreSQL
 * (`PgJobBackend` in backend-pg.ts, shared by every node, each job run by one node).
 */
export interface JobBackend {
  /**
   * True when other processes work the same queue (PostgreSQL): the worker then also looks for
   * queued jobs on a timer, since it does not see their enqueues, and recovers dead nodes' jobs.
   */
  readonly shared: boolean;
  /** Announces this process as a live worker before it claims anything (a no-op for SQLite). */
  start(): Promise<void>;
  /**
   * Finds or creates a job in one step: with an idempotency key, the job of that key (422 when it
   * came with another input); without, the newest job of identical input that has not failed.
   */
  enqueue(
    req: { kind: string; accountId: string; input: string; inputDigest: string; idempotencyKey?: string },
    now: number,
  ): Promise<{ job: Job; created: boolean }>;
  /** The job, or undefined when it does not exist or belongs to another account. */
  get(id: string, accountId: string): Promise<Job | undefined>;
  /** How many jobs of this kind wait to run (queued, not running), over every account: the queue's depth. */
  queued(kind: string): Promise<number>;
  /** Marks up to `limit` queued jobs of these kinds running, oldest first, and returns them (never one another node took). */
  claim(kinds: readonly string[], limit: number, now: number): Promise<Job[]>;
  /** Records the outcome of a running job. */
  finish(
    id: string,
    state: Extract<JobState, 'done' | 'failed'>,
    result: string | null,
    error: string | null,
    now: number,
  ): Promise<void>;
  /** Back to the queue without counting the attempt (a clean shutdown interrupted it). */
  release(id: string): Promise<void>;
  /**
   * At start: jobs left `running` by a process that is gone are failed after `maxAttempts`
   * interruptions, re-queued otherwise. Jobs another live node is running are left alone.
   */
  recoverAbandoned(maxAttempts: number, now: number, message: string): Promise<{ requeued: number; abandoned: number }>;
  /** Deletes jobs finished before `before`; returns how many. */
  sweep(before: number): Promise<number>;
  /** This process stops working the queue (its running jobs become recoverable by other nodes); `start` may follow. */
  close(): Promise<void>;
}

/** The SQLite `jobs` table through the async interface: one process owns the file's queue. */
export class SqliteJobBackend implements JobBackend {
  readonly shared = false;
  private readonly store: JobStore;
  private readonly enqueueTx: (
    req: Parameters<JobBackend['enqueue']>[0],
    now: number,
  ) => { job: Job; created: boolean };

  constructor(sqlite: Database.Database) {
    const store = (this.store = new JobStore(sqlite));
    const tx = sqlite.transaction((req: Parameters<JobBackend['enqueue']>[0], now: number) => {
      if (req.idempotencyKey !== undefined) {
        const existing = store.byKey.get(req.accountId, req.kind, req.idempotencyKey);
        if (existing) {
          if (existing.input_digest !== req.inputDigest)
            throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different input' });
          return { job: toJob(existing), created: false };
        }
      } else {
        const same = store.byInput.get(req.accountId, req.kind, req.inputDigest);
        if (same) return { job: toJob(same), created: false };
      }
      const id = randomUUID();
      store.insert.run(id, req.accountId, req.kind, req.input, req.inputDigest, req.idempotencyKey ?? null, now);
      return { job: toJob(store.byId.get(id, req.accountId)!), created: true };
    });
    this.enqueueTx = (req, now) => tx.immediate(req, now);
  }

  async start() {}
  async enqueue(req: Parameters<JobBackend['enqueue']>[0], now: number) {
    return this.enqueueTx(req, now);
  }
  async get(id: string, accountId: string) {
    const row = this.store.byId.get(id, accountId);
    return row ? toJob(row) : undefined;
  }
  async queued(kind: string) {
    return this.store.countQueued.get(kind)!.n;
  }
  async claim(kinds: readonly string[], limit: number, now: number) {
    return this.store.claim.all(now, JSON.stringify(kinds), limit).map(toJob);
  }
  async finish(id: string, state: 'done' | 'failed', result: string | null, error: string | null, now: number) {
    this.store.finish.run(state, result, error, now, id);
  }
  async release(id: string) {
    this.store.release.run(id);
  }
  async recoverAbandoned(maxAttempts: number, now: number, message: string) {
    // Rows still `running` were left by a process that died (this one has not started any yet).
    const abandoned = this.store.failAbandoned.run(message, now, maxAttempts).changes;
    const requeued = this.store.requeueAbandoned.run().changes;
    return { requeued, abandoned };
  }
  async sweep(before: number) {
    return this.store.sweep.run(before).changes;
  }
  async close() {}
}
