import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { serveNode, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

// Two real `mds serve` processes, each with its own SQLite file, sharing one PostgreSQL database:
// work queued through one node runs once, on either, and reads the same through the other.

const OPERATOR = 'operator-key-for-the-jobs-node-test-01';
const HEADERS = { 'x-service-key': OPERATOR, 'content-type': 'application/json' };

let server: RunningPostgres;
let a: ClusterNode;
let b: ClusterNode;

beforeAll(async () => {
  server = await startPostgres();
  const datasets = [
    'scenario.templates',
    // The exposure is computed from these two.
    'trade.comtrade-flows',
    'supply-chain.route-model',
    'scenario.exposure',
    // The forecast job's inputs, then the forecast datasets computed from them.
    'intelligence.cii-scores',
    'conflict.ucdp-events',
    'conflict.iran-events',
    'unrest.events',
    'cyber.threats',
    'intelligence.gps-interference',
    'prediction.markets',
    'forecast.predictions',
    'forecast.resolutions',
    'forecast.simulation-package',
  ];
  const ingested = await mds(['ingest', ...datasets, '--samples'], {
    DATABASE_PATH: tempDbFile(),
    DATABASE_URL: server.url,
  });
  if (ingested.code !== 0) throw new Error(ingested.err);
  [a, b] = await Promise.all([
    serveNode({ DATABASE_URL: server.url, OPERATOR_KEYS: OPERATOR }),
    serveNode({ DATABASE_URL: server.url, OPERATOR_KEYS: OPERATOR }),
  ]);
}, 120_000);
afterAll(async () => {
  a?.kill();
  b?.kill();
  await server?.stop();
});

const post = (node: ClusterNode, p: string, body: unknown) =>
  fetch(`http://127.0.0.1:${node.port}${p}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
const get = async (node: ClusterNode, p: string) => {
  const res = await node.get(p, { 'x-service-key': OPERATOR });
  return { status: res.status, body: (await res.json()) as any };
};
/** Reads `p` through `node` until `done` holds (the worker of either node runs the job meanwhile). */
async function until(node: ClusterNode, p: string, done: (body: any) => boolean): Promise<any> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body } = await get(node, p);
    if (done(body) || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('jobs and their runs on two nodes sharing PostgreSQL', () => {
  it('a scenario queued through one node is read, done, through the other, and ran exactly once', async () => {
    const queued = await post(a, '/api/scenario/v1/run-scenario', { scenarioId: 'suez-bab-simultaneous' });
    expect(queued.status).toBe(202);
    const { jobId, statusUrl } = (await queued.json()) as { jobId: string; statusUrl: string };
    const status = await until(b, statusUrl, (s) => s.status === 'done');
    expect(status.status).toBe('done');
    expect(status.result.affectedChokepointIds).toEqual(['suez', 'bab_el_mandeb']);
    // Asked again through the other node: the same job, under the same published id.
    const again = await post(b, '/api/scenario/v1/run-scenario', { scenarioId: 'suez-bab-simultaneous' });
    expect(((await again.json()) as { jobId: string }).jobId).toBe(jobId);

    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    try {
      const { rows } = await c.query("SELECT state, attempts FROM jobs WHERE kind LIKE 'scenario%'");
      expect(rows).toEqual([{ state: 'done', attempts: 1 }]);
    } finally {
      await c.end();
    }
  });

  it("a simulation triggered through one node is the other node's outcome", async () => {
    const triggered = await post(b, '/api/forecast/v1/trigger-simulation', {});
    expect(triggered.status).toBe(200);
    const { runId } = (await triggered.json()) as { runId: string };
    const outcome = await until(
      a,
      `/api/forecast/v1/get-simulation-outcome?runId=${encodeURIComponent(runId)}`,
      (o) => o.found,
    );
    expect(outcome).toMatchObject({ found: true, runId, completionStatus: 'completed' });
    expect(
      ((await (await post(a, '/api/forecast/v1/trigger-simulation', {})).json()) as { reason: string }).reason,
    ).toBe('already-handled');
  });

  it('a summary written through one node is a cache hit on the other', async () => {
    const res = await post(a, '/api/news/v1/summarize-article', {
      provider: 'openrouter',
      headlines: [
        'Storm closes the port of Rotterdam for two days',
        'Shipping lines reroute container traffic to Antwerp',
      ],
    });
    const body = (await res.json()) as { status: string; statusDetail: string; summary: string };
    expect(body.status).toBe('SUMMARIZE_STATUS_SUCCESS');
    const key = /cache key (summary:v9:[a-z0-9:_-]+)/.exec(body.statusDetail)![1]!;
    const cached = await get(b, `/api/news/v1/summarize-article-cache?cache_key=${encodeURIComponent(key)}`);
    expect(cached.body).toMatchObject({ status: 'SUMMARIZE_STATUS_CACHED', summary: body.summary, provider: 'cache' });
  });
});
