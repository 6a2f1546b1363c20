import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../support/app.js';
import { appRouter } from '../../../src/root/app-router.js';
import { operation, router } from '../../../src/trpc/procedures.js';
import { t } from '../../../src/trpc/init.js';
import { earthquakesDataset } from '../../../src/services/seismology/datasets/earthquakes.js';

const PATH = '/api/batch/v1/execute';
const QUAKES = '/api/seismology/v1/list-earthquakes';

/** Told when the slow operation starts (after its batch has claimed any Idempotency-Key). */
let onSlowStart: (() => void) | undefined;

/** The application plus one deliberately slow operation, to exercise the per-operation deadline. */
const withSlowOperation = t.mergeRouters(
  appRouter,
  router({
    testing: router({
      slow: operation
        .meta({
          openapi: { method: 'GET', path: '/api/testing/v1/slow-operation', summary: 'test only' },
          cacheTier: 'no-store',
        })
        .input(z.object({}))
        .output(z.object({ done: z.boolean() }))
        .query(async () => {
          onSlowStart?.();
          await new Promise((r) => setTimeout(r, 600));
          return { done: true };
        }),
      huge: operation
        .meta({
          openapi: { method: 'GET', path: '/api/testing/v1/huge-operation', summary: 'test only' },
          cacheTier: 'no-store',
        })
        .input(z.object({}))
        .output(z.object({ filler: z.string() }))
        .query(() => ({ filler: 'x'.repeat(1_100_000) })),
    }),
  }),
) as unknown as typeof appRouter;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    samples: [earthquakesDataset],
    router: withSlowOperation,
    config: { BATCH_OPERATION_TIMEOUT_MS: 200 },
  });
});
afterAll(() => app.close());

