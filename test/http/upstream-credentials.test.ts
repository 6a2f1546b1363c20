import fs from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { internetOutagesDataset } from '../../src/services/infrastructure/internet/datasets/internet-outages.js';
import { acledEventsDataset } from '../../src/services/conflict/datasets/acled.js';
import { ucdpEventsDataset } from '../../src/services/conflict/datasets/ucdp.js';
import { unrestEventsDataset } from '../../src/services/unrest/datasets/unrest-events.js';
import { withTestApp, type TestApp } from '../support/app.js';

/** Upstream tokens from the configuration travel as request headers on live fetches, and only there. */
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
let upstream: Server;
let origin: string;

/** Answers each request with the sample of the source whose live path matches. */
function sampleFor(urlPath: string, datasets: AnyDataset[]): Buffer | undefined {
  for (const d of datasets) {
    for (const s of Object.values(d.sources)) {
      if (new URL(s.url!).pathname === urlPath) return fs.readFileSync(path.join(SAMPLES_DIR, s.sample));
    }
  }
  return undefined;
}

const DATASETS = [internetOutagesDataset, acledEventsDataset, ucdpEventsDataset, unrestEventsDataset];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const p = new URL(req.url!, 'http://x').pathname;
    seen.push({ path: p, headers: req.headers });
    const body = sampleFor(p, DATASETS);
    res.statusCode = body ? 200 : 404;
    res.end(body ?? '');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => upstream.close(r)));

async function withApp(config: Record<string, string>, fn: (app: TestApp) => Promise<void>) {
  await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: origin, ...config } }, async (app) => {
    await fn(app);
  });
}

describe('upstream credentials', () => {
  it('sends CLOUDFLARE_RADAR_TOKEN and ACLED_ACCESS_TOKEN as Bearer, UCDP_ACCESS_TOKEN as x-ucdp-access-token', async () => {
    await withApp(
      {
        CLOUDFLARE_RADAR_TOKEN: 'radar-token-1',
        ACLED_ACCESS_TOKEN: 'acled-token-2',
        UCDP_ACCESS_TOKEN: 'ucdp-token-3',
      },
      async (app) => {
        seen.length = 0;
        for (const d of DATASETS) await app.deps.runner.run(d, { origin: { kind: 'live' } });
        const auth = (p: string) => seen.find((s) => s.path === p)?.headers;
        expect(auth('/client/v4/radar/annotations/outages')?.authorization).toBe('Bearer radar-token-1');
        expect(auth('/api/acled/read')?.authorization).toBe('Bearer acled-token-2');
        expect(seen.filter((s) => s.path === '/api/acled/read')).toHaveLength(2); // conflict and unrest datasets
        expect(
          seen
            .filter((s) => s.path === '/api/acled/read')
            .every((s) => s.headers.authorization === 'Bearer acled-token-2'),
        ).toBe(true);
        expect(auth('/api/gedevents/26.0.10')?.['x-ucdp-access-token']).toBe('ucdp-token-3');
        // Never to an upstream that did not ask for it.
        expect(seen.find((s) => s.path.includes('gkg_geojson'))?.headers.authorization).toBeUndefined();
      },
    );
  });

  it('sends no credential header when the token is not configured', async () => {
    await withApp({}, async (app) => {
      seen.length = 0;
      for (const d of DATASETS) await app.deps.runner.run(d, { origin: { kind: 'live' } });
      expect(seen.length).toBeGreaterThan(0);
      expect(
        seen.every((s) => s.headers.authorization === undefined && s.headers['x-ucdp-access-token'] === undefined),
      ).toBe(true);
    });
  });
});
