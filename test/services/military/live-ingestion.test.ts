import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyDataset } from '../../../src/platform/snapshots/dataset.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { notamsDataset } from '../../../src/services/aviation/delays/datasets/notams.js';
import { aviationNewsDataset } from '../../../src/services/aviation/news/datasets/aviation-news.js';
import { MARITIME_DATASETS } from '../../../src/services/maritime/datasets/index.js';
import { MILITARY_DATASETS } from '../../../src/services/military/datasets/index.js';
import { defensePatentsDataset } from '../../../src/services/military/industry/datasets/defense-patents.js';
import { startTestApp, type TestApp } from '../../support/app.js';

/**
 * Every live dataset of these services, fetched from a local server that serves each source's sample at
 * its live address (the curated tables are `reference`, the AIS snapshot a `relay`: both have their own tests).
 */
const DATASETS: AnyDataset[] = [...MILITARY_DATASETS, ...MARITIME_DATASETS, notamsDataset, aviationNewsDataset].filter(
  (d) => d.kind === 'live',
);
const byAddress = new Map<string, Buffer>();
const byPath = new Map<string, Buffer>();
for (const ds of DATASETS) {
  for (const src of Object.values(ds.sources)) {
    // Reference tables (the operator table) are read from db/reference/, never requested.
    if (src.reference) continue;
    const u = new URL(src.url!);
    const bytes = fs.readFileSync(path.join(SAMPLES_DIR, src.sample));
    byAddress.set(u.pathname + u.search, bytes);
    byPath.set(u.pathname, bytes);
  }
}
const requests: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push({ url: req.url ?? '', headers: req.headers });
    const body = byAddress.get(u.pathname + u.search) ?? byPath.get(u.pathname);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('live ingestion with credentials', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: origin, USPTO_API_KEY: 'uspto-test', ICAO_API_KEY: 'icao-test' },
    });
  });
  afterAll(() => app.close());

  it.each(DATASETS.map((d) => [d.name, d] as const))(
    '%s fetches its live addresses and swaps a snapshot',
    async (_name, ds) => {
      const r = await app.deps.runner.run(ds, { origin: { kind: 'live' } });
      expect(r.error).toBeUndefined();
      expect(r.ok).toBe(true);
      expect(r.recordCount).toBeGreaterThan(0);
    },
  );

  it('sends the USPTO key as a header, once per watched subclass', () => {
    const odp = requests.filter((q) => q.url.startsWith('/api/v1/patent/applications/search'));
    expect(odp).toHaveLength(5);
    expect(odp.every((q) => q.headers['x-api-key'] === 'uspto-test')).toBe(true);
    expect(new URL(odp[0]!.url, 'http://x').searchParams.get('q')).toMatch(
      /^applicationMetaData\.cpcClassificationBag:H04B\* AND applicationMetaData\.firstApplicantName:\(Raytheon\* OR /,
    );
  });
});

describe('live ingestion without credentials', () => {
  it('refuses the patents before any request, naming the variable; the sample still loads', async () => {
    const app = await startTestApp({ samples: [defensePatentsDataset], config: { UPSTREAM_BASE_OVERRIDE: origin } });
    try {
      const before = requests.length;
      const r = await app.deps.runner.run(defensePatentsDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/USPTO_API_KEY/);
      expect(requests.length).toBe(before);
      expect((await app.get('/api/military/v1/list-defense-patents')).body.total).toBe(17);
    } finally {
      await app.close();
    }
  });
});
