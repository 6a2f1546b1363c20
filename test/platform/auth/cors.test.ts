import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOriginAllowed, parseOriginList } from '../../../src/http/cors.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { rawRequest } from '../../support/raw-http.js';

const PATH = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    samples: 'none',
    config: { CORS_ALLOWED_ORIGINS: 'https://app.example.com, https://*.example.org' },
  });
});
afterAll(() => app.close());

const from = (origin: string | undefined, method = 'GET', path = PATH, extra: Record<string, string> = {}) =>
  rawRequest(
    app.baseUrl,
    path,
    { ...(origin ? { origin } : {}), 'x-service-key': app.defaultKey.key, ...extra },
    method,
  );

describe('CORS', () => {
  it('echoes an allowed origin with credentials and exposes the rate-limit, billing and cache headers', async () => {
    const res = await from('https://app.example.com');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    for (const h of [
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'X-Billing-Verification',
      'ETag',
      'X-Request-Id',
    ]) {
      expect(exposed).toContain(h);
    }
  });

  it('refuses a disallowed origin with 403 {error} and no CORS grant, before authentication', async () => {
    for (const origin of [
      'https://evil.example',
      'https://example.org',
      'http://app.example.com',
      'https://app.example.com.evil.net',
      'null',
    ]) {
      const res = await from(origin);
      expect(res.status, origin).toBe(403);
      expect(res.body).toEqual({ error: 'Origin not allowed' });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('allows subdomains of a wildcard entry and localhost outside production', async () => {
    expect((await from('https://dash.example.org')).status).toBe(200);
    expect((await from('http://localhost:5173')).status).toBe(200);
  });

  it('answers preflight for allowed origins and refuses it for others', async () => {
    const ok = await from('https://app.example.com', 'OPTIONS', PATH, {
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-service-key',
    });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-methods']).toMatch(/GET/);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('x-service-key');
    expect(ok.headers['access-control-max-age']).toBe('3600');
    const bad = await from('https://evil.example', 'OPTIONS', PATH, { 'access-control-request-method': 'GET' });
    expect(bad.status).toBe(403);
  });

  it.each(['/openapi.json', '/openapi/seismology.json'])(
    'lets any origin read the public document %s, without credentials',
    async (path) => {
      const res = await from('https://evil.example', 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('needs no Origin at all (server-to-server callers)', async () => {
    const res = await from(undefined);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('matches origins exactly, and drops localhost in production', () => {
    const rules = parseOriginList('https://app.example.com:8443,https://*.example.org');
    expect(isOriginAllowed('https://app.example.com:8443', rules, { production: true })).toBe(true);
    expect(isOriginAllowed('https://app.example.com', rules, { production: true })).toBe(false);
    expect(isOriginAllowed('https://a.b.example.org', rules, { production: true })).toBe(true);
    expect(isOriginAllowed('http://localhost:3000', rules, { production: true })).toBe(false);
    expect(isOriginAllowed('http://localhost:3000', rules, { production: false })).toBe(true);
    expect(isOriginAllowed('https://api.example.net', rules, { production: true, host: 'api.example.net' })).toBe(true);
    expect(() => parseOriginList('app.example.com')).toThrow(/not an origin/);
  });
});
