import { API_KEY_REQUIRED } from '../../../src/platform/auth/access.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/platform/clock.js';
import { collectOperations } from '../../../src/http/operations.js';
import { appRouter } from '../../../src/root/app-router.js';
import { isPublicOperation } from '../../../src/platform/auth/public-paths.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { rawRequest } from '../../support/raw-http.js';

/**
 * The access rules every operation must obey, generated from the router: a new operation is covered
 * the moment it is registered. Checks stop before the handler matters, so no sample data is needed.
 */
const OPERATIONS = [...collectOperations(appRouter).values()].filter((op) => !isPublicOperation(op.meta));

/** An operator key: the only credential an operator-only operation admits. */
const OPERATOR = 'operator-key-for-every-operation-1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: 'none', config: { OPERATOR_KEYS: OPERATOR } });
});
afterAll(() => app.close());

const send = (path: string, method: string, headers: Record<string, string | string[]>) =>
  rawRequest(
    app.baseUrl,
    path,
    method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
    method,
    method === 'POST' ? '{}' : undefined,
  );

function expectRefusal(res: { status: number; headers: Record<string, unknown>; body: any }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

it('the router has operations to check, and every /api/<service>/v1 operation is among them', () => {
  expect(OPERATIONS.length).toBeGreaterThan(0);
  for (const op of collectOperations(appRouter).values())
    if (/^\/api\/[^/]+\/v\d+\//.test(op.path)) expect(OPERATIONS.map((o) => o.path)).toContain(op.path);
});

describe.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', (_name, op) => {
  // Refused credentials are limited per client address (600 a minute); every check here comes from
  // one address, so each starts in a fresh minute, as a real client spreading them out would.
  beforeEach(() => (app.clock as ManualClock).advance(60_000));

  it('refuses a request without a credential with 401 {error}', async () => {
    const res = await send(op.path, op.method, {});
    expectRefusal(res, 401);
    expect(res.body).toEqual({ error: API_KEY_REQUIRED });
  });

  it('refuses unknown, malformed and wrongly prefixed keys alike with 401', async () => {
    for (const bad of [
      'mds_' + 'A'.repeat(32),
      'not a key',
      'mds_short',
      'x'.repeat(300),
      'sk_live_0123456789abcdef0123',
    ]) {
      for (const header of ['x-service-key', 'x-api-key']) {
        const res = await send(op.path, op.method, { [header]: bad });
        expectRefusal(res, 401);
        expect(res.body).toEqual({
          error: `Invalid API key in ${header === 'x-api-key' ? 'X-Api-Key' : 'X-Service-Key'}`,
        });
      }
    }
  });

  it('refuses a repeated key header (even the same valid key twice) with 401', async () => {
    const key = app.defaultKey.key;
    for (const header of ['x-service-key', 'x-api-key']) {
      expectRefusal(await send(op.path, op.method, { [header]: [key, key] }), 401);
      expectRefusal(await send(op.path, op.method, { [header]: `${key}, ${key}` }), 401);
    }
  });

  it('refuses X-Service-Key and X-Api-Key carrying different values with 401, accepts the same value in both', async () => {
    const other = await app.createKey();
    expectRefusal(await send(op.path, op.method, { 'x-service-key': app.defaultKey.key, 'x-api-key': other.key }), 401);
    const same = await send(op.path, op.method, { 'x-service-key': other.key, 'x-api-key': other.key });
    // Identified either way; an operator-only operation then refuses the customer key (403), not the pair.
    expect(op.meta.operatorOnly ? [401, 429] : [401, 403, 429]).not.toContain(same.status);
  });

  it('accepts a valid key under either header and reports the rate limit', async () => {
    for (const header of ['x-service-key', 'x-api-key']) {
      const key = op.meta.operatorOnly ? OPERATOR : (await app.createKey({ plan: 'enterprise' })).key;
      const res = await send(op.path, op.method, { [header]: key });
      expect([401, 403, 429, 503]).not.toContain(res.status);
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(app.clock.now());
    }
  });

  it('refuses a revoked key on the very next request', async () => {
    const { id, key } = await app.createKey({ plan: 'enterprise' });
    const before = await send(op.path, op.method, { 'x-service-key': key });
    expect(before.status).not.toBe(401);
    await app.revokeKey(id);
    const after = await send(op.path, op.method, { 'x-service-key': key });
    expectRefusal(after, 401);
    expect(after.body).toEqual({ error: 'The API key in X-Service-Key has been revoked' });
  });

  it('refuses an expired key with 401', async () => {
    const { key } = await app.createKey({ plan: 'enterprise', expiresAt: app.clock.now() });
    expectRefusal(await send(op.path, op.method, { 'x-service-key': key }), 401);
  });

  if (op.meta.requiredTier) {
    it(`is gated at tier ${op.meta.requiredTier}: a lower plan gets 403 {error, requiredTier, currentTier, planKey}`, async () => {
      const { key } = await app.createKey({ plan: 'free' });
      const res = await send(op.path, op.method, { 'x-service-key': key });
      expectRefusal(res, 403);
      expect(res.body).toEqual({
        error: 'Upgrade required',
        requiredTier: op.meta.requiredTier,
        currentTier: 0,
        planKey: 'free',
      });
    });
  } else if (op.meta.operatorOnly) {
    it('admits operator keys alone: every plan, enterprise included, gets 403 {error}', async () => {
      for (const plan of ['free', 'pro', 'enterprise'] as const) {
        const { key } = await app.createKey({ plan });
        const res = await send(op.path, op.method, { 'x-service-key': key });
        expectRefusal(res, 403);
        expect(res.body.error).toMatch(/^Operator key required: /);
      }
    });
  } else {
    it('is open to every plan, the free one included', async () => {
      const { key } = await app.createKey({ plan: 'free' });
      const res = await send(op.path, op.method, { 'x-service-key': key });
      expect([401, 403, 429]).not.toContain(res.status);
    });
  }

  // An operator-only operation refuses a customer key before counting it, so its limit is never reached here.
  it.skipIf(op.meta.operatorOnly)(
    'answers 429 {error} with X-RateLimit-* and Retry-After once the key’s limit is spent',
    async () => {
      const { key } = await app.createKey({ plan: 'enterprise', rateLimitPerMinute: 1 });
      const first = await send(op.path, op.method, { 'x-service-key': key });
      expect(first.status).not.toBe(429);
      expect(first.headers['x-ratelimit-remaining']).toBe('0');
      const res = await send(op.path, op.method, { 'x-service-key': key });
      expectRefusal(res, 429);
      expect(res.body).toEqual({ error: 'Too many requests' });
      expect(res.headers['x-ratelimit-limit']).toBe('1');
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(app.clock.now());
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    },
  );

  it('never serves data to a lapsed, pending or failed account', async () => {
    for (const [state, status] of [
      ['lapsed', 403],
      ['pending', 503],
      ['failed', 503],
    ] as const) {
      const { key } = await app.createKey({ plan: 'enterprise', billing: state });
      const res = await send(op.path, op.method, { 'x-service-key': key });
      expectRefusal(res, status);
      expect(res.headers['x-billing-verification']).toBe(res.body.code);
    }
  });
});
