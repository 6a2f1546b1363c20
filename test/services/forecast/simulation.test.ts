import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { FORECAST_DATASETS } from '../../../src/services/forecast/datasets/index.js';
import { simulationPackageDataset } from '../../../src/services/forecast/datasets/simulation-package.js';
import { SIMULATION_JOB } from '../../../src/services/forecast/jobs.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: FORECAST_DATASETS });
});
afterAll(() => app.close());

const PACKAGE = '/api/forecast/v1/get-simulation-package';
const OUTCOME = '/api/forecast/v1/get-simulation-outcome';
const TRIGGER = '/api/forecast/v1/trigger-simulation';
const RUN_ID = '1795172400000-deep-run-2026-11-20';

const trigger = (headers: Record<string, string> = {}, body: unknown = {}) =>
  app.request(TRIGGER, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('GET get-simulation-package', () => {
  it('describes the latest package', async () => {
    const res = await app.get(PACKAGE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      found: true,
      runId: RUN_ID,
      schemaVersion: 'v2',
      theaterCount: 6,
      generatedAt: Date.UTC(2026, 10, 20, 11),
      note: '',
      error: '',
    });
  });

  it('notes a runId that is not the latest without selecting anything else', async () => {
    const res = await app.get(`${PACKAGE}?runId=1700000000000-old`);
    expect(res.body.runId).toBe(RUN_ID);
    expect(res.body.note).toMatch(/not the latest/);
  });
});

describe('POST trigger-simulation and GET get-simulation-outcome', () => {
  it('has no outcome before a simulation was triggered', async () => {
    const fresh = await app.createKey({ plan: 'pro' });
    const res = await app.get(OUTCOME, { 'x-service-key': fresh.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ found: false, processing: false, completionStatus: '' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('queues a job that reaches done with theater outcomes computed from the forecast cards', async () => {
    const res = await trigger({}, { clientVersion: 'test-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      queued: true,
      runId: RUN_ID,
      pkgFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      reason: '',
    });
    await app.deps.jobs.idle();
    const out = await app.get(`${OUTCOME}?runId=${RUN_ID}`);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      found: true,
      runId: RUN_ID,
      theaterCount: 6,
      eligibleTheaterCount: 6,
      failedTheaterCount: 1,
      completionStatus: 'partial',
      allTheatersFailed: false,
      processing: false,
    });
    const theaters = JSON.parse(out.body.theaterSummariesJson);
    const sahel = theaters.find((t: { theaterId: string }) => t.theaterId === 'sahel');
    // One forecast at 0.53 (stable, 7-day projection 0.53), confidence 0.61.
    expect(sahel).toMatchObject({
      status: 'completed',
      forecastCount: 1,
      baseProbability: 0.53,
      simulatedProbability: 0.53,
      pathConfidence: 0.61,
    });
    const levant = theaters.find((t: { theaterId: string }) => t.theaterId === 'levant');
    expect(levant.baseProbability).toBeCloseTo(1 - (1 - 0.48) * (1 - 0.44), 3);
    expect(theaters.find((t: { theaterId: string }) => t.theaterId === 'caribbean')).toMatchObject({
      status: 'failed',
      forecastCount: 0,
    });
    // Without runId: the latest finished simulation of this caller.
    expect((await app.get(OUTCOME)).body.runId).toBe(RUN_ID);
  });

  it('finds the existing job when the same caller triggers again', async () => {
    const again = await trigger();
    expect(again.body).toMatchObject({ queued: false, reason: 'already-handled', runId: RUN_ID });
  });

  it('keeps outcomes to the account that triggered them', async () => {
    const other = await app.createKey({ plan: 'pro' });
    const res = await app.get(`${OUTCOME}?runId=${RUN_ID}`, { 'x-service-key': other.key });
    expect(res.body).toMatchObject({ found: false, processing: false });
    expect(res.body.note).toMatch(/not found for this credential/);
  });

  it('reports no_package without a package and needs Pro', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await trigger({ 'x-service-key': free.key })).status).toBe(403);
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.request(TRIGGER, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.body).toEqual({ queued: false, runId: '', pkgFingerprint: '', reason: 'no_package' });
      expect((await bare.get(PACKAGE)).body).toMatchObject({ found: false });
    } finally {
      await bare.close();
    }
  });

  it('refuses a package whose run id is malformed', async () => {
    const bad = Buffer.from(
      JSON.stringify({
        schema: 'simulation-package/v1',
        runId: 'latest',
        pkgKey: 'k',
        schemaVersion: 'v2',
        generatedAt: '2026-11-20T11:00:00Z',
        theaters: [],
      }),
    );
    const result = await app.deps.runner.run(simulationPackageDataset, {
      origin: { kind: 'bytes', payloads: { pointer: bad } },
    });
    expect(result.ok).toBe(false);
    expect((await app.get(PACKAGE)).body.runId).toBe(RUN_ID);
  });

  it('refuses an over-long clientVersion', async () => {
    expect((await trigger({}, { clientVersion: 'x'.repeat(65) })).status).toBe(400);
  });
});

describe('trigger-simulation queue capacity', () => {
  it('refuses with 429 and Retry-After while more than 100 simulations wait, and accepts again once drained', async () => {
    // The worker is held so the queue fills: 100 waiting simulations of other accounts.
    await app.deps.jobs.stop();
    try {
      for (let i = 0; i < 100; i++)
        await app.deps.jobs.enqueue({
          kind: SIMULATION_JOB,
          accountId: `queue-filler-${i}`,
          input: { runId: `1700000000000-filler-${i}` },
        });
      // 100 waiting is still within capacity: this one is queued (the 101st).
      const within = await trigger({ 'x-service-key': (await app.createKey({ plan: 'pro' })).key });
      expect(within.status).toBe(200);
      expect(within.body).toMatchObject({ queued: true, reason: '' });
      expect(await app.deps.jobs.queued(SIMULATION_JOB)).toBe(101);
      const over = await trigger({ 'x-service-key': (await app.createKey({ plan: 'pro' })).key });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: 'Simulation queue at capacity, please try again later' });
      expect(over.headers.get('retry-after')).toBe('30');
      expect(await app.deps.jobs.queued(SIMULATION_JOB)).toBe(101);
    } finally {
      await app.deps.jobs.start();
    }
    await app.deps.jobs.idle();
    expect(await app.deps.jobs.queued(SIMULATION_JOB)).toBe(0);
    const after = await trigger({ 'x-service-key': (await app.createKey({ plan: 'pro' })).key });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ queued: true });
  });
});
