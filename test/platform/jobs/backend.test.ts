import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { openPgDatabase, type PgDb } from '../../../db/pg/client.js';
import { SqliteJobBackend, type JobBackend } from '../../../src/platform/jobs/backend.js';
import { PgJobBackend } from '../../../src/platform/jobs/backend-pg.js';
import { requestHash } from '../../../src/platform/batch/idempotency.js';
import { JobQueue } from '../../../src/platform/jobs/queue.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { createLogger } from '../../../src/platform/logger.js';
import { tempDbFile } from '../../support/app.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

// One specification of the job table for both engines, then what only a shared server adds:
// several nodes claiming from one queue, and recovery that spares the jobs of nodes still alive.

const NOW = Date.UTC(2026, 10, 20, 12);
const silent = createLogger('silent');
const req = (input: unknown, extra: { kind?: string; accountId?: string; idempotencyKey?: string } = {}) => ({
  kind: extra.kind ?? 'sim',
  accountId: extra.accountId ?? 'acct_a',
  input: JSON.stringify(input),
  inputDigest: requestHash(input),
  idempotencyKey: extra.idempotencyKey,
});

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const nodes: { backend: JobBackend; db?: PgDb }[] = [];
afterAll(async () => {
  for (const n of nodes.splice(0)) {
    await n.backend.close();
    await n.db?.$client.end().catch(() => undefined);
  }
});
/** One more node on a PostgreSQL database: its own pool, its own worker lock. */
async function pgBackend(url: string): Promise<PgJobBackend> {
  const db = await openPgDatabase(url, { max: 3 });
  const backend = new PgJobBackend(db);
  nodes.push({ backend, db });
  await backend.start();
  return backend;
}

/** Each engine makes a fresh storage and returns a way to open one more node on it. */
const engines: { name: string; storage(): Promise<() => Promise<JobBackend>> }[] = [
  {
    name: 'SQLite',
    storage: async () => {
      const file = tempDbFile();
      return async () => new SqliteJobBackend(openDatabase(file).$client);
    },
  },
  {
    name: 'PostgreSQL',
    storage: async () => {
      const url = await server.createDatabase(`jobs_${++databases}`);
      return () => pgBackend(url);
    },
  },
];

