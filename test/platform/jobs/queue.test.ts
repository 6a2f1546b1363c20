import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { ServiceError } from '../../../src/platform/errors.js';
import { JobQueue, type JobQueueOptions } from '../../../src/platform/jobs/queue.js';
import { SqliteJobBackend } from '../../../src/platform/jobs/backend.js';
import { createLogger } from '../../../src/platform/logger.js';
import { tempDbFile } from '../../support/app.js';

const silent = createLogger('silent');
const HOUR = 3_600_000;
const opened: { db: Db; file: string }[] = [];
afterEach(() => {
  for (const { db, file } of opened.splice(0)) {
    if (db.$client.open) db.$client.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

function setup(file = tempDbFile(), opts: Partial<JobQueueOptions> = {}, clock = new ManualClock()) {
  const db = openDatabase(file);
  opened.push({ db, file });
  const jobs = new JobQueue(new SqliteJobBackend(db.$client), clock, silent, {
    concurrency: 2,
    retentionMs: 24 * HOUR,
    ...opts,
  });
  return { db, file, jobs, clock };
}

/** A handler whose calls stay pending until the test settles them. */
function gate() {
  const pending: { input: any; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  const handler = (input: any, ctx: { signal: AbortSignal }) =>
    new Promise((resolve, reject) => pending.push({ input, signal: ctx.signal, resolve, reject }));
  return { pending, handler };
}
const tick = () => new Promise<void>((r) => setImmediate(r));
/** Lets the worker's asynchronous claims and updates happen until `done` holds (or fails the test). */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    if (await done()) return;
    await tick();
  }
  throw new Error('condition never held');
}

describe('enqueue and get', () => {
  it('a new job is queued, owned by its account and invisible to others', async () => {
    const { jobs, clock } = setup();
    jobs.register('echo', (input) => input);
    const { job, created } = await jobs.enqueue({ kind: 'echo', accountId: 'acc-a', input: { q: 1 } });
    expect(created).toBe(true);
    expect(job).toMatchObject({
      kind: 'echo',
      accountId: 'acc-a',
      state: 'queued',
      input: { q: 1 },
      result: null,
      error: null,
      attempts: 0,
      createdAt: clock.now(),
      startedAt: null,
      finishedAt: null,
    });
    expect((await jobs.get(job.id, 'acc-a'))?.id).toBe(job.id);
    expect(await jobs.get(job.id, 'acc-b')).toBeUndefined();
    expect(await jobs.get('no-such-job', 'acc-a')).toBeUndefined();
  });

  it('the same idempotency key, or an identical input, finds the same job; another account or kind does not', async () => {
    const { jobs } = setup();
    jobs.register('a', (i) => i);
    jobs.register('b', (i) => i);
    const first = (await jobs.enqueue({ kind: 'a', accountId: 'x', input: { p: 1, q: [1, 2] }, idempotencyKey: 'k1' }))
      .job;
    expect(await jobs.enqueue({ kind: 'a', accountId: 'x', input: { q: [1, 2], p: 1 }, idempotencyKey: 'k1' })).toEqual(
      { job: first, created: false },
    );
    const plain = (await jobs.enqueue({ kind: 'a', accountId: 'x', input: { z: 1 } })).job;
    expect((await jobs.enqueue({ kind: 'a', accountId: 'x', input: { z: 1 } })).job.id).toBe(plain.id);
    expect((await jobs.enqueue({ kind: 'a', accountId: 'y', input: { z: 1 } })).created).toBe(true);
    expect((await jobs.enqueue({ kind: 'b', accountId: 'x', input: { z: 1 } })).created).toBe(true);
    expect((await jobs.enqueue({ kind: 'a', accountId: 'x', input: { z: 1 }, idempotencyKey: 'k2' })).created).toBe(
      true,
    );
  });

  it('an idempotency key reused with another input is refused with 422', async () => {
    const { jobs } = setup();
    jobs.register('a', (i) => i);
    await jobs.enqueue({ kind: 'a', accountId: 'x', input: 1, idempotencyKey: 'k' });
    let err: unknown;
    try {
      await jobs.enqueue({ kind: 'a', accountId: 'x', input: 2, idempotencyKey: 'k' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).status).toBe(422);
  });

  it('queued(kind) counts the jobs of that kind waiting to run, over every account', async () => {
    const { jobs } = setup();
    const g = gate();
    jobs.register('slow', g.handler);
    jobs.register('other', (i) => i);
    for (const account of ['x', 'y', 'z']) await jobs.enqueue({ kind: 'slow', accountId: account, input: account });
    await jobs.enqueue({ kind: 'other', accountId: 'x', input: 1 });
    expect(await jobs.queued('slow')).toBe(3);
    expect(await jobs.queued('other')).toBe(1);
    expect(await jobs.queued('none')).toBe(0);
    // Running and finished jobs are no longer waiting (concurrency 2: one slow job still waits).
    await jobs.start();
    await until(() => g.pending.length === 2);
    expect(await jobs.queued('slow')).toBe(1);
    while (g.pending.length || (await jobs.queued('slow'))) {
      for (const p of g.pending.splice(0)) p.resolve(null);
      await tick();
    }
    await jobs.idle();
    expect(await jobs.queued('slow')).toBe(0);
  });

  it('a kind without a handler is a programming error, refused at enqueue', async () => {
    const { jobs } = setup();
    await expect(jobs.enqueue({ kind: 'nope', accountId: 'x', input: null })).rejects.toThrow(
      /no handler registered for job kind nope/,
    );
  });
});

describe('the worker', () => {
  it('runs queued -> running -> done with result and timestamps', async () => {
    const { jobs, clock } = setup();
    const g = gate();
    jobs.register('slow', g.handler);
    await jobs.start();
    const { job } = await jobs.enqueue({ kind: 'slow', accountId: 'a', input: { n: 2 } });
    clock.advance(1_000);
    await until(() => g.pending.length === 1);
    expect(await jobs.get(job.id, 'a')).toMatchObject({
      state: 'running',
      attempts: 1,
      startedAt: job.createdAt + 1_000,
      finishedAt: null,
    });
    expect(g.pending[0]!.input).toEqual({ n: 2 });
    clock.advance(500);
    g.pending[0]!.resolve({ answer: 4 });
    await jobs.idle();
    expect(await jobs.get(job.id, 'a')).toMatchObject({
      state: 'done',
      result: { answer: 4 },
      error: null,
      finishedAt: job.createdAt + 1_500,
    });
  });

  it('a handler that throws fails the job with its message; the same input may then be retried', async () => {
    const { jobs } = setup();
    let calls = 0;
    jobs.register('boom', () => {
      calls++;
      throw new Error('upstream said no');
    });
    await jobs.start();
    const { job } = await jobs.enqueue({ kind: 'boom', accountId: 'a', input: 1 });
    await jobs.idle();
    expect(await jobs.get(job.id, 'a')).toMatchObject({ state: 'failed', error: 'upstream said no', result: null });
    const again = await jobs.enqueue({ kind: 'boom', accountId: 'a', input: 1 });
    expect(again.created).toBe(true);
    await jobs.idle();
    expect(calls).toBe(2);
  });

  it('never runs more jobs at once than its concurrency, and runs them oldest first', async () => {
    const { jobs } = setup(undefined, { concurrency: 2 });
    const g = gate();
    jobs.register('slow', g.handler);
    for (let i = 0; i < 5; i++) await jobs.enqueue({ kind: 'slow', accountId: 'a', input: i });
    await jobs.start();
    await until(() => g.pending.length === 2);
    for (let i = 0; i < 20; i++) await tick();
    expect(g.pending.map((p) => p.input)).toEqual([0, 1]);
    g.pending[0]!.resolve(null);
    await until(() => g.pending.length === 3);
    for (let i = 0; i < 20; i++) await tick();
    expect(g.pending.map((p) => p.input)).toEqual([0, 1, 2]);
    for (let i = 1; i < 5; i++) {
      while (!g.pending[i]) await tick();
      g.pending[i]!.resolve(null);
    }
    await jobs.idle();
    expect(g.pending).toHaveLength(5);
  });

  it('deletes finished jobs past their retention, never queued ones', async () => {
    const { jobs, clock } = setup(undefined, { retentionMs: HOUR });
    jobs.register('echo', (i) => i);
    await jobs.start();
    const done = (await jobs.enqueue({ kind: 'echo', accountId: 'a', input: 'old' })).job;
    await jobs.idle();
    await jobs.stop();
    const waiting = (await jobs.enqueue({ kind: 'echo', accountId: 'a', input: 'waiting' })).job;
    clock.advance(2 * HOUR);
    await jobs.start();
    await jobs.stop();
    expect(await jobs.get(done.id, 'a')).toBeUndefined();
    expect((await jobs.get(waiting.id, 'a'))?.state).toBe('queued');
  });
});

describe('restarts', () => {
  it('a job queued before a restart runs after it', async () => {
    const first = setup();
    first.jobs.register('echo', (i) => i);
    const { job } = await first.jobs.enqueue({ kind: 'echo', accountId: 'a', input: 'survives' });
    first.db.$client.close();

    const second = setup(first.file);
    second.jobs.register('echo', (i: string) => i.toUpperCase());
    await second.jobs.start();
    await second.jobs.idle();
    expect(await second.jobs.get(job.id, 'a')).toMatchObject({ state: 'done', result: 'SURVIVES' });
  });

  it('a job left running by a process that died is re-queued at start and completes', async () => {
    const dead = setup();
    const g = gate();
    dead.jobs.register('work', g.handler);
    await dead.jobs.start();
    const { job } = await dead.jobs.enqueue({ kind: 'work', accountId: 'a', input: 7 });
    await until(() => g.pending.length === 1);
    // The process dies: no stop(), its connection simply goes away with the job still `running`.
    dead.db.$client.close();

    const next = setup(dead.file);
    expect((await next.jobs.get(job.id, 'a'))?.state).toBe('running');
    next.jobs.register('work', (n: number) => n * 6);
    expect(await next.jobs.start()).toEqual({ requeued: 1, abandoned: 0 });
    await next.jobs.idle();
    expect(await next.jobs.get(job.id, 'a')).toMatchObject({ state: 'done', result: 42, attempts: 2 });
  });

  it('a job that keeps dying with its process is failed after three attempts instead of looping', async () => {
    const file = tempDbFile();
    const db = openDatabase(file);
    opened.push({ db, file });
    db.$client
      .prepare(
        `INSERT INTO jobs (id, account_id, kind, input, input_digest, state, attempts, created_at, started_at) VALUES ('j', 'a', 'k', '1', 'd', 'running', 3, 1, 2)`,
      )
      .run();
    const jobs = new JobQueue(new SqliteJobBackend(db.$client), new ManualClock(), silent, {
      concurrency: 1,
      retentionMs: HOUR,
    });
    expect(await jobs.start()).toEqual({ requeued: 0, abandoned: 1 });
    expect(await jobs.get('j', 'a')).toMatchObject({
      state: 'failed',
      error: 'interrupted 3 times by a process stop; not retried',
    });
  });

  it('a clean stop aborts running jobs and puts them back in the queue for the next start', async () => {
    const { jobs, file, db } = setup();
    jobs.register(
      'work',
      (_: unknown, ctx: { signal: AbortSignal }) =>
        new Promise((_r, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error))),
    );
    await jobs.start();
    const { job } = await jobs.enqueue({ kind: 'work', accountId: 'a', input: 1 });
    await until(async () => (await jobs.get(job.id, 'a'))?.state === 'running');
    await jobs.stop(1_000);
    expect(await jobs.get(job.id, 'a')).toMatchObject({ state: 'queued', attempts: 0, startedAt: null });
    db.$client.close();
    const next = setup(file);
    next.jobs.register('work', () => 'finished');
    await next.jobs.start();
    await next.jobs.idle();
    expect(await next.jobs.get(job.id, 'a')).toMatchObject({ state: 'done', result: 'finished', attempts: 1 });
  });
});
