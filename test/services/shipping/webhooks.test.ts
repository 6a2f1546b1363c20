import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { REFERENCE_DIR } from '../../../src/platform/snapshots/samples.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { STATUS_DATASETS, getChokepointStatus } from '../../../src/services/supply-chain/chokepoints/queries.js';
import { chokepointsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { webhooksOf } from '../../../src/services/shipping/webhooks/delivery.js';
import { verifySignature } from '../../../src/platform/delivery/signing.js';
import { loopbackTestPolicy, PRODUCTION_POLICY } from '../../../src/platform/delivery/targets.js';
import { mds } from '../../support/cli.js';

const PATH = '/api/v2/shipping/webhooks';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: answers each request with the next queued status (200 once the queue is empty). */
function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end('ok');
      waiters.splice(0).forEach((w) => w());
    });
  });
  /** Resolves once `n` requests have arrived (fails the test after 5 s). */
  const waitFor = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests`)), 5_000);
      const check = () => (received.length >= n ? (clearTimeout(timer), resolve()) : waiters.push(check));
      check();
    });
  return { server, received, statuses, waitFor };
}

const registryWith = (id: string, level: string) => {
  const doc = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, 'supply-chain/chokepoints.json'), 'utf8'));
  for (const c of doc.chokepoints) if (c.id === id) c.threat = { level, description: `test: ${level}` };
  return Buffer.from(JSON.stringify(doc));
};

let app: TestApp;
let rx: ReturnType<typeof receiver>;
let callback: string;
let pro: { key: string; accountId: string };

beforeAll(async () => {
  rx = receiver();
  await new Promise<void>((r) => rx.server.listen(0, '127.0.0.1', r));
  callback = `http://127.0.0.1:${(rx.server.address() as AddressInfo).port}/hook`;
  app = await startTestApp({
    samples: SUPPLY_CHAIN_DATASETS.filter((d) => (STATUS_DATASETS as readonly string[]).includes(d.name)),
    config: { WEBHOOK_RETRY_BASE_MS: 20, WEBHOOK_MAX_ATTEMPTS: 3, WEBHOOK_MAX_PER_ACCOUNT: 4 },
  });
  pro = await app.createKey({ plan: 'pro' });
});
afterAll(async () => {
  await app.close();
  await new Promise((r) => rx.server.close(r));
});

const as = (key: string) => ({ 'x-service-key': key });
const register = (body: unknown, key = pro.key, headers: Record<string, string> = {}) =>
  app.request(PATH, {
    method: 'POST',
    headers: { ...as(key), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('registration rules (production policy)', () => {
  it.each([
    ['plain http', 'http://example.com/hook', /only https/],
    ['a loopback literal', 'https://127.0.0.1/hook', /loopback, private or link-local/],
    ['a private literal', 'https://10.1.2.3/hook', /loopback, private or link-local/],
    ['a link-local literal (cloud metadata)', 'https://169.254.169.254/latest', /loopback, private or link-local/],
    ['an IPv6 loopback', 'https://[::1]/hook', /loopback, private or link-local/],
    ['localhost', 'https://localhost/hook', /local host name/],
    ['credentials in the address', 'https://user:pw@example.com/hook', /credentials/],
    ['not a URL', 'not a url at all', /not a valid URL/],
  ])('refuses %s', async (_what, callbackUrl, reason) => {
    const res = await register({ callbackUrl });
    expectViolation(res, 'callbackUrl');
    expect(res.body.violations[0].description).toMatch(reason);
  });

  it('refuses a name that resolves to a private address', async () => {
    webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => ['93.184.215.14', '192.168.1.20'] };
    try {
      const res = await register({ callbackUrl: 'https://hooks.example.com/in' });
      expectViolation(res, 'callbackUrl');
      expect(res.body.violations[0].description).toMatch(/192\.168\.1\.20/);
    } finally {
      webhooksOf(app.deps).policy = PRODUCTION_POLICY;
    }
  });

  it('refuses unknown chokepoint ids and out-of-range thresholds', async () => {
    expectViolation(await register({ callbackUrl: callback, chokepointIds: ['atlantis'] }), 'chokepointIds');
    expectViolation(await register({ callbackUrl: callback, alertThreshold: 101 }), 'alertThreshold');
    expectViolation(await register({}), 'callbackUrl');
  });

  it('accepts a public https address and returns the id and secret once', async () => {
    webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => ['93.184.215.14'] };
    try {
      const res = await register({ callbackUrl: 'https://hooks.example.com/in' });
      expect(res.status).toBe(200);
      expect(res.body.subscriberId).toMatch(/^wh_[0-9a-f]{24}$/);
      expect(res.body.secret).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      webhooksOf(app.deps).policy = PRODUCTION_POLICY;
    }
  });

  it('stores the parsed address (its href): control characters percent-encoded, tab and newline gone', async () => {
    webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => ['93.184.215.14'] };
    const k = await app.createKey({ plan: 'pro' });
    try {
      const given = 'https://Hooks.Example.com:443/in/\x1b[31mred\x1b]8;;x\x07\x7f\u009b2J?q=\x1b[0m\t#\u202e\x00';
      const res = await register({ callbackUrl: given }, k.key);
      expect(res.status, res.text).toBe(200);
      const [stored] = await webhooksOf(app.deps).store.listForAccount(k.accountId);
      expect(stored!.callbackUrl).toBe(new URL(given).href);
      expect(stored!.callbackUrl).toBe(
        'https://hooks.example.com/in/%1B[31mred%1B]8;;x%07%7F%C2%9B2J?q=%1B[0m#%E2%80%AE',
      );
      // Printable ASCII only: nothing a terminal or a log viewer would act on.
      expect(stored!.callbackUrl).toMatch(/^[\x21-\x7e]+$/);
      const listed = (await app.get(PATH, as(k.key))).body.webhooks;
      expect(listed.map((w: { callbackUrl: string }) => w.callbackUrl)).toEqual([stored!.callbackUrl]);
    } finally {
      webhooksOf(app.deps).policy = PRODUCTION_POLICY;
    }
  });

  it('keeps the loopback allowance out of anything but NODE_ENV=test', () => {
    expect(() => loopbackTestPolicy('production')).toThrow(/tests only/);
    expect(() => loopbackTestPolicy('development')).toThrow(/tests only/);
  });
});