describe.each(engines)('job table on $name', (engine) => {
  let jobs: JobBackend;
  let node: () => Promise<JobBackend>;
  beforeAll(async () => {
    node = await engine.storage();
    jobs = await node();
  });

  it('creates a queued job, and finds it again for the same input or the same idempotency key', async () => {
    const first = await jobs.enqueue(req({ n: 1 }), NOW);
    expect(first.created).toBe(true);
    expect(first.job).toMatchObject({
      kind: 'sim',
      accountId: 'acct_a',
      state: 'queued',
      input: { n: 1 },
      result: null,
      error: null,
      attempts: 0,
      createdAt: NOW,
      startedAt: null,
      finishedAt: null,
    });
    expect(await jobs.enqueue(req({ n: 1 }), NOW + 1)).toEqual({ job: first.job, created: false });
    // The same input for another account or kind is another job.
    expect((await jobs.enqueue(req({ n: 1 }, { accountId: 'acct_b' }), NOW)).created).toBe(true);

    const keyed = await jobs.enqueue(req({ n: 2 }, { idempotencyKey: 'k-1' }), NOW);
    expect((await jobs.enqueue(req({ n: 2 }, { idempotencyKey: 'k-1' }), NOW + 5)).job.id).toBe(keyed.job.id);
    await expect(jobs.enqueue(req({ n: 3 }, { idempotencyKey: 'k-1' }), NOW)).rejects.toMatchObject({ status: 422 });
  });

  it('shows a job only to its account', async () => {
    const { job } = await jobs.enqueue(req({ n: 10 }), NOW);
    expect((await jobs.get(job.id, 'acct_a'))?.id).toBe(job.id);
    expect(await jobs.get(job.id, 'acct_b')).toBeUndefined();
    expect(await jobs.get('no-such-job', 'acct_a')).toBeUndefined();
  });

  it('claims queued jobs of the given kinds oldest first, up to the limit, and records outcomes', async () => {
    const a = (await jobs.enqueue(req({ c: 1 }, { kind: 'claim-test' }), NOW + 100)).job;
    const b = (await jobs.enqueue(req({ c: 2 }, { kind: 'claim-test' }), NOW + 101)).job;
    const c = (await jobs.enqueue(req({ c: 3 }, { kind: 'claim-test' }), NOW + 102)).job;
    await jobs.enqueue(req({ c: 4 }, { kind: 'not-handled' }), NOW + 50);
    const claimed = await jobs.claim(['claim-test'], 2, NOW + 200);
    expect(claimed.map((j) => j.id)).toEqual([a.id, b.id]);
    expect(claimed[0]).toMatchObject({ state: 'running', attempts: 1, startedAt: NOW + 200 });

    await jobs.finish(a.id, 'done', JSON.stringify({ ok: true }), null, NOW + 300);
    await jobs.finish(b.id, 'failed', null, 'boom', NOW + 300);
    expect(await jobs.get(a.id, 'acct_a')).toMatchObject({
      state: 'done',
      result: { ok: true },
      finishedAt: NOW + 300,
    });
    expect(await jobs.get(b.id, 'acct_a')).toMatchObject({ state: 'failed', error: 'boom' });
    // A failed job is not reused: asking again with the same input is a retry.
    expect((await jobs.enqueue(req({ c: 2 }, { kind: 'claim-test' }), NOW + 400)).created).toBe(true);

    const [third] = await jobs.claim(['claim-test'], 1, NOW + 500);
    expect(third.id).toBe(c.id);
    await jobs.release(c.id);
    expect(await jobs.get(c.id, 'acct_a')).toMatchObject({ state: 'queued', attempts: 0, startedAt: null });
  });

  it('recovers jobs left running by a dead process: re-queued, or failed after too many interruptions', async () => {
    const { job } = await jobs.enqueue(req({ r: 1 }, { kind: 'recover' }), NOW);
    const dies = await node();
    expect((await dies.claim(['recover'], 1, NOW)).map((j) => j.id)).toEqual([job.id]);
    await dies.close(); // the process is gone
    expect(await jobs.recoverAbandoned(2, NOW + 1, 'interrupted twice')).toEqual({ requeued: 1, abandoned: 0 });
    expect(await jobs.get(job.id, 'acct_a')).toMatchObject({ state: 'queued', attempts: 1 });
    const again = await node();
    await again.claim(['recover'], 1, NOW + 2);
    await again.close();
    expect(await jobs.recoverAbandoned(2, NOW + 3, 'interrupted twice')).toEqual({ requeued: 0, abandoned: 1 });
    expect(await jobs.get(job.id, 'acct_a')).toMatchObject({
      state: 'failed',
      error: 'interrupted twice',
      attempts: 2,
    });
  });

  it('counts the queued jobs of a kind over every account (running and finished ones no longer wait)', async () => {
    for (const acct of ['acct_a', 'acct_b', 'acct_c'])
      await jobs.enqueue(req({ q: acct }, { kind: 'depth', accountId: acct }), NOW);
    expect(await jobs.queued('depth')).toBe(3);
    expect(await jobs.queued('no-such-kind')).toBe(0);
    const [first] = await jobs.claim(['depth'], 1, NOW);
    expect(await jobs.queued('depth')).toBe(2);
    await jobs.finish(first.id, 'done', 'null', null, NOW);
    expect(await jobs.queued('depth')).toBe(2);
  });

  it('deletes finished jobs past retention and keeps the rest', async () => {
    const { job } = await jobs.enqueue(req({ s: 1 }, { kind: 'sweep' }), NOW);
    await jobs.claim(['sweep'], 1, NOW);
    await jobs.finish(job.id, 'done', 'null', null, NOW + 10_000);
    const queued = (await jobs.enqueue(req({ s: 2 }, { kind: 'sweep' }), NOW)).job;
    await jobs.sweep(NOW + 10_000);
    expect(await jobs.get(job.id, 'acct_a')).toMatchObject({ state: 'done' });
    expect(await jobs.sweep(NOW + 10_001)).toBe(1);
    expect(await jobs.get(job.id, 'acct_a')).toBeUndefined();
    expect(await jobs.get(queued.id, 'acct_a')).toMatchObject({ state: 'queued' });
  });
});