function batch(body: unknown, headers: Record<string, string> = {}) {
  return app.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/batch/v1/execute', () => {
  it('runs operations and reports each in request order, with jmespath passed through', async () => {
    const res = await batch({
      operations: [
        { id: 'two', path: `${QUAKES}?page_size=2&jmespath=earthquakes[].id` },
        { id: 'count', path: `${QUAKES}?jmespath=pagination.totalCount` },
        { path: `${QUAKES}?page_size=1` },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const direct = (await app.get(QUAKES)).body;
    expect(res.body).toEqual({
      results: [
        { id: 'two', status: 200, body: direct.earthquakes.slice(0, 2).map((q: { id: string }) => q.id), error: '' },
        { id: 'count', status: 200, body: direct.pagination.totalCount, error: '' },
        {
          id: '2',
          status: 200,
          body: { earthquakes: direct.earthquakes.slice(0, 1), pagination: expect.any(Object) },
          error: '',
        },
      ],
      succeeded: 3,
      failed: 0,
    });
  });

  it('carries each operation’s own error status and body', async () => {
    const res = await batch({
      operations: [
        { id: 'bad', path: `${QUAKES}?page_size=abc` },
        { id: 'jmes', path: `${QUAKES}?jmespath=earthquakes[` },
        { id: 'unknown', path: '/api/seismology/v1/no-such-rpc' },
        { id: 'gated', path: '/api/aviation/v1/get-flight-status?flight_number=TK1&date=2026-11-20' },
      ],
    });
    expect(res.status).toBe(200);
    const [bad, jmes, unknown] = res.body.results;
    expect(bad).toEqual({
      id: 'bad',
      status: 400,
      body: { violations: [{ field: 'page_size', description: expect.any(String) }] },
      error: '',
    });
    expect(jmes.status).toBe(400);
    expect(jmes.body._jmespath_error).toMatch(/^invalid_expression/);
    expect(unknown).toMatchObject({ id: 'unknown', status: 404, error: '' });
    expect(res.body.succeeded).toBe(res.body.results.filter((r: { status: number }) => r.status === 200).length);
    expect(res.body.failed).toBe(4 - res.body.succeeded);
  });

  it('never dispatches invalid or nested paths', async () => {
    const res = await batch({
      operations: [
        { id: 'abs', path: 'https://evil.example/api/seismology/v1/list-earthquakes' },
        { id: 'rel', path: '//evil.example/api/seismology/v1/list-earthquakes' },
        { id: 'upper', path: '/API/SEISMOLOGY/V1/LIST-EARTHQUAKES' },
        { id: 'platform', path: '/api/health' },
        { id: 'nested', path: '/api/batch/v1/execute' },
      ],
    });
    expect(res.body.results).toEqual([
      { id: 'abs', status: 0, error: 'invalid_path' },
      { id: 'rel', status: 0, error: 'invalid_path' },
      { id: 'upper', status: 0, error: 'invalid_path' },
      { id: 'platform', status: 0, error: 'invalid_path' },
      { id: 'nested', status: 0, error: 'nested_batch' },
    ]);
    expect(res.body).toMatchObject({ succeeded: 0, failed: 5 });
  });

  it('gives a slow operation its deadline while the others succeed', async () => {
    const started = Date.now();
    const res = await batch({
      operations: [
        { id: 'slow', path: '/api/testing/v1/slow-operation' },
        { id: 'fast', path: `${QUAKES}?page_size=1` },
      ],
    });
    expect(Date.now() - started).toBeLessThan(590);
    expect(res.body.results).toEqual([
      { id: 'slow', status: 0, error: 'timeout' },
      { id: 'fast', status: 200, body: expect.any(Object), error: '' },
    ]);
    expect(res.body).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it('reports a sub-response over 1 MiB as response_too_large with its status kept and no body', async () => {
    const res = await batch({
      operations: [
        { id: 'big', path: '/api/testing/v1/huge-operation' },
        { id: 'small', path: `${QUAKES}?page_size=1` },
      ],
    });
    expect(res.body.results[0]).toEqual({ id: 'big', status: 200, error: 'response_too_large' });
    expect(res.body.results[1]).toMatchObject({ id: 'small', status: 200, error: '' });
    expect(res.body).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it.each([
    [{}, 'operations', 'value is required'],
    [{ operations: [] }, 'operations', 'array must contain at least 1 item(s)'],
    [
      { operations: Array.from({ length: 21 }, () => ({ path: QUAKES })) },
      'operations',
      'array must contain at most 20 item(s)',
    ],
    [{ operations: [{ id: 'x'.repeat(65), path: QUAKES }] }, 'operations[0].id', 'string length must be at most 64'],
    [
      { operations: [{ path: QUAKES }, { path: `/${'a'.repeat(2048)}` }] },
      'operations[1].path',
      'string length must be at most 2048',
    ],
    [{ operations: [{ id: 'a' }] }, 'operations[0].path', 'value is required'],
    [
      {
        operations: [
          { id: 'a', path: QUAKES },
          { id: 'a', path: QUAKES },
        ],
      },
      'operations[1].id',
      'duplicate id "a": results would be ambiguous',
    ],
    [[1, 2], 'body', expect.any(String)],
    // Unknown fields are named, at the top and in each entry, with the closest accepted name.
    [
      { operations: [{ path: QUAKES }], timeout: 5 },
      'timeout',
      expect.stringMatching(/^unknown field \(accepted: operations\)$/),
    ],
    [{ operations: [{ path: QUAKES, idd: 'a' }] }, 'operations[0].idd', expect.stringMatching(/did you mean id\?/)],
  ])('refuses %j with a violation on %s', async (body, field, description) => {
    const res = await batch(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ violations: [expect.objectContaining({ field, description })] });
  });

  it('answers malformed JSON, a wrong media type and an oversized body without a 500', async () => {
    const malformed = await batch('{"operations": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      violations: [{ field: 'body', description: expect.stringMatching(/^not valid JSON/) }],
    });
    const wrongType = await app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);
    expect(Object.keys(wrongType.body)).toEqual(['error']);
    const huge = await batch({ operations: [{ path: QUAKES }], padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(Object.keys(huge.body)).toEqual(['error']);
  });

  it('keeps __proto__ keys as data without polluting prototypes (and refuses them as unknown fields)', async () => {
    const res = await batch(
      '{"operations":[{"path":"/api/seismology/v1/list-earthquakes?page_size=1","__proto__":{"polluted":true}}],"__proto__":{"polluted":true}}',
    );
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual([
      'operations[0].__proto__',
      '__proto__',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('needs a credential itself and passes the caller’s credential to every operation', async () => {
    const anonymous = await batch({ operations: [{ path: QUAKES }] }, { 'x-service-key': '' });
    expect(anonymous.status).toBe(401);
    const free = await app.createKey({ plan: 'free' });
    const res = await batch(
      { operations: [{ id: 'gated', path: '/api/resilience/v1/get-resilience-ranking' }] },
      { 'x-service-key': free.key },
    );
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ id: 'gated', status: 403, body: { requiredTier: 1, currentTier: 0 } });
  });

  it('counts every operation against the caller’s rate limit', async () => {
    const limited = await app.createKey({ plan: 'api_business', rateLimitPerMinute: 5 });
    const res = await batch(
      { operations: Array.from({ length: 6 }, (_, i) => ({ id: String(i), path: `${QUAKES}?page_size=1` })) },
      { 'x-service-key': limited.key },
    );
    // The batch call itself takes one of the five slots; four operations fit, the other two get 429.
    const statuses = res.body.results.map((r: { status: number }) => r.status);
    expect(statuses.filter((s: number) => s === 200).length).toBe(4);
    expect(statuses.filter((s: number) => s === 429).length).toBe(2);
  });
});

describe('Idempotency-Key', () => {
  const body = { operations: [{ id: 'one', path: `${QUAKES}?page_size=1` }] };

  it('replays the stored answer for the same key and body', async () => {
    const first = await batch(body, { 'idempotency-key': 'replay-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    expect(first.headers.get('idempotency-key')).toBe('replay-1');
    const again = await batch(body, { 'idempotency-key': 'replay-1' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('refuses the same key with a different body (422)', async () => {
    await batch(body, { 'idempotency-key': 'mismatch-1' });
    const other = await batch({ operations: [{ id: 'two', path: QUAKES }] }, { 'idempotency-key': 'mismatch-1' });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body)).toEqual(['error']);
  });

  it('refuses the same key while the first call is still running (409)', async () => {
    const slow = { operations: [{ id: 'slow', path: '/api/testing/v1/slow-operation' }] };
    // The second call is sent once the first is running, however long a loaded machine took to start it.
    const started = new Promise<void>((resolve) => (onSlowStart = resolve));
    const first = batch(slow, { 'idempotency-key': 'in-flight-1' });
    await started;
    onSlowStart = undefined;
    const second = await batch(slow, { 'idempotency-key': 'in-flight-1' });
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBeTruthy();
    expect((await first).status).toBe(200);
  });

  it('scopes keys to the caller', async () => {
    await batch(body, { 'idempotency-key': 'shared-name' });
    const other = await app.createKey({ plan: 'enterprise' });
    const res = await batch(
      { operations: [{ id: 'different', path: QUAKES }] },
      { 'idempotency-key': 'shared-name', 'x-service-key': other.key },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBe('false');
  });

  it.each(['has space', 'x'.repeat(256), 'caf\u00e9'])('refuses a malformed key %j', async (key) => {
    const res = await app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ violations: [{ field: 'Idempotency-Key', description: expect.any(String) }] });
  });
});
