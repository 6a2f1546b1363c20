import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { fetchesUpstream } from '../../../src/platform/snapshots/dataset.js';

/** A source's documented address; a relay's `$RELAY_URL/...` read on a stand-in host (the override redirects it). */
const address = (url: string) => new URL(url.replace(/^\$RELAY_URL/, 'http://relay.test'));
/** Serves each source's sample bytes at the path of its live URL; records what was asked for. */
const routes = new Map<string, Buffer>();
for (const ds of SUPPLY_CHAIN_DATASETS) {
  for (const src of Object.values(ds.sources)) {
    // Reference tables are files of db/reference/; nothing is served for them.
    if (src.reference) continue;
    routes.set(address(src.url!).pathname, fs.readFileSync(path.join(SAMPLES_DIR, src.sample)));
  }
}
const requested: string[] = [];
let server: http.Server;
let app: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(req.url ?? '');
    const body = routes.get(p);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  app = await startTestApp({
    samples: 'none',
    config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}`, RELAY_URL: 'http://relay.test' },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((r) => server.close(r));
});

// Upstream datasets: the live ones and the AIS relay ones (RELAY_URL is set above).
const LIVE = SUPPLY_CHAIN_DATASETS.filter(fetchesUpstream);
const REFERENCE = SUPPLY_CHAIN_DATASETS.filter((d) => d.kind === 'reference');

describe('live ingestion of every supply-chain dataset', () => {
  it.each(REFERENCE.map((d) => [d.name, d] as const))(
    '%s (a reference table) loads from its file under db/reference/ without a request',
    async (_name, ds) => {
      const before = requested.length;
      const r = await app.deps.runner.run(ds, { origin: { kind: 'live' } });
      expect(r.error).toBeUndefined();
      expect(r.recordCount).toBeGreaterThan(0);
      expect(requested.length).toBe(before);
    },
  );

  it.each(LIVE.map((d) => [d.name, d] as const))('%s fetches its live URL and swaps a snapshot', async (_name, ds) => {
    const r = await app.deps.runner.run(ds, { origin: { kind: 'live' } });
    expect(r.error).toBeUndefined();
    expect(r.ok).toBe(true);
    expect(r.recordCount).toBeGreaterThan(0);
    // A source with a date window asks for the address of the moment (`urlAt`); `url` documents it.
    const first = Object.values(ds.sources)[0]!;
    const asked = new URL(first.urlAt ? first.urlAt(app.deps.clock.now(), app.deps.config) : first.url!);
    expect(requested).toContain(asked.pathname + asked.search);
  });

  it('serves the composed status from the live snapshots', async () => {
    const res = await app.get('/api/supply-chain/v1/get-chokepoint-status');
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.body.chokepoints).toHaveLength(13);
  });

  it('keeps the previous snapshot when the upstream answers with an error status', async () => {
    const ds = LIVE[0]!;
    const before = app.deps.store.version(ds.name);
    routes.delete(address(Object.values(ds.sources)[0]!.url!).pathname);
    const r = await app.deps.runner.run(ds, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/HTTP 404/);
    expect(app.deps.store.version(ds.name)).toBe(before);
  });
});
