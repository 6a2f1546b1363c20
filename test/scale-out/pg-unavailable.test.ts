import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { serveNode, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

// PostgreSQL going away under a serving node, as an unreachable host does: connections open but never
// answer. The node says it is not ready, and requests that need the database fail fast with 503.

const OPERATOR = 'operator-key-for-the-unavailable-test-1';
const HEADERS = { 'x-service-key': OPERATOR, 'content-type': 'application/json' };

/** A TCP relay to the server that can turn into a black hole: existing connections cut, new ones never answered. */
function relay(port: number) {
  const open = new Set<net.Socket>();
  let dark = false;
  const srv = net.createServer((inbound) => {
    open.add(inbound);
    inbound.on('error', () => undefined).on('close', () => open.delete(inbound));
    if (dark) return;
    const outbound = net.connect(port, '127.0.0.1');
    open.add(outbound);
    outbound.on('error', () => inbound.destroy()).on('close', () => open.delete(outbound));
    inbound.pipe(outbound).pipe(inbound);
  });
  return {
    listen: () =>
      new Promise<number>((r) => srv.listen(0, '127.0.0.1', () => r((srv.address() as net.AddressInfo).port))),
    goDark() {
      dark = true;
      for (const s of open) s.destroy();
    },
    close() {
      for (const s of open) s.destroy();
      srv.close();
    },
  };
}

let server: RunningPostgres;
let node: ClusterNode;
let hole: ReturnType<typeof relay>;

beforeAll(async () => {
  server = await startPostgres();
  const ingested = await mds(
    [
      'ingest',
      'scenario.templates',
      'trade.comtrade-flows',
      'supply-chain.route-model',
      'scenario.exposure',
      '--samples',
    ],
    {
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: server.url,
    },
  );
  if (ingested.code !== 0) throw new Error(ingested.err);
  hole = relay(Number(new URL(server.url).port));
  const port = await hole.listen();
  const url = new URL(server.url);
  url.port = String(port);
  node = await serveNode({ DATABASE_URL: url.toString(), OPERATOR_KEYS: OPERATOR });
}, 120_000);
afterAll(async () => {
  node?.kill();
  hole?.close();
  await server?.stop();
});

const runScenario = (scenarioId: string) =>
  fetch(`http://127.0.0.1:${node.port}/api/scenario/v1/run-scenario`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ scenarioId }),
  });

async function timed(what: Promise<Response>): Promise<{ res: Response; ms: number; body: any }> {
  const t = Date.now();
  const res = await what;
  const body = await res.json();
  return { res, ms: Date.now() - t, body };
}

describe('PostgreSQL unreachable under a serving node', () => {
  it('is not ready, naming PostgreSQL, and answers 503 with Retry-After at once', async () => {
    expect((await node.get('/readyz')).status).toBe(200);
    expect((await node.get('/api/v2/shipping/webhooks', { 'x-service-key': OPERATOR })).status).toBe(200);
    // The worker has started (it runs jobs) before the database goes away.
    const queued = await runScenario('suez-bab-simultaneous');
    expect(queued.status).toBe(202);
    const { statusUrl } = (await queued.json()) as { statusUrl: string };
    for (let i = 0; i < 100; i++) {
      const status = (await (await node.get(statusUrl, { 'x-service-key': OPERATOR })).json()) as { status: string };
      if (status.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    hole.goDark();

    // Within a few probes, well before the 10 s a connection attempt used to wait.
    let ready = await timed(node.get('/readyz'));
    for (let i = 0; i < 20 && ready.res.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      ready = await timed(node.get('/readyz'));
    }
    expect(ready.res.status).toBe(503);
    expect(JSON.stringify(ready.body.reasons)).toMatch(/PostgreSQL/);
    expect(ready.ms).toBeLessThan(5_000);

    const list = await timed(node.get('/api/v2/shipping/webhooks', { 'x-service-key': OPERATOR }));
    expect(list.res.status).toBe(503);
    expect(Number(list.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(list.ms).toBeLessThan(5_000);

    const run = await timed(runScenario('hormuz-tanker-blockade'));
    expect(run.res.status).toBe(503);
    expect(Number(run.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(run.ms).toBeLessThan(5_000);
    expect(node.proc.exitCode).toBeNull();
  });
});
