import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../support/app.js';
import { SIMULATION_JOB } from '../../../src/services/forecast/jobs.js';
import { FORECAST_SAMPLES } from './samples.js';

let app: TestApp;
let RUN_ID: string;
beforeAll(async () => {
  app = await startTestApp({ samples: FORECAST_SAMPLES });
  RUN_ID = (await app.get(PACKAGE)).body.runId;
});
afterAll(() => app.close());

const PACKAGE = '/api/forecast/v1/get-simulation-package';
const OUTCOME = '/api/forecast/v1/get-simulation-outcome';
const TRIGGER = '/api/forecast/v1/trigger-simulation';
const FORECASTS = '/api/forecast/v1/get-forecasts';

const trigger = (headers: Record<string, string> = {}, body: unknown = {}) =>
  app.request(TRIGGER, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A strict zod schema of a published response, built from the field names and types of the published contract. */
function publishedSchema(id: string) {
  const contract = JSON.parse(readFileSync('test/fixtures/contract/published-contract.json', 'utf8'));
  const props: Record<string, { type: string }> = contract.components.schemas[id].properties;
  const shape = Object.fromEntries(
    Object.entries(props).map(([name, p]) => [
      name,
      p.type === 'boolean'
        ? z.boolean()
        : p.type === 'integer'
          ? z.number().int()
          : p.type === 'number'
            ? z.number()
            : z.string(),
    ]),
  );
  return z.strictObject(shape);
}

/** The published theater summary (the `uiTheaters` written by the published simulation worker, read by its panel). */
const PublishedTheater = z.strictObject({
  theaterId: z.string(),
  theaterLabel: z.string(),
  stateKind: z.string(),
  topPaths: z
    .array(
      z.strictObject({
        pathId: z.string(),
        label: z.string(),
        summary: z.string(),
        confidence: z.number().min(0).max(1),
        keyActors: z.array(z.string()).max(4),
        keyActorRoles: z.array(z.string()).max(8),
      }),
    )
    .max(3),
  dominantReactions: z.array(z.string()).max(3),
  stabilizers: z.array(z.string()).max(3),
  invalidators: z.array(z.string()).max(2),
});

describe('GET get-simulation-package', () => {
  it('describes the package derived from the current forecast document', async () => {
    const res = await app.get(PACKAGE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      found: true,
      runId: expect.stringMatching(new RegExp(`^${SAMPLE_NOW}-[0-9a-f]{8}$`)),
      schemaVersion: 'v1',
      // One theater per region with a forecast, the eight most probable kept.
      theaterCount: 8,
      generatedAt: SAMPLE_NOW,
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

  it('queues a job whose outcome parses with the published field names', async () => {
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
    const body = publishedSchema('forecast_v1_GetSimulationOutcomeResponse').parse(out.body);
    expect(body).toMatchObject({
      found: true,
      runId: RUN_ID,
      theaterCount: 8,
      eligibleTheaterCount: 8,
      failedTheaterCount: 0,
      completionStatus: 'completed',
      allTheatersFailed: false,
      processing: false,
      // The outcome describes the package: it carries the package's time.
      generatedAt: SAMPLE_NOW,
    });
    const theaters = z.array(PublishedTheater).parse(JSON.parse(body.theaterSummariesJson as string));
    expect(theaters).toHaveLength(8);
    // A theater of one forecast has one non-empty outcome, that forecast, seen in about its probability of the
    // 10,000 runs (within 0.02, about 4 standard errors).
    const cards: { region: string; probability: number; domain: string }[] = (await app.get(FORECASTS)).body.forecasts;
    // Theaters are ordered by their most probable forecast, a tie by region name (three seas at 0.5 here).
    const top = [...cards].sort((a, b) => b.probability - a.probability || a.region.localeCompare(b.region))[0]!;
    expect(theaters[0]).toMatchObject({ theaterId: 'theater-1', theaterLabel: top.region, stateKind: top.domain });
    let single = 0;
    for (const t of theaters) {
      const own = cards.filter((c) => c.region === t.theaterLabel);
      if (own.length !== 1) continue;
      single++;
      expect(t.topPaths).toHaveLength(1);
      expect(Math.abs(t.topPaths[0]!.confidence - own[0]!.probability)).toBeLessThan(0.02);
    }
    expect(single).toBeGreaterThan(0);
    // Without runId: the latest finished simulation of this caller.
    expect((await app.get(OUTCOME)).body.runId).toBe(RUN_ID);
  });

  it('gives another account the same bytes for the same package (seeded)', async () => {
    const mine = (await app.get(`${OUTCOME}?runId=${RUN_ID}`)).body.theaterSummariesJson;
    const other = await app.createKey({ plan: 'pro' });
    await trigger({ 'x-service-key': other.key });
    await app.deps.jobs.idle();
    const theirs = (await app.get(`${OUTCOME}?runId=${RUN_ID}`, { 'x-service-key': other.key })).body;
    expect(theirs.theaterSummariesJson).toBe(mine);
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
