import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../../db/pg/client.js';
import { testConfig } from '../../../src/config.js';
import { requestHash } from '../../../src/platform/batch/idempotency.js';
import { PgJobBackend } from '../../../src/platform/jobs/backend-pg.js';
import { DEFAULT_SWEEP_MS, JobQueue } from '../../../src/platform/jobs/queue.js';
import { systemClock } from '../../../src/platform/clock.js';
import { createLogger } from '../../../src/platform/logger.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

/**
 * How long a dead node's running jobs wait before a live node re-queues them is the sweep interval:
 * the README states it, with the value the code uses.
 */
describe('the bound on recovering a dead node’s jobs', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

  it('is JOBS_SWEEP_MS, whose default is the queue’s own, and the README table states that value', () => {
    expect(testConfig().JOBS_SWEEP_MS).toBe(DEFAULT_SWEEP_MS);
    expect(DEFAULT_SWEEP_MS).toBeLessThanOrEqual(10_000);
    const row = /^\| `JOBS_SWEEP_MS` \| `(\d+)` \| (.*) \|$/m.exec(readme);
    expect(row, 'a JOBS_SWEEP_MS row in the configuration table').not.toBeNull();
    expect(Number(row![1])).toBe(DEFAULT_SWEEP_MS);
    expect(row![2]).toMatch(/dead node/);
  });

  it('the shared-queue prose names the same bound', () => {
    const seconds = DEFAULT_SWEEP_MS / 1000;
    // The prose wraps: compare with single spaces.
    expect(readme.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `re-queues the running jobs of a node whose connection died[^.]*\`JOBS_SWEEP_MS\`, ${seconds} s by default`,
      ),
    );
  });
});

describe('a dead node’s running job, on a shared queue (PostgreSQL)', () => {
  let server: RunningPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it('is re-queued and run by a live node at its next sweep, within the configured interval', async () => {
    const url = await server.createDatabase('jobs_recovery_bound');
    // The node that dies: it claimed a job, then its process is killed (its connections close).
    const deadDb = await openPgDatabase(url, { max: 2 });
    const dead = new PgJobBackend(deadDb);
    await dead.start();
    const input = { n: 7 };
    const { job } = await dead.enqueue(
      { kind: 'work', accountId: 'acct_a', input: JSON.stringify(input), inputDigest: requestHash(input) },
      Date.now(),
    );
    expect(await dead.claim(['work'], 1, Date.now())).toHaveLength(1);
    // The live node starts while the other still runs the job: start-up recovery leaves it alone.
    const liveDb = await openPgDatabase(url, { max: 3 });
    const sweepMs = 300;
    const live = new JobQueue(new PgJobBackend(liveDb), systemClock, createLogger('silent'), {
      concurrency: 1,
      retentionMs: 3_600_000,
      pollMs: 20,
      sweepMs,
    });
    const ran: number[] = [];
    live.register('work', async (i: { n: number }) => {
      ran.push(i.n);
      return i.n;
    });
    try {
      expect(await live.start()).toEqual({ requeued: 0, abandoned: 0 });
      expect(await live.get(job.id, 'acct_a')).toMatchObject({ state: 'running' });
      // Its worker lock goes with its connection, as when the process is killed.
      await dead.close();
      await deadDb.$client.end();
      // Far less than the 60 s sweep this replaced; the bound itself is sweepMs plus one poll.
      for (let i = 0; i < 250 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(ran).toEqual([7]);
      await live.idle();
      expect(await live.get(job.id, 'acct_a')).toMatchObject({ state: 'done', result: 7 });
    } finally {
      await live.stop();
      await liveDb.$client.end().catch(() => undefined);
    }
  }, 30_000);
});