describe('access', () => {
  it('needs a PRO plan', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(PATH, as(free.key))).status).toBe(403);
    expect((await register({ callbackUrl: callback }, free.key)).status).toBe(403);
  });

  it('needs a credential', async () => {
    expect((await app.get(PATH, { 'x-service-key': '' })).status).toBe(401);
  });
});

describe('delivery on a chokepoint status change', () => {
  let subscriberId: string;
  let secret: string;

  it('registers the loopback receiver under the test allowance and lists it for its account only', async () => {
    webhooksOf(app.deps).allowLoopbackReceiverForTests();
    const res = await register({ callbackUrl: callback, chokepointIds: ['malacca_strait'], alertThreshold: 40 });
    expect(res.status).toBe(200);
    ({ subscriberId, secret } = res.body);
    const list = await app.get(PATH, as(pro.key));
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const mine = list.body.webhooks.find((w: { subscriberId: string }) => w.subscriberId === subscriberId);
    expect(mine).toEqual({
      subscriberId,
      callbackUrl: callback,
      chokepointIds: ['malacca_strait'],
      alertThreshold: 40,
      createdAt: expect.any(String),
      active: true,
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const other = await app.createKey({ plan: 'pro' });
    expect((await app.get(PATH, as(other.key))).body.webhooks).toEqual([]);
  });

  it('defaults to every registry chokepoint and threshold 50', async () => {
    const other = await app.createKey({ plan: 'pro' });
    expect((await register({ callbackUrl: callback }, other.key)).status).toBe(200);
    const [w] = (await app.get(PATH, as(other.key))).body.webhooks;
    expect(w.alertThreshold).toBe(50);
    expect(w.chokepointIds).toHaveLength(13);
    const [mine] = await webhooksOf(app.deps).store.listForAccount(other.accountId);
    expect(mine).toBeDefined();
    // The registration follows every chokepoint; deactivate it so it does not receive the events below.
    expect(await webhooksOf(app.deps).store.setActive(mine!.id, false)).toBe(true);
    expect((await app.get(PATH, as(other.key))).body.webhooks[0].active).toBe(false);
  });

  it('POSTs a correctly signed event after an ingestion turns the chokepoint red', async () => {
    expect(getChokepointStatus(app.deps.store).chokepoints.find((c) => c.id === 'malacca_strait')!.status).toBe(
      'green',
    );
    const before = rx.received.length;
    const r = await app.deps.runner.run(chokepointsDataset, {
      origin: { kind: 'bytes', payloads: { registry: registryWith('malacca_strait', 'war_zone') } },
    });
    expect(r.ok).toBe(true);
    await rx.waitFor(before + 1);
    const got = rx.received[before]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-service-event']).toBe('chokepoint.disruption');
    expect(got.headers['x-service-delivery-id']).toMatch(/^whd_[0-9a-f]{32}$/);
    expect(got.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const timestamp = Number(got.headers['x-service-timestamp']);
    expect(verifySignature(secret, timestamp, got.body, String(got.headers['x-service-signature']))).toBe(true);
    expect(verifySignature('0'.repeat(64), timestamp, got.body, String(got.headers['x-service-signature']))).toBe(
      false,
    );
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({
      subscriberId,
      chokepointId: 'malacca_strait',
      alertThreshold: 40,
      reason: 'status changed from green to red',
    });
    expect(event.score).toBeGreaterThanOrEqual(70);
    expect(event.details).toMatchObject({
      previousStatus: 'green',
      status: 'red',
      chokepointName: 'Strait of Malacca',
    });
    expect(new Date(event.triggeredAt).toISOString()).toBe(event.triggeredAt);
    await webhooksOf(app.deps).idle();
    const [logged] = await webhooksOf(app.deps).store.deliveries({ subscriberId });
    expect(logged).toMatchObject({ state: 'delivered', attempts: 1, chokepointId: 'malacca_strait' });
    expect(logged!.log).toEqual([expect.objectContaining({ attempt: 1, status: 200, error: null })]);
  });

  it('does not send again when a swap leaves the status as it is', async () => {
    const before = (await webhooksOf(app.deps).store.deliveries({ subscriberId })).length;
    await app.deps.runner.run(chokepointsDataset, {
      origin: { kind: 'bytes', payloads: { registry: registryWith('malacca_strait', 'war_zone') } },
    });
    await new Promise((r) => setImmediate(r));
    await webhooksOf(app.deps).idle();
    expect(await webhooksOf(app.deps).observe()).toEqual([]);
    expect(await webhooksOf(app.deps).store.deliveries({ subscriberId })).toHaveLength(before);
  });

  it('retries a failing receiver with backoff and records every attempt', async () => {
    const before = rx.received.length;
    rx.statuses.push(503);
    await app.deps.runner.run(chokepointsDataset, { origin: { kind: 'samples' } });
    await rx.waitFor(before + 2);
    await new Promise((r) => setTimeout(r, 20));
    await webhooksOf(app.deps).idle();
    const [latest] = await webhooksOf(app.deps).store.deliveries({ subscriberId });
    expect(JSON.parse(latest!.body).reason).toBe('status changed from red to green');
    expect(latest).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(latest!.log.map((a) => [a.attempt, a.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    // The same delivery id and body on every attempt, each freshly signed.
    const [first, second] = rx.received.slice(before);
    expect(first!.headers['x-service-delivery-id']).toBe(second!.headers['x-service-delivery-id']);
    expect(first!.body).toBe(second!.body);
  });

  it('checks the target again at delivery: a refused address is recorded as failed, never sent', async () => {
    const before = rx.received.length;
    const logged = (await webhooksOf(app.deps).store.deliveries({ subscriberId })).length;
    webhooksOf(app.deps).policy = PRODUCTION_POLICY;
    const settled = async () => {
      const all = await webhooksOf(app.deps).store.deliveries({ subscriberId });
      return all.length > logged && all[0]!.state !== 'pending';
    };
    try {
      await app.deps.runner.run(chokepointsDataset, {
        origin: { kind: 'bytes', payloads: { registry: registryWith('malacca_strait', 'war_zone') } },
      });
      for (let i = 0; i < 100 && !(await settled()); i++) {
        await new Promise((r) => setTimeout(r, 20));
        await webhooksOf(app.deps).idle();
      }
      const [latest] = await webhooksOf(app.deps).store.deliveries({ subscriberId });
      expect(latest!.state).toBe('failed');
      expect(latest!.log).toHaveLength(3);
      expect(latest!.log[0]!.error).toMatch(/only https/);
      expect(rx.received.length).toBe(before);
    } finally {
      webhooksOf(app.deps).allowLoopbackReceiverForTests();
    }
  });

  // The command reads the store the app wrote (PostgreSQL when the suite runs with MDS_TEST_POSTGRES=1).
  const cliEnv = () => ({ DATABASE_PATH: app.dbFile, DATABASE_URL: app.deps.config.DATABASE_URL ?? '' });

  it('shows the delivery log, every attempt included, to operators with mds webhooks deliveries', async () => {
    const log = await mds(['webhooks', 'deliveries', '--subscriber', subscriberId], cliEnv());
    expect(log.code).toBe(0);
    const lines = log.out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('whd_'))).toHaveLength(3);
    expect(log.out).toMatch(/\tdelivered\tattempts=2\t/);
    expect(log.out).toMatch(/ {2}#1\t\S+\t503\t\d+ ms\treceiver answered HTTP 503/);
    expect(log.out).toMatch(/\tfailed\tattempts=3\t/);
    const list = await mds(['webhooks', 'list'], cliEnv());
    expect(list.out).toContain(subscriberId);
    expect(list.out).not.toContain(secret);
    expect((await mds(['webhooks', 'deliveries', '--limit', '0'], cliEnv())).code).toBe(2);
  });

  it('bounds registrations per account', async () => {
    const k = await app.createKey({ plan: 'pro' });
    for (let i = 0; i < 4; i++) expect((await register({ callbackUrl: `${callback}/${i}` }, k.key)).status).toBe(200);
    const res = await register({ callbackUrl: `${callback}/5` }, k.key);
    expectViolation(res, 'callbackUrl');
    expect(res.body.violations[0].description).toMatch(/already holds 4 webhooks/);
  });

  it('replays a registration retried with the same Idempotency-Key', async () => {
    const k = await app.createKey({ plan: 'pro' });
    const a = await register({ callbackUrl: callback }, k.key, { 'idempotency-key': 'reg-1' });
    const b = await register({ callbackUrl: callback }, k.key, { 'idempotency-key': 'reg-1' });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect((await app.get(PATH, as(k.key))).body.webhooks).toHaveLength(1);
  });
});
