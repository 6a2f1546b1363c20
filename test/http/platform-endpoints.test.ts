import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { planCatalogue } from '../../src/platform/auth/plans.js';
import { RATE_POLICIES } from '../../src/platform/ratelimit/limiter.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import type { ManualClock } from '../../src/platform/clock.js';
import { startTestApp, withTestApp, type TestApp } from '../support/app.js';

const OPERATOR = 'operator-key-for-tests-0001';
const operator = { 'x-service-key': OPERATOR };

/** A request without the default key: fetch drops headers whose value is undefined only if we remove them. */
async function bare(app: TestApp, path: string, init: RequestInit = {}) {
  const res = await fetch(app.baseUrl + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { OPERATOR_KEYS: OPERATOR } });
  });
  afterAll(() => app.close());

  // Loaded from the bundled samples: reference tables are OK, relays without their address are
  // UNCONFIGURED (withheld), every other dataset serves its sample or a model computed from samples.
  const unconfigured = ALL_DATASETS.filter((d) => d.kind === 'relay');
  const ok = ALL_DATASETS.filter((d) => d.kind === 'reference');
  const samples = ALL_DATASETS.length - unconfigured.length - ok.length;

  it('gives anyone the compact view: overall status, check time and what is not OK, never cacheable', async () => {
    const res = await bare(app, '/api/health');
    expect(res.status).toBe(200);
    // Serving samples is never HEALTHY: the verdict says so, and names them.
    expect(res.body).toMatchObject({
      status: 'SAMPLE',
      checkedAt: new Date(app.clock.now()).toISOString(),
      servingSamples: samples,
    });
    expect(res.body.problems['seismology.earthquakes']).toEqual({ status: 'SAMPLE' });
    expect(Object.keys(res.body.problems)).toHaveLength(samples);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('gives an operator key the detailed view by default: every dataset with origin, capture, age, limit, rows and status', async () => {
    const res = await app.get('/api/health', operator);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.datasets)).toEqual(ALL_DATASETS.map((d) => d.name));
    expect(res.body.summary).toEqual({
      total: ALL_DATASETS.length,
      ok: ok.length,
      sample: samples,
      stale: 0,
      empty: 0,
      error: 0,
      unconfigured: unconfigured.length,
    });
    expect(res.body.datasets['seismology.earthquakes']).toEqual({
      kind: 'live',
      origin: 'sample',
      source: earthquakesDataset.source,
      status: 'SAMPLE',
      serving: true,
      fetchedAt: new Date(app.clock.now()).toISOString(),
      // db/samples/captures.json: the instant the sample describes, which is the suite's clock.
      capturedAt: '2026-11-20T12:00:00.000Z',
      ageSeconds: 0,
      maxStaleMinutes: 30,
      recordCount: expect.any(Number),
      lastAttemptAt: new Date(app.clock.now()).toISOString(),
      lastError: null,
    });
    for (const d of unconfigured)
      expect(res.body.datasets[d.name], d.name).toMatchObject({ status: 'UNCONFIGURED', serving: false, origin: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("measures a sample's age from its capture: a week later it is a week old, and still SAMPLE, not STALE", async () => {
    const clock = app.clock as ManualClock;
    const before = clock.now();
    clock.advance(7 * 86_400_000);
    try {
      const detail = await app.get('/api/health', operator);
      expect(detail.body.status).toBe('SAMPLE');
      expect(detail.body.datasets['seismology.earthquakes']).toMatchObject({
        status: 'SAMPLE',
        ageSeconds: 7 * 86_400,
      });
    } finally {
      clock.set(before);
    }
  });

  it('answers ?compact=1 compactly even for an operator', async () => {
    const res = await app.get('/api/health?compact=1', operator);
    expect(Object.keys(res.body).sort()).toEqual(['checkedAt', 'problems', 'servingSamples', 'status']);
  });

  it('refuses ?detail=1 without a credential (401) and to a customer key, even an enterprise one (403)', async () => {
    const none = await bare(app, '/api/health?detail=1');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: 'Operator key required: send one of OPERATOR_KEYS in the X-Service-Key header (or X-Api-Key)',
    });
    expect(none.headers.get('cache-control')).toBe('no-store');
    const customer = await app.get('/api/health?detail=1');
    expect(customer.status).toBe(403);
    expect(customer.body.error).toMatch(/operator key/);
  });

  it('gives a customer key without ?detail the compact view', async () => {
    const res = await app.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.datasets).toBeUndefined();
  });

  it('reports STALE datasets once their age passes the limit, and lists them as problems in the compact view', async () => {
    const clock = app.clock as ManualClock;
    const before = clock.now();
    // Data read now from files (not the bundled sample): OK while fresh.
    const bytes = (source: { sample: string }) => fs.readFileSync(path.join(SAMPLES_DIR, source.sample));
    const file = await app.deps.runner.run(earthquakesDataset, {
      origin: {
        kind: 'bytes',
        payloads: {
          usgs: bytes(earthquakesDataset.sources.usgs! as { sample: string }),
          nrcan: bytes(earthquakesDataset.sources.nrcan! as { sample: string }),
        },
      },
    });
    expect(file.ok).toBe(true);
    expect((await app.get('/api/health', operator)).body.datasets['seismology.earthquakes']).toMatchObject({
      origin: 'file',
      status: 'OK',
    });
    clock.advance(31 * 60_000); // past the 30-minute limit of the earthquake feed only
    try {
      const compact = await bare(app, '/api/health');
      expect(compact.status).toBe(200);
      expect(compact.body.status).toBe('DEGRADED');
      expect(compact.body.problems['seismology.earthquakes']).toEqual({ status: 'STALE' });
      expect(Object.values(compact.body.problems).every((p) => Object.keys(p as object).join() === 'status')).toBe(
        true,
      );
      const detail = await app.get('/api/health', operator);
      expect(detail.body.datasets['seismology.earthquakes']).toMatchObject({ status: 'STALE', ageSeconds: 31 * 60 });
    } finally {
      clock.set(before);
      // Back to the sample for the other tests.
      expect((await app.deps.runner.run(earthquakesDataset, { origin: { kind: 'samples' } })).ok).toBe(true);
    }
  });

  it('shows a failed ingestion as STALE with its message while the previous snapshot keeps serving', async () => {
    const r = await app.deps.runner.run(earthquakesDataset, {
      origin: { kind: 'bytes', payloads: { usgs: Buffer.from('not json'), nrcan: Buffer.from('x') } },
    });
    expect(r.ok).toBe(false);
    const detail = await app.get('/api/health', operator);
    // Still the sample serving, so still SAMPLE (never OK), with the failure named.
    expect(detail.body.datasets['seismology.earthquakes']).toMatchObject({ status: 'SAMPLE', serving: true });
    expect(detail.body.datasets['seismology.earthquakes'].lastError).toBeTruthy();
    expect((await app.get('/api/seismology/v1/list-earthquakes')).status).toBe(200);
    // Restore for the other tests.
    expect((await app.deps.runner.run(earthquakesDataset, { origin: { kind: 'samples' } })).ok).toBe(true);
  });

  it('refuses unknown parameters with the spec’s violations shape', async () => {
    const res = await bare(app, '/api/health?verbose=1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ violations: [{ field: 'verbose', description: expect.any(String) }] });
  });

  it('answers 503 only when the database itself cannot be read', async () => {
    const store = app.deps.store;
    const original = store.allMeta;
    store.allMeta = () => {
      throw new Error('disk I/O error');
    };
    try {
      const res = await bare(app, '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'UNHEALTHY', error: 'database unavailable' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      store.allMeta = original;
    }
  });

  it('answers 405 for other methods', async () => {
    const res = await bare(app, '/api/health', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('health with nothing ingested', () => {
  it('is UNHEALTHY, every dataset EMPTY, and still HTTP 200', async () => {
    await withTestApp({ samples: 'none', config: { OPERATOR_KEYS: OPERATOR } }, async (app) => {
      const compact = await bare(app, '/api/health');
      expect(compact.status).toBe(200);
      expect(compact.body.status).toBe('UNHEALTHY');
      const detail = await app.get('/api/health', operator);
      // The relays without their address are UNCONFIGURED, not empty: nothing is meant to serve there.
      const relays = ALL_DATASETS.filter((d) => d.kind === 'relay').length;
      expect(detail.body.summary).toMatchObject({ empty: ALL_DATASETS.length - relays, unconfigured: relays });
      expect(detail.body.datasets['seismology.earthquakes']).toMatchObject({
        status: 'EMPTY',
        fetchedAt: null,
        ageSeconds: null,
        recordCount: 0,
      });
    });
  });
});

describe('/healthz and /readyz', () => {
  let app: TestApp;
  let second: Server;
  let secondUrl: string;
  let lifecycle: ReturnType<typeof buildApp>['lifecycle'];
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
    // A second app over the same deps, so the test can reach its lifecycle.
    const built = buildApp(app.deps);
    lifecycle = built.lifecycle;
    second = await new Promise((resolve) => {
      const s = createServer(built.handler).listen(0, '127.0.0.1', () => resolve(s));
    });
    secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    second.closeAllConnections();
    await new Promise((r) => second.close(r));
    await app.close();
  });

  it('/healthz says the process is alive, without a credential', async () => {
    const res = await fetch(`${secondUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'alive' });
  });

  it('/readyz is 200 with the database open and migrated, 503 once shutdown begins', async () => {
    const ok = await fetch(`${secondUrl}/readyz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ready' });
    lifecycle.beginShutdown();
    const down = await fetch(`${secondUrl}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not ready', reasons: ['shutting down'] });
    expect(down.headers.get('connection')).toBe('close');
    // /healthz still says alive: the process is fine, it is just leaving.
    expect((await fetch(`${secondUrl}/healthz`)).status).toBe(200);
  });

  it('/readyz is 503 when a migration has not been applied', async () => {
    const sqlite = app.deps.db.$client;
    const rows = sqlite
      .prepare('SELECT rowid AS r, * FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1')
      .all() as Record<string, unknown>[];
    sqlite.prepare('DELETE FROM __drizzle_migrations WHERE rowid = ?').run(rows[0].r);
    try {
      const res = await app.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.reasons[0]).toMatch(/migrations pending/);
    } finally {
      const cols = Object.keys(rows[0]).filter((c) => c !== 'r');
      sqlite
        .prepare(`INSERT INTO __drizzle_migrations (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
        .run(...cols.map((c) => rows[0][c]));
    }
    expect((await app.get('/readyz')).status).toBe(200);
  });
});

describe('GET /api/version and /api/product-catalog', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      samples: 'none',
      config: { GIT_COMMIT: 'abcdef1234567', BUILD_TIME: '2026-11-20T10:00:00Z' },
    });
  });
  afterAll(() => app.close());

  it('/api/version names the package version, the commit and the build time, publicly', async () => {
    const res = await bare(app, '/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: '0.1.0',
      commit: 'abcdef1234567',
      buildTime: '2026-11-20T10:00:00Z',
      startedAt: expect.any(String),
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('/api/version falls back to the checkout’s commit (or null outside git)', async () => {
    await withTestApp({ samples: 'none' }, async (plain) => {
      const res = await bare(plain, '/api/version');
      expect(res.body.commit === null || /^[0-9a-f]{40}$/.test(res.body.commit)).toBe(true);
      expect(res.body.buildTime).toBeNull();
    });
  });

  it('/api/product-catalog lists the plans and limits the access layer enforces, publicly', async () => {
    const res = await bare(app, '/api/product-catalog');
    expect(res.status).toBe(200);
    expect(res.body.plans).toEqual(planCatalogue());
    expect(res.body.anonymous.perMinute).toBe(600);
    // Every endpoint policy the limiter enforces is published, and nothing else.
    expect(Object.keys(res.body.endpointPolicies).sort()).toEqual(Object.keys(RATE_POLICIES).sort());
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const first = await bare(app, '/api/product-catalog');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${app.baseUrl}/api/product-catalog`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('HEAD and unknown paths', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [earthquakesDataset], config: { OPERATOR_KEYS: OPERATOR } });
  });
  afterAll(() => app.close());

  it.each([
    '/healthz',
    '/readyz',
    '/api/health',
    '/api/version',
    '/api/product-catalog',
    '/api/bootstrap?keys=earthquakes',
    '/openapi.json',
    '/docs',
    '/api/seismology/v1/list-earthquakes',
  ])('HEAD %s answers like GET without a body', async (path) => {
    const get = await app.get(path, operator);
    const head = await app.request(path, { method: 'HEAD', headers: operator });
    expect(head.status).toBe(get.status);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
  });

  it('an unknown /api path is a JSON 404', async () => {
    const res = await bare(app, '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
