import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import { ManualClock } from '../../src/platform/clock.js';
import { REFERENCE_DIR } from '../../src/platform/snapshots/samples.js';
import { SUPPLY_CHAIN_DATASETS } from '../../src/services/supply-chain/datasets/index.js';
import { STATUS_DATASETS, getChokepointStatus } from '../../src/services/supply-chain/chokepoints/queries.js';
import { chokepointsDataset } from '../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { webhooksOf } from '../../src/services/shipping/webhooks/delivery.js';
import type { AppDeps } from '../../src/trpc/context.js';
import { SAMPLE_NOW, tempDbFile } from '../support/app.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

// Two nodes on one PostgreSQL database both see the snapshot swap that turns a chokepoint red:
// the change becomes one delivery, POSTed once, whichever nodes observe it.

const registryWith = (id: string, level: string) => {
  const doc = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, 'supply-chain/chokepoints.json'), 'utf8'));
  for (const c of doc.chokepoints) if (c.id === id) c.threat = { level, description: `test: ${level}` };
  return Buffer.from(JSON.stringify(doc));
};

let server: RunningPostgres;
const received: string[] = [];
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['x-service-delivery-id']));
    res.writeHead(200).end('ok');
  });
});
let callback: string;
const nodes: AppDeps[] = [];

beforeAll(async () => {
  server = await startPostgres();
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const d of nodes.splice(0)) {
    webhooksOf(d).stop();
    await d.store.close();
    d.db.$client.close();
  }
  await new Promise((r) => receiver.close(r));
  await server?.stop();
});

async function node(url: string, clock: ManualClock): Promise<AppDeps> {
  const deps = await openDeps(
    testConfig({ DATABASE_PATH: tempDbFile(), DATABASE_URL: url, SNAPSHOT_POLL_MS: 0, WEBHOOK_RETRY_BASE_MS: 20 }),
    { clock },
  );
  nodes.push(deps);
  webhooksOf(deps).allowLoopbackReceiverForTests();
  return deps;
}

/** What a node's poll does, awaited: decodes every status dataset another node published. */
const catchUp = (d: AppDeps) => Promise.all(STATUS_DATASETS.map((name) => d.store.refresh(name)));

describe('webhook delivery with two nodes on PostgreSQL', () => {
  it('turns a status change both nodes observe into one delivery, sent once', async () => {
    const url = await server.createDatabase('webhook_nodes');
    const clock = new ManualClock(SAMPLE_NOW);
    const [a, b] = [await node(url, clock), await node(url, clock)];
    for (const d of SUPPLY_CHAIN_DATASETS.filter((x) => (STATUS_DATASETS as readonly string[]).includes(x.name))) {
      expect((await a.runner.run(d, { origin: { kind: 'samples' } })).ok).toBe(true);
    }
    await catchUp(b);
    await Promise.all([webhooksOf(a).idle(), webhooksOf(b).idle()]);
    expect(getChokepointStatus(b.store).chokepoints.find((c) => c.id === 'malacca_strait')!.status).toBe('green');

    // Registered through node a, visible to node b.
    const registration = {
      id: 'wh_000000000000000000000001',
      accountId: 'acct_x',
      callbackUrl: callback,
      chokepointIds: ['malacca_strait'],
      alertThreshold: 40,
      secret: 'cd'.repeat(32),
      active: true,
      createdAt: clock.now(),
    };
    expect(await webhooksOf(a).store.insertBounded(registration, 10)).toBe(true);
    expect(await webhooksOf(b).store.registration(registration.id)).toEqual(registration);

    expect(
      (
        await a.runner.run(chokepointsDataset, {
          origin: { kind: 'bytes', payloads: { registry: registryWith('malacca_strait', 'war_zone') } },
        })
      ).ok,
    ).toBe(true);
    await catchUp(b);
    expect(getChokepointStatus(b.store).chokepoints.find((c) => c.id === 'malacca_strait')!.status).toBe('red');
    // Both nodes observe (again, at once): the stored marks already hold red, so nothing more is made.
    const more = await Promise.all([webhooksOf(a).observe(), webhooksOf(b).observe()]);
    expect(more.flat()).toEqual([]);
    await Promise.all([webhooksOf(a).idle(), webhooksOf(b).idle()]);

    const log = await webhooksOf(b).store.deliveries();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      subscriberId: registration.id,
      chokepointId: 'malacca_strait',
      state: 'delivered',
      attempts: 1,
    });
    expect(received).toEqual([log[0]!.id]);
  });
});
