import { API_KEY_REQUIRED } from '../../src/platform/auth/access.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_OPERATIONS } from '../../src/services/infrastructure/bootstrap/operations.js';
import { startTestApp, type TestApp } from '../support/app.js';

/** GET /api/bootstrap: several operations' first-paint bodies in one credentialed request. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/bootstrap', () => {
  it('needs a credential: 401 without one, no-store', async () => {
    const res = await fetch(`${app.baseUrl}/api/bootstrap`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_KEY_REQUIRED });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('returns every registered name by default, each body exactly what its operation returns', async () => {
    const res = await app.get('/api/bootstrap');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(Object.keys(BOOTSTRAP_OPERATIONS));
    expect(res.body.missing).toEqual([]);
    expect(res.body.errors).toBeUndefined();
    for (const [name, op] of Object.entries(BOOTSTRAP_OPERATIONS)) {
      const direct = await app.get(op.url);
      expect(res.body.data[name], name).toEqual(direct.body);
    }
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('selects names with ?keys= and lists unknown ones in missing', async () => {
    const res = await app.get('/api/bootstrap?keys=earthquakes,bisPolicy,noSuchThing,earthquakes,__proto__');
    expect(Object.keys(res.body.data)).toEqual(['earthquakes', 'bisPolicy']);
    expect(res.body.missing).toEqual(['noSuchThing', '__proto__']);
  });

  it('selects a predefined set with ?tier=fast|slow', async () => {
    const fast = await app.get('/api/bootstrap?tier=fast');
    expect(Object.keys(fast.body.data)).toEqual(
      Object.keys(BOOTSTRAP_OPERATIONS).filter((n) => BOOTSTRAP_OPERATIONS[n].tier === 'fast'),
    );
    const slow = await app.get('/api/bootstrap?tier=slow');
    expect(Object.keys(slow.body.data)).toContain('fearGreedIndex');
    expect(Object.keys(slow.body.data)).not.toContain('earthquakes');
  });

  it('applies jmespath to the combined body', async () => {
    const res = await app.get(
      '/api/bootstrap?keys=earthquakes,nope&jmespath=' +
        encodeURIComponent('{count: data.earthquakes.pagination.totalCount, missing: missing}'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: expect.any(Number), missing: ['nope'] });
    expect(res.body.count).toBeGreaterThan(0);
  });

  it('answers a bad expression with the jmespath error envelope over the combined keys', async () => {
    const res = await app.get('/api/bootstrap?keys=earthquakes&jmespath=' + encodeURIComponent('data.['));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ _jmespath_error: expect.any(String), original_keys: ['data', 'missing'] });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses unknown parameters, a bad tier, and tier together with keys', async () => {
    expect((await app.get('/api/bootstrap?key=earthquakes')).body).toEqual({
      violations: [{ field: 'key', description: expect.any(String) }],
    });
    expect((await app.get('/api/bootstrap?tier=medium')).body).toEqual({
      violations: [{ field: 'tier', description: 'must be fast or slow' }],
    });
    expect((await app.get('/api/bootstrap?tier=fast&keys=earthquakes')).status).toBe(400);
  });

  it('spends the caller’s budget per entry: what the limit refuses is missing, with its status', async () => {
    const small = await app.createKey({ plan: 'api_business', rateLimitPerMinute: 2 });
    const res = await app.get('/api/bootstrap?keys=earthquakes,outages,bisPolicy', { 'x-service-key': small.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['earthquakes', 'outages']);
    expect(res.body.missing).toEqual(['bisPolicy']);
    expect(res.body.errors.bisPolicy).toEqual({ status: 429, body: { error: 'Too many requests' } });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('supports If-None-Match on an unchanged answer', async () => {
    const first = await app.get('/api/bootstrap?keys=minerals');
    const again = await app.get('/api/bootstrap?keys=minerals', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});
