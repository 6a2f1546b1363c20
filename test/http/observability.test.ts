import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { captureLogs, startTestApp, withTestApp, type TestApp } from '../support/app.js';

const OPERATOR = 'operator-key-for-tests-0003';
const logs = captureLogs('info');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], config: { OPERATOR_KEYS: OPERATOR }, logger: logs.logger });
});
afterAll(() => app.close());

const requestLines = () =>
  logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

/** Waits for the log line of a request: it is written when the response closes, just after the client sees it. */
async function logFor(requestId: string) {
  for (let i = 0; i < 50; i++) {
    const line = requestLines().find((l) => l.requestId === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no request log for ${requestId}`);
}

/** Raw GET that keeps the encoded bytes (fetch would decode them). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(app.baseUrl + path, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('X-Request-Id', () => {
  it('echoes a well-formed id and logs it', async () => {
    const res = await app.get('/api/seismology/v1/list-earthquakes', { 'x-request-id': 'client-abc.123:xyz' });
    expect(res.headers.get('x-request-id')).toBe('client-abc.123:xyz');
    expect((await logFor('client-abc.123:xyz')).route).toBe('/api/seismology/v1/list-earthquakes');
  });

  it.each(['has spaces in it', 'x'.repeat(200), 'semi;colon', '<script>'])(
    'replaces a malformed id (%s) with a generated one',
    async (bad) => {
      const res = await app.get('/healthz', { 'x-request-id': bad });
      const id = res.headers.get('x-request-id')!;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await logFor(id);
    },
  );

  it('generates one when absent, different per request', async () => {
    const a = (await app.get('/healthz')).headers.get('x-request-id');
    const b = (await app.get('/healthz')).headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});

describe('request logs', () => {
  it('one JSON line per request: id, method, route template, status, duration and key id — never the key', async () => {
    const res = await app.get('/api/seismology/v1/list-earthquakes?page_size=2');
    const line = await logFor(res.headers.get('x-request-id')!);
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/seismology/v1/list-earthquakes',
      status: 200,
      durationMs: expect.any(Number),
      keyId: app.defaultKey.id,
    });
    expect(JSON.stringify(line)).not.toContain('page_size');
    expect(logs.text()).not.toContain(app.defaultKey.key);
  });

  it('logs refusals with their status, and unknown paths under one label', async () => {
    const refused = await fetch(`${app.baseUrl}/api/seismology/v1/list-earthquakes`);
    expect(refused.status).toBe(401);
    expect(await logFor(refused.headers.get('x-request-id')!)).toMatchObject({ status: 401, keyId: null });
    const unknown = await app.get('/api/whatever-123/xyz');
    expect(await logFor(unknown.headers.get('x-request-id')!)).toMatchObject({ status: 404, route: 'unmatched' });
  });

  it('names the caller of a /trpc call and of an operator endpoint', async () => {
    const t = await app.get('/trpc/seismology.listEarthquakes');
    expect(await logFor(t.headers.get('x-request-id')!)).toMatchObject({ route: '/trpc', keyId: app.defaultKey.id });
    const h = await app.get('/api/health', { 'x-service-key': OPERATOR });
    expect(await logFor(h.headers.get('x-request-id')!)).toMatchObject({
      route: '/api/health',
      keyId: expect.stringMatching(/^op_/),
    });
    expect(logs.text()).not.toContain(OPERATOR);
  });
});

describe('compression', () => {
  const path = '/api/seismology/v1/list-earthquakes?page_size=100';

  it('uses brotli when the client accepts it, gzip otherwise, identity when it accepts neither', async () => {
    const identity = await rawGet(path, { ...app.defaultHeaders, 'accept-encoding': 'identity' });
    const br = await rawGet(path, { ...app.defaultHeaders, 'accept-encoding': 'gzip, br' });
    const gzip = await rawGet(path, { ...app.defaultHeaders, 'accept-encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.bytes).toBeLessThan(identity.bytes / 3);
    expect(gzip.bytes).toBeLessThan(identity.bytes / 3);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('leaves small bodies alone', async () => {
    const res = await rawGet('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the ETag and the 304 path working on compressed answers', async () => {
    const first = await rawGet(path, { ...app.defaultHeaders, 'accept-encoding': 'br' });
    const again = await rawGet(path, {
      ...app.defaultHeaders,
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
  });
});

describe('/metrics', () => {
  it('needs an operator key (401 without a credential, 403 for a customer key)', async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    expect((await app.get('/metrics')).status).toBe(403);
  });

  it('exports request histograms by route template, rate-limit decisions, snapshot ages and ingestion results', async () => {
    await app.get('/api/seismology/v1/list-earthquakes');
    await app.get('/api/random-path-a8f3/x');
    const res = await app.get('/metrics', { 'x-service-key': OPERATOR });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.text;
    expect(text).toMatch(
      /mds_http_request_duration_seconds_count\{route="\/api\/seismology\/v1\/list-earthquakes",method="GET",status="2xx"\} \d+/,
    );
    expect(text).toMatch(/mds_http_request_duration_seconds_count\{route="unmatched",method="GET",status="4xx"\} \d+/);
    expect(text).not.toContain('random-path-a8f3');
    expect(text).toMatch(/mds_rate_limit_decisions_total\{policy="global",outcome="allowed"\} \d+/);
    expect(text).toMatch(/mds_snapshot_age_seconds\{dataset="seismology.earthquakes"\} 0/);
    expect(text).toMatch(/mds_snapshot_records\{dataset="seismology.earthquakes"\} [1-9]\d*/);
    expect(text).toMatch(/mds_ingestions_total\{dataset="seismology.earthquakes",result="success"\} 1/);
  });

  it('counts refusals by the rate limiter and failed ingestions', async () => {
    const tiny = await app.createKey({ rateLimitPerMinute: 1 });
    await app.get('/api/seismology/v1/list-earthquakes', { 'x-service-key': tiny.key });
    expect((await app.get('/api/seismology/v1/list-earthquakes', { 'x-service-key': tiny.key })).status).toBe(429);
    await app.deps.runner.run(earthquakesDataset, { origin: { kind: 'bytes', payloads: { usgs: Buffer.from('{') } } });
    const text = (await app.get('/metrics', { 'x-service-key': OPERATOR })).text;
    expect(text).toMatch(/mds_rate_limit_decisions_total\{policy="global",outcome="limited"\} [1-9]/);
    expect(text).toMatch(/mds_ingestions_total\{dataset="seismology.earthquakes",result="failure"\} 1/);
  });

  it('is public when METRICS_PUBLIC=true', async () => {
    await withTestApp({ samples: 'none', config: { METRICS_PUBLIC: 'true' } }, async (open) => {
      expect((await fetch(`${open.baseUrl}/metrics`)).status).toBe(200);
    });
  });
});
