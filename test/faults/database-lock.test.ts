import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

/**
 * Another process holds the database's write lock (a long `mds ingest` publish, a backup tool, an
 * operator's sqlite3 shell). Requests must keep flowing, the probe must say so, and rate limits
 * must keep applying exactly: they are decided in memory, only their background write waits.
 */
const PLAIN = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
let other: Database.Database;
let limited: string;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
  other = new Database(app.dbFile);
  limited = (await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 3 })).key;
});
afterAll(async () => {
  if (other.inTransaction) other.prepare('ROLLBACK').run();
  other.close();
  await app.close();
});

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await f();
  return { ms: performance.now() - started, value };
}

describe('while another process holds the write lock', () => {
  beforeAll(() => {
    other.prepare('BEGIN IMMEDIATE').run();
    other
      .prepare(
        "INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES ('lock-holder', 0, 1) ON CONFLICT DO NOTHING",
      )
      .run();
  });

  it('answers probes and operations at once, never waiting on the lock', async () => {
    const probe = await timed(() => app.get('/healthz'));
    expect(probe.value.status).toBe(200);
    const op = await timed(() => app.get(`${PLAIN}?page_size=1`));
    expect(op.value.status).toBe(200);
    expect(op.ms).toBeLessThan(1000);
    expect(op.value.headers.get('x-ratelimit-mode')).toBeNull();
  }, 30_000);

  it('reports not ready, naming the lock', async () => {
    const res = await timed(() => app.get('/readyz'));
    expect(res.ms).toBeLessThan(1000);
    expect(res.value.status).toBe(503);
    expect(res.value.body.reasons.join(' ')).toMatch(/locked/);
  }, 30_000);

  it('keeps counting requests against the limit exactly, while the counts cannot be written', async () => {
    const key = limited;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.get(`${PLAIN}?page_size=1`, { 'x-service-key': key })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(app.access.limiter.local.persist()).toBe(false);
  }, 30_000);

  it('serves fail-closed policies too: their decisions need no database write', async () => {
    const res = await timed(() =>
      app.request('/api/batch/v1/execute', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operations: [{ path: `${PLAIN}?page_size=1` }] }),
      }),
    );
    expect(res.ms).toBeLessThan(1000);
    expect(res.value.status).toBe(200);
    expect(res.value.headers.get('x-ratelimit-mode')).toBeNull();
  }, 30_000);

  it('is ready again once the lock is released', async () => {
    other.prepare('ROLLBACK').run();
    expect((await app.get('/readyz')).status).toBe(200);
    expect((await app.get(`${PLAIN}?page_size=1`)).headers.get('x-ratelimit-mode')).toBeNull();
    // The counts held back during the lock reach the file.
    expect(app.access.limiter.local.persist()).toBe(true);
    const { n } = other
      .prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_limit_counters WHERE bucket LIKE 'k:%|m'")
      .get() as { n: number };
    expect(n).toBeGreaterThanOrEqual(3);
  });
});
