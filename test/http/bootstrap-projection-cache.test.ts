import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

/**
 * GET /api/bootstrap?jmespath=: the projection of the combined body is evaluated once per expression
 * (by its parsed form) and entries' bytes (their ETags), then answered from memory; a new snapshot
 * of an entry, another selection of entries, or a refused entry means a fresh evaluation.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

/** The app's own count of bootstrap projections by outcome (`mds_bootstrap_projections_total`). */
const counted = async (outcome: 'evaluated' | 'remembered') =>
  (await app.deps.metrics.bootstrapProjections.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
let evaluatedBefore = 0;
let rememberedBefore = 0;
beforeEach(async () => {
  evaluatedBefore = await counted('evaluated');
  rememberedBefore = await counted('remembered');
});
/** Projections evaluated since the test began. */
const evaluations = async () => (await counted('evaluated')) - evaluatedBefore;

const bootstrap = (keys: string, expression: string, headers?: Record<string, string>) =>
  app.get(`/api/bootstrap?keys=${keys}&jmespath=${encodeURIComponent(expression)}`, headers);

describe('bootstrap projections are evaluated once', () => {
  it('answers a repeated projection from memory, byte for byte, with the same ETag', async () => {
    const expression = '{count: data.earthquakes.pagination.totalCount, missing: missing}';
    const first = await bootstrap('earthquakes,nope', expression);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ count: expect.any(Number), missing: ['nope'] });
    expect(await evaluations()).toBe(1);
    for (let i = 0; i < 5; i++) {
      const again = await bootstrap('earthquakes,nope', expression);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(again.headers.get('x-ratelimit-limit')).toBe(first.headers.get('x-ratelimit-limit'));
    }
    expect(await evaluations()).toBe(1);
    expect((await counted('remembered')) - rememberedBefore).toBe(5);
  });

  it('shares one evaluation between spellings of one expression', async () => {
    const a = await bootstrap('earthquakes', 'data.earthquakes.pagination');
    const b = await bootstrap('earthquakes', 'data . "earthquakes" .pagination');
    expect(b.text).toBe(a.text);
    expect(await evaluations()).toBe(1);
  });

  it('remembers a refused projection too, answered again as the same 400', async () => {
    // Parses, then fails on evaluation (abs of an array).
    const first = await bootstrap('earthquakes', 'abs(missing)');
    expect(first.status).toBe(400);
    expect(first.body._jmespath_error).toMatch(/^invalid_expression/);
    const again = await bootstrap('earthquakes', 'abs( missing )');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(await evaluations()).toBe(1);
  });

  it('evaluates again for another selection of entries, or once an entry has new bytes', async () => {
    const expression = 'keys(data)';
    await bootstrap('earthquakes', expression);
    await bootstrap('earthquakes,nope', expression);
    expect(await evaluations()).toBe(2);
    await bootstrap('earthquakes', expression);
    expect(await evaluations()).toBe(2);
    // A new snapshot of the entry's dataset with other rows: new bytes, new ETag, a fresh evaluation.
    const before = (await app.get('/api/seismology/v1/list-earthquakes')).headers.get('etag');
    const usgs = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'seismology/usgs-4.5_week.geojson'), 'utf8'));
    usgs.features = usgs.features.slice(1);
    const run = await app.deps.runner.run(earthquakesDataset, {
      origin: { kind: 'bytes', payloads: { usgs: Buffer.from(JSON.stringify(usgs)) } },
      force: true,
    });
    expect(run.ok, String(run.ok || run.error)).toBe(true);
    expect((await app.get('/api/seismology/v1/list-earthquakes')).headers.get('etag')).not.toBe(before);
    await bootstrap('earthquakes', expression);
    expect(await evaluations()).toBe(3);
    await bootstrap('earthquakes', expression);
    expect(await evaluations()).toBe(3);
  });

  it('never remembers a projection over a refused entry: its body carries live limits', async () => {
    const small = await app.createKey({ plan: 'api_business', rateLimitPerMinute: 1 });
    const headers = { 'x-service-key': small.key };
    for (let i = 0; i < 3; i++) {
      const res = await bootstrap('earthquakes,outages', '{missing: missing, errors: keys(errors)}', headers);
      expect(res.status).toBe(200);
      expect(res.body.missing.length).toBeGreaterThan(0);
    }
    expect(await evaluations()).toBe(3);
  });
});
