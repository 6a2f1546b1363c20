import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { requestHash } from '../batch/idempotency.js';
import type { JobBackend } from './backend.js';
import type { Job } from './store.js';

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

/**
 * Background jobs (`deps.jobs`): a table of jobs per account and the in-process worker that runs them.
 * The table is a JobBackend (the SQLite file's, or PostgreSQL's shared by every node); the worker
 * takes jobs only through its `claim`, so two nodes never run one job.
 */
export interface Jobs {
  register<I = any, R = unknown>(kind: string, handler: JobHandler<I, R>): void;
  enqueue(req: EnqueueRequest): Promise<Enqueued>;
  /** The job, or undefined when it does not exist or belongs to another account. */
  get(id: string, accountId: string): Promise<Job | undefined>;
  /** How many jobs of this kind wait to run (queued, not running), over every account: the queue's depth. */
  queued(kind: string): Promise<number>;
  /** Re-queues jobs a dead process left running, then starts working. */
  start(): Promise<{ requeued: number; abandoned: number }>;
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
  /** With a shared backend: how often to look for jobs other nodes queued (default 1 s). */
  pollMs?: number;
  /**
   * How often expired jobs are deleted and, on a shared backend, a dead node's running jobs re-queued
   * (JOBS_SWEEP_MS, default DEFAULT_SWEEP_MS): the bound the README states for that recovery.
   */
  sweepMs?: number;
}

const MAX_ERROR_CHARS = 1_000;
/** JOBS_SWEEP_MS's default. A recovery query every 10 s per node is cheap; a dead node's jobs wait no longer. */
export const DEFAULT_SWEEP_MS = 10_000;

export class JobQueue implements Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly active = new Map<string, { ctl: AbortController; done: Promise<void> }>();
  private idleWaiters: (() => void)[] = [];
  private started = false;
  private stopping = false;
  /** Set while `start` recovers: pumps wait for it, so an early `idle()` does not resolve past queued jobs. */
  private starting: Promise<void> | undefined;
  private pumping = false;
  private pumpAgain = false;
  private poller: NodeJS.Timeout | undefined;
  private nextSweepAt = 0;

  constructor(
    private readonly backend: JobBackend,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly opts: JobQueueOptions,
  ) {}

  register<I = any, R = unknown>(kind: string, handler: JobHandler<I, R>): void {
    if (this.handlers.has(kind)) throw new Error(`a handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, handler as JobHandler);
    this.schedule();
  }

  async enqueue(req: EnqueueRequest): Promise<Enqueued> {
    if (!this.handlers.has(req.kind)) throw new Error(`no handler registered for job kind ${req.kind}`);
    const input = JSON.stringify(req.input ?? null);
    const out = await this.backend.enqueue(
      {
        kind: req.kind,
        accountId: req.accountId,
        input,
        inputDigest: requestHash(req.input ?? null),
        idempotencyKey: req.idempotencyKey,
      },
      this.clock.now(),
    );
    if (out.created) this.schedule();
    return out;
  }

  get(id: string, accountId: string): Promise<Job | undefined> {
    return this.backend.get(id, accountId);
  }

  queued(kind: string): Promise<number> {
    return this.backend.queued(kind);
  }

  start(): Promise<{ requeued: number; abandoned: number }> {
    this.stopping = false;
    const recovery = (async () => {
      await this.backend.start();
      const out = await this.recover();
      await this.sweep(this.clock.now());
      this.started = true;
      if (this.backend.shared && !this.stopping) {
        // Other nodes' enqueues are not seen here: look for their jobs now and then.
        clearInterval(this.poller);
        this.poller = setInterval(() => this.schedule(), this.opts.pollMs ?? 1_000);
        this.poller.unref();
      }
      return out;
    })();
    const starting = (this.starting = recovery
      .catch(() => undefined)
      .then(() => {
        if (this.starting === starting) this.starting = undefined;
        this.schedule();
      }));
    return recovery;
  }

  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    await this.starting;
    this.started = false;
    clearInterval(this.poller);
    this.poller = undefined;
    if (this.active.size > 0) {
      for (const { ctl } of this.active.values()) ctl.abort(new Error('the service is stopping'));
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...this.active.values()].map((a) => a.done)), grace]);
      clearTimeout(timer);
    }
    // A handler that ignored the abort stays `running` in the table; the next start re-queues it.
    await this.backend
      .close()
      .catch((err: Error) => this.logger.error({ err: err.message }, 'could not leave the job queue'));
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.schedule();
    });
  }

  /** Jobs left `running` by a process that is gone: re-queued, or failed after too many interruptions. */
  private async recover(): Promise<{ requeued: number; abandoned: number }> {
    const max = this.opts.maxAttempts ?? 3;
    const out = await this.backend.recoverAbandoned(
      max,
      this.clock.now(),
      `interrupted ${max} times by a process stop; not retried`,
    );
    if (out.requeued || out.abandoned) this.logger.warn(out, 'jobs left running by a stopped process');
    return out;
  }

  private schedule(): void {
    // A pump under way looks again when it ends, so claims never overlap (each counts the free slots).
    if (this.pumping) this.pumpAgain = true;
    else setImmediate(() => void this.pump());
  }

  /** Claims as many queued jobs as there are free slots, oldest first, for kinds with a handler. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        await this.starting;
        const free = this.opts.concurrency - this.active.size;
        if (!this.started || this.stopping || free <= 0 || this.handlers.size === 0) continue;
        // The pump is also where the worker sweeps (after a job finished, on the poll of a shared queue).
        try {
          await this.sweep(this.clock.now());
          const claimed = await this.backend.claim([...this.handlers.keys()], free, this.clock.now());
          for (const job of claimed) {
            // Stopped while the claim was on its way: the job goes straight back.
            if (this.stopping) await this.backend.release(job.id);
            else this.run(job);
          }
        } catch (err) {
          // A busy or closed database: the queued jobs stay queued for the next pump or start.
          this.logger.error({ err: (err as Error).message }, 'could not claim queued jobs');
        }
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
    if (this.active.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private run(job: Job): void {
    const ctl = new AbortController();
    const handler = this.handlers.get(job.kind)!;
    const done = (async () => {
      let outcome: { ok: true; result: unknown } | { ok: false; error: string };
      try {
        const result = await handler(job.input, { jobId: job.id, accountId: job.accountId, signal: ctl.signal });
        outcome = { ok: true, result };
      } catch (err) {
        outcome = { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS) };
      }
      try {
        if (outcome.ok)
          await this.backend.finish(job.id, 'done', JSON.stringify(outcome.result ?? null), null, this.clock.now());
        // Interrupted by the shutdown, not failed: it runs again after the restart.
        else if (ctl.signal.aborted) await this.backend.release(job.id);
        else {
          await this.backend.finish(job.id, 'failed', null, outcome.error, this.clock.now());
          this.logger.warn({ job: job.id, kind: job.kind, error: outcome.error }, 'job failed');
        }
      } catch (err) {
        // The database went away under a handler that outlived the shutdown grace: the next start re-queues it.
        this.logger.error({ job: job.id, err: (err as Error).message }, 'could not record the outcome of a job');
      }
    })().finally(() => {
      this.active.delete(job.id);
      this.schedule();
    });
    this.active.set(job.id, { ctl, done });
  }

  /** Deletes expired jobs now and then; on a shared queue also recovers the jobs of nodes that died since. */
  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + (this.opts.sweepMs ?? DEFAULT_SWEEP_MS);
    await this.backend.sweep(now - this.opts.retentionMs);
    if (this.backend.shared && this.started) await this.recover();
  }
}
