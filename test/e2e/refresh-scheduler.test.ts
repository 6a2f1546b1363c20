import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshScheduler } from '../../src/platform/snapshots/scheduler.js';
import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import type { IngestResult } from '../../src/platform/snapshots/runner.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { startTestApp, type TestApp } from '../support/app.js';

const fake = (name: string) => ({ name }) as AnyDataset;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RefreshScheduler', () => {
  const ok = (d: AnyDataset): IngestResult => ({ dataset: d.name, ok: true, version: 1, recordCount: 1 });

  it('runs the due datasets one at a time, and never starts a pass before the previous one ends', async () => {
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const scheduler = new RefreshScheduler({
      datasets: [fake('a'), fake('b'), fake('c')],
      cadenceMs: () => 5, // far shorter than a pass
      run: async (d) => {
        active++;
        maxActive = Math.max(maxActive, active);
        log.push(d.name);
        await sleep(15);
        active--;
        return ok(d);
      },
    }).start(0);
    await sleep(200);
    await scheduler.stop();
    expect(maxActive).toBe(1);
    expect(scheduler.passes).toBeGreaterThanOrEqual(2);
    expect(log.slice(0, 6)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    const after = log.length;
    await sleep(50);
    expect(log.length).toBe(after);
  });

  it('refreshes each dataset on its own cadence', async () => {
    const runs = new Map<string, number>();
    const scheduler = new RefreshScheduler({
      datasets: [fake('fast'), fake('slow')],
      cadenceMs: (d) => (d.name === 'fast' ? 20 : 10_000),
      maxSleepMs: 5,
      run: async (d) => {
        runs.set(d.name, (runs.get(d.name) ?? 0) + 1);
        return ok(d);
      },
    }).start(0);
    await sleep(250);
    await scheduler.stop();
    expect(runs.get('slow')).toBe(1);
    expect(runs.get('fast')).toBeGreaterThanOrEqual(4);
  });

  it('a dataset attempted recently (by any node, as the store records) waits one cadence from that attempt', async () => {
    const now = Date.now();
    const last: Record<string, number> = { recent: now - 1_000, old: now - 120_000 };
    const runs: string[] = [];
    const scheduler = new RefreshScheduler({
      datasets: [fake('recent'), fake('old'), fake('never')],
      cadenceMs: () => 60_000,
      lastAttemptAt: (d) => last[d.name],
      run: async (d) => {
        runs.push(d.name);
        return ok(d);
      },
    });
    expect(scheduler.dueAt(fake('recent'))).toBe(now - 1_000 + 60_000);
    expect(scheduler.dueAt(fake('never'))).toBe(0);
    scheduler.start(0);
    await sleep(50);
    await scheduler.stop();
    // The never-attempted one first (longest overdue), then the old one; the recent one is not due.
    expect(runs).toEqual(['never', 'old']);
  });
});

describe('RefreshScheduler with the real runner', () => {
  let upstream: Server;
  let app: TestApp;
  let requests = 0;
  beforeAll(async () => {
    // An upstream that accepts the request and never answers.
    upstream = createServer(() => void requests++);
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    app = await startTestApp({
      samples: [earthquakesDataset],
      config: {
        UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        UPSTREAM_TIMEOUT_MS: 60_000,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  });

  it('stop() aborts a fetch in progress; the previous snapshot keeps serving', async () => {
    const before = app.deps.store.meta(earthquakesDataset.name)!;
    const results: IngestResult[] = [];
    const scheduler = new RefreshScheduler({
      datasets: [earthquakesDataset],
      cadenceMs: () => 60_000,
      run: (d, signal) => app.deps.runner.run(d, { origin: { kind: 'live' }, signal }),
      onPass: (r) => void results.push(...r),
    }).start(0);
    for (let i = 0; i < 100 && requests === 0; i++) await sleep(10);
    expect(requests).toBeGreaterThan(0);
    expect(scheduler.running).toBe(true);
    const t0 = Date.now();
    await scheduler.stop();
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(results).toHaveLength(1);
    expect(results[0].ok).toBe(false);
    const after = app.deps.store.meta(earthquakesDataset.name)!;
    expect(after.version).toBe(before.version);
    expect((await app.get('/api/seismology/v1/list-earthquakes')).status).toBe(200);
  });
});
