import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { rawRequest } from '../support/raw-http.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

/**
 * Admission (credential, entitlement, tier, rate limit) runs exactly once per call, before the
 * response cache, whichever lane the call came by: the REST lane admits before its cache and the
 * procedure chain's guard then lets the call through; /trpc calls are admitted by the guard, each
 * one, even when several share one HTTP request (and so one context).
 */
const EQ = '/api/seismology/v1/list-earthquakes';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], rateLimits: 'real' });
});
afterAll(() => app.close());

describe('admission, once per call', () => {
  it('a REST call spends one request of the budget, whether its answer was cached or not', async () => {
    const { key } = await app.createKey({ rateLimitPerMinute: 10 });
    const remaining: (string | string[] | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await rawRequest(app.baseUrl, `${EQ}?page_size=2`, { 'x-service-key': key });
      expect(res.status).toBe(200);
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['9', '8', '7']);
  });

  it('a cached answer is refused to a caller without a credential and to one past its limit', async () => {
    expect((await app.get(`${EQ}?page_size=3`)).status).toBe(200);
    expect((await rawRequest(app.baseUrl, `${EQ}?page_size=3`)).status).toBe(401);
    const { key } = await app.createKey({ rateLimitPerMinute: 1 });
    expect((await rawRequest(app.baseUrl, `${EQ}?page_size=3`, { 'x-service-key': key })).status).toBe(200);
    expect((await rawRequest(app.baseUrl, `${EQ}?page_size=3`, { 'x-service-key': key })).status).toBe(429);
  });

  it('a batch spends one request for itself and one per sub-operation', async () => {
    const { key } = await app.createKey({ rateLimitPerMinute: 10 });
    const body = JSON.stringify({ operations: [{ path: `${EQ}?page_size=1` }, { path: `${EQ}?page_size=1` }] });
    const res = await rawRequest(
      app.baseUrl,
      '/api/batch/v1/execute',
      { 'x-service-key': key, 'content-type': 'application/json' },
      'POST',
      body,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).succeeded).toBe(2);
    // X-RateLimit-* on a batch describe the caller after every operation ran.
    expect(res.headers['x-ratelimit-remaining']).toBe('7');
  });

  it('admits every call of a tRPC-batched /trpc request against its own procedure', async () => {
    const { key } = await app.createKey({ plan: 'free', rateLimitPerMinute: 10 });
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }));
    // The third is tier-gated: the free plan is refused it even after two admitted calls on the same context.
    const res = await rawRequest(
      app.baseUrl,
      `/trpc/seismology.listEarthquakes,seismology.listEarthquakes,aviation.getFlightStatus?batch=1&input=${input}`,
      {
        'x-service-key': key,
      },
    );
    const answers = JSON.parse(res.text) as { result?: unknown; error?: { data: { httpStatus: number } } }[];
    expect(answers[0].result).toBeDefined();
    expect(answers[1].result).toBeDefined();
    expect(answers[2].error?.data.httpStatus).toBe(403);
    // Two calls counted (the tier refusal comes before the count), each once.
    const again = await rawRequest(app.baseUrl, EQ, { 'x-service-key': key });
    expect(again.headers['x-ratelimit-remaining']).toBe('7');
  });
});
