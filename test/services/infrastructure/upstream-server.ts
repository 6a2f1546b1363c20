import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AnyDataset } from '../../../src/platform/snapshots/dataset.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';

export interface FakeUpstream {
  base: string;
  /** Paths (with query) the fetcher asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP server answering each of a dataset's source URLs (path and query, as the
 * fetcher rewrites them under UPSTREAM_BASE_OVERRIDE) with that source's bundled sample bytes.
 * `status` lets a test make one source fail.
 */
export async function serveSamples(dataset: AnyDataset, status: Record<string, number> = {}): Promise<FakeUpstream> {
  // The override keeps only path and query, so sources on different hosts can share a path
  // (every Statuspage summary is /api/v2/summary.json). The runner fetches sources one after the
  // other in declaration order, so such a path answers with its sources' samples in turn.
  const routes = new Map<string, { key: string; file: string }[]>();
  const served = new Map<string, number>();
  for (const [key, src] of Object.entries(dataset.sources)) {
    const u = new URL(src.url!);
    const list = routes.get(u.pathname + u.search) ?? [];
    list.push({ key, file: path.join(SAMPLES_DIR, src.sample) });
    routes.set(u.pathname + u.search, list);
  }
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const list = routes.get(req.url ?? '');
    const turn = served.get(req.url ?? '') ?? 0;
    served.set(req.url ?? '', turn + 1);
    const hit = list?.[turn % list.length];
    if (!hit) {
      res.writeHead(404).end('not found');
      return;
    }
    const code = status[hit.key] ?? 200;
    if (code !== 200) {
      res.writeHead(code).end('upstream error');
      return;
    }
    res.writeHead(200).end(fs.readFileSync(hit.file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
