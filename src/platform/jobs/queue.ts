import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import { requestHash } from '../batch/idempotency.js';
import { JobStore, toJob, type Job, type JobRow } from './store.js';

export interface JobContext {
  jobId: string;
  accountId: string;
  /** Aborted when the process stops: the job goes back to the queue and runs again after the restart. */
  signal: AbortSignal;
}

/** Does one kind of job; its (JSON-serialisable) answer becomes the job's result, a throw its error. */
export type JobHandler<I = any, R = unknown> = (input: I, ctx: JobContext) => Promise<R> | R;

export interface EnqueueRequest {
  kind: string;
  /** Whose job it is: only this account can read it. */
  accountId: string;
  /** JSON-serialisable input handed to the handler. */
  input: unknown;
  /** The caller's Idempotency-Key: the same key (same account and kind) finds the same job. */
  idempotencyKey?: string;
}

export interface Enqueued {
  job: Job;
  /** False when an existing job was found (same idempotency key, or identical input not failed). */
  created: boolean;
}

/** Background jobs (`deps.jobs`): a table of jobs per account and the in-process worker that runs them. */
export interface Jobs {
  register<I = any, R = unknown>(kind: string, handler: JobHandler<I, R>): void;
  enqueue(req: EnqueueRequest): Enqueued;
  /** The job, or undefined when it does not exist or belongs to another account. */
  get(id: string, accountId: string): Job | undefined;
  /** How many jobs of this kind wait to run (queued, not running), over every account: the queue's depth. */
  queued(kind: string): number;
  /** Re-queues jobs a dead process left running, then starts working. */
  start(): { requeued: number; abandoned: number };
  /** Stops taking jobs, aborts running ones (back to the queue) and waits up to `graceMs` for them. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves once no job is running and none this worker can run is queued (tests, CLI). */
  idle(): Promise<void>;
}

export interface JobQueueOptions {
  concurrency: number;
  /** Finished jobs are deleted this long after they finished. */
  retentionMs: number;
  /** A job interrupted by this many process deaths is failed instead of re-queued (a job that kills the process). */
  maxAttempts?: number;
}

const MAX_ERROR_CHARS = 1_000;
const SWEEP_EVERY_MS = 60_000;

export class JobQueue implements Jobs {
  private readonly store: JobStore;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly active = new Map<string, { ctl: AbortController; done: Promise<void> }>();
  private readonly enqueueTx: (req: EnqueueRequest, input: string, digest: string, now: number) => Enqueued;
  private idleWaiters: (() => void)[] = [];
  private started = false;
  private stopping = false;
  private nextSweepAt = 0;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly opts: JobQueueOptions,
  ) {
    this.store = new JobStore(sqlite);
    const tx = sqlite.transaction((req: EnqueueRequest, input: string, digest: string, now: number): Enqueued => {
      if (req.idempotencyKey !== undefined) {
        const existing = this.store.byKey.get(req.accountId, req.kind, req.idempotencyKey);
        if (existing) {
          if (existing.input_digest !== digest) {
            throw new ServiceError(422, { error: 'Idempotency-Key was already used with a different input' });
          }
          return { job: toJob(existing), created: false };
        }
      } else {
        const same = this.store.byInput.get(req.accountId, req.kind, digest);
        if (same) return { job: toJob(same), created: false };
      }
      const id = randomUUID();
      this.store.insert.run(id, req.accountId, req.kind, input, digest, req.idempotencyKey ?? null, now);
      return { job: toJob(this.store.byId.get(id, req.accountId)!), created: true };
    });
    this.enqueueTx = (req, input, digest, now) => tx.immediate(req, input, digest, now);
  }

  register<I = any, R = unknown>(kind: string, handler: JobHandler<I, R>): void {
    if (this.handlers.has(kind)) throw new Error(`a handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, handler as JobHandler);
    this.schedule();
  }

  enqueue(req: EnqueueRequest): Enqueued {
    if (!this.handlers.has(req.kind)) throw new Error(`no handler registered for job kind ${req.kind}`);
    const input = JSON.stringify(req.input ?? null);
    const out = this.enqueueTx(req, input, requestHash(req.input ?? null), this.clock.now());
    if (out.created) this.schedule();
    return out;
  }

  get(id: string, accountId: string): Job | undefined {
    const row = this.store.byId.get(id, accountId);
    return row ? toJob(row) : undefined;
  }

  queued(kind: string): number {
    return this.store.countQueued.get(kind)!.n;
  }

  start(): { requeued: number; abandoned: number } {
    const max = this.opts.maxAttempts ?? 3;
    const now = this.clock.now();
    // Rows still `running` were left by a process that died (this one has not started any yet).
    const abandoned = this.store.failAbandoned.run(`interrupted ${max} times by a process stop; not retried`, now, max).changes;
    const requeued = this.store.requeueAbandoned.run().changes;
    if (requeued || abandoned) this.logger.warn({ requeued, abandoned }, 'jobs left running by a stopped process');
    this.started = true;
    this.stopping = false;
    this.sweep(now);
    this.schedule();
    return { requeued, abandoned };
  }

  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    if (this.active.size === 0) return;
    for (const { ctl } of this.active.values()) ctl.abort(new Error('the service is stopping'));
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.active.values()].map((a) => a.done)), grace]);
    clearTimeout(timer);
    // A handler that ignored the abort stays `running` in the table; the next start re-queues it.
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    setImmediate(() => this.pump());
  }

  /** Claims as many queued jobs as there are free slots, oldest first, for kinds with a handler. */
  private pump(): void {
    const free = this.opts.concurrency - this.active.size;
    if (this.started && !this.stopping && free > 0 && this.handlers.size > 0) {
      try {
        for (const row of this.store.claim.all(this.clock.now(), JSON.stringify([...this.handlers.keys()]), free)) this.run(row);
      } catch (err) {
        // A busy or closed database: the queued jobs stay queued for the next pump or start.
        this.logger.error({ err: (err as Error).message }, 'could not claim queued jobs');
      }
    }
    if (this.active.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private run(row: JobRow): void {
    const ctl = new AbortController();
    const handler = this.handlers.get(row.kind)!;
    const done = (async () => {
      let outcome: { ok: true; result: unknown } | { ok: false; error: string };
      try {
        const result = await handler(JSON.parse(row.input), { jobId: row.id, accountId: row.account_id, signal: ctl.signal });
        outcome = { ok: true, result };
      } catch (err) {
        outcome = { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS) };
      }
      try {
        if (outcome.ok) this.store.finish.run('done', JSON.stringify(outcome.result ?? null), null, this.clock.now(), row.id);
        // Interrupted by the shutdown, not failed: it runs again after the restart.
        else if (ctl.signal.aborted) this.store.release.run(row.id);
        else {
          this.store.finish.run('failed', null, outcome.error, this.clock.now(), row.id);
          this.logger.warn({ job: row.id, kind: row.kind, error: outcome.error }, 'job failed');
        }
        this.sweep(this.clock.now());
      } catch (err) {
        // The database went away under a handler that outlived the shutdown grace: the next start re-queues it.
        this.logger.error({ job: row.id, err: (err as Error).message }, 'could not record the outcome of a job');
      }
    })().finally(() => {
      this.active.delete(row.id);
      this.schedule();
    });
    this.active.set(row.id, { ctl, done });
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    this.store.sweep.run(now - this.opts.retentionMs);
  }
}
