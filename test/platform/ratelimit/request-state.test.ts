import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { ANONYMOUS_PER_MINUTE } from '../../../src/platform/ratelimit/limiter.js';
import { captureLogs, SAMPLE_NOW, startTestApp, type TestApp } from '../../support/app.js';
import { earthquakesDataset } from '../../../src/services/seismology/datasets/earthquakes.js';

/** Rate-limit headers describe the caller's state once the whole request is done. */
const PLAIN = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
let clock: ManualClock;
const logs = captureLogs('info');
beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW);
  app = await startTestApp({ samples: [earthquakesDataset], clock, rateLimits: 'real', logger: logs.logger });
});
afterAll(() => app.close());

const batch = (key: string, n: number) =>
  app.request('/api/batch/v1/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': key },
    body: JSON.stringify({
      operations: Array.from({ length: n }, (_, i) => ({ id: String(i), path: `${PLAIN}?page_size=1` })),
    }),
  });

describe('a batch answer', () => {
  it('says Remaining 0 once its operations used up the budget, and each 429 result says when to retry', async () => {
    clock.set(SAMPLE_NOW + 60 * 60_000);
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 10 });
    const res = await batch(key, 20);
    expect(res.status).toBe(200);
    const limited = res.body.results.filter((r: { status: number }) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    for (const r of limited) expect(r.body.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('counts its operations in Remaining when they all fit', async () => {
    clock.set(SAMPLE_NOW + 2 * 60 * 60_000);
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 20 });
    const res = await batch(key, 5);
    expect(res.body.succeeded).toBe(5);
    // The batch call itself and its five operations: six of twenty (the batch policy's 30 is looser).
    expect(res.headers.get('x-ratelimit-remaining')).toBe('14');
  });
});

describe('HEAD', () => {
  it('of /api/bootstrap runs none of its operations and spends nothing', async () => {
    clock.set(SAMPLE_NOW + 3 * 60 * 60_000);
    const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 10 });
    for (let i = 0; i < 3; i++) {
      const head = await app.request('/api/bootstrap', { method: 'HEAD', headers: { 'x-service-key': key } });
      expect(head.status).toBe(200);
    }
    const after = await app.get(PLAIN, { 'x-service-key': key });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('of /api/bootstrap still needs a valid key', async () => {
    expect((await app.request('/api/bootstrap', { method: 'HEAD', headers: { 'x-service-key': '' } })).status).toBe(
      401,
    );
  });
});

describe('failed credentials', () => {
  it('are limited per client address: beyond the anonymous limit they get 429 with Retry-After, and are not each logged', async () => {
    clock.set(SAMPLE_NOW + 4 * 60 * 60_000);
    const bad = { 'x-service-key': `mds_${'x'.repeat(32)}` };
    const before = logs.lines.filter((l) => l.includes('credential refused')).length;
    let refused = 0;
    for (let i = 0; i < ANONYMOUS_PER_MINUTE; i++) if ((await app.get(PLAIN, bad)).status === 401) refused++;
    expect(refused).toBe(ANONYMOUS_PER_MINUTE);
    const over = await app.get(PLAIN, bad);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 20; i++) expect((await app.get(PLAIN, bad)).status).toBe(429);
    const logged = logs.lines.filter((l) => l.includes('credential refused')).length - before;
    expect(logged).toBeLessThanOrEqual(ANONYMOUS_PER_MINUTE);
    // Requests without any credential count against the same address, unknown service paths included.
    expect((await app.get(PLAIN, { 'x-service-key': '' })).status).toBe(429);
    expect((await fetch(`${app.baseUrl}/api/nowhere/v1/nothing`)).status).toBe(429);
    // A valid key from the same address keeps working.
    expect((await app.get(PLAIN)).status).toBe(200);
  });
});