describe('job table shared by several nodes (PostgreSQL)', () => {
  it('two nodes claiming at once never take the same job', async () => {
    const url = await server.createDatabase(`jobs_${++databases}`);
    const [a, b] = [await pgBackend(url), await pgBackend(url)];
    for (let i = 0; i < 20; i++) await a.enqueue(req({ i }, { kind: 'shared' }), NOW + i);
    const rounds = await Promise.all([
      a.claim(['shared'], 7, NOW),
      b.claim(['shared'], 7, NOW),
      a.claim(['shared'], 7, NOW),
      b.claim(['shared'], 7, NOW),
    ]);
    const ids = rounds.flat().map((j) => j.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it("a node's start-up recovery leaves the jobs of nodes still alive running", async () => {
    const url = await server.createDatabase(`jobs_${++databases}`);
    const [alive, starting] = [await pgBackend(url), await pgBackend(url)];
    const { job } = await alive.enqueue(req({ x: 1 }, { kind: 'busy' }), NOW);
    await alive.claim(['busy'], 1, NOW);
    expect(await starting.recoverAbandoned(3, NOW, 'gone')).toEqual({ requeued: 0, abandoned: 0 });
    expect(await starting.get(job.id, 'acct_a')).toMatchObject({ state: 'running' });
    // The node's connection is cut (SIGKILL): its worker lock goes with it.
    await alive.close();
    expect(await starting.recoverAbandoned(3, NOW, 'gone')).toEqual({ requeued: 1, abandoned: 0 });
  });

  it('two workers on one queue run every job exactly once, whichever node enqueued it', async () => {
    const url = await server.createDatabase(`jobs_${++databases}`);
    const runs: { node: string; input: number }[] = [];
    const queues = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const db = await openPgDatabase(url, { max: 3 });
        const backend = new PgJobBackend(db);
        nodes.push({ backend, db });
        const queue = new JobQueue(backend, new ManualClock(NOW), silent, {
          concurrency: 2,
          retentionMs: 3_600_000,
          pollMs: 20,
        });
        queue.register('count', async (n: number) => {
          runs.push({ node: name, input: n });
          await new Promise((r) => setTimeout(r, 5));
          return n * 2;
        });
        await queue.start();
        return queue;
      }),
    );
    const enqueued = await Promise.all(
      Array.from({ length: 24 }, (_, i) => queues[i % 2]!.enqueue({ kind: 'count', accountId: 'acct_a', input: i })),
    );
    for (let i = 0; i < 200 && runs.length < 24; i++) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(queues.map((q) => q.idle()));
    expect(runs.map((r) => r.input).sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    for (const { job } of enqueued)
      expect(await queues[0]!.get(job.id, 'acct_a')).toMatchObject({
        state: 'done',
        result: (job.input as number) * 2,
        attempts: 1,
      });
    // A job enqueued through a node whose worker stopped is found by the other node's poll.
    await queues[0]!.stop();
    const { job } = await queues[0]!.enqueue({ kind: 'count', accountId: 'acct_a', input: 100 });
    for (let i = 0; i < 200 && runs.length < 25; i++) await new Promise((r) => setTimeout(r, 20));
    await queues[1]!.idle();
    expect(runs.at(-1)).toEqual({ node: 'b', input: 100 });
    expect(await queues[1]!.get(job.id, 'acct_a')).toMatchObject({ state: 'done', result: 200 });
    await queues[1]!.stop();
  });

  it('simultaneous enqueues of one input from two nodes make one job', async () => {
    const url = await server.createDatabase(`jobs_${++databases}`);
    const [a, b] = [await pgBackend(url), await pgBackend(url)];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).enqueue(req({ same: true }), NOW)),
    );
    expect(new Set(results.map((r) => r.job.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});
