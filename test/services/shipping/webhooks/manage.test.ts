import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { REFERENCE_DIR } from '../../../../src/platform/snapshots/samples.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../../src/services/supply-chain/datasets/index.js';
import { STATUS_DATASETS } from '../../../../src/services/supply-chain/chokepoints/queries.js';
import { chokepointsDataset } from '../../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { webhooksOf } from '../../../../src/services/shipping/webhooks/delivery.js';
import { PRODUCTION_POLICY } from '../../../../src/platform/delivery/targets.js';

const PATH = '/api/v2/shipping/webhooks';
const PUBLIC = '93.184.215.14';

/** The four IPv6 forms that carry an IPv4 address, each hiding 169.254.169.254 (cloud metadata) or loopback. */
const EMBEDDING_FORMS: [string, string][] = [
  ['NAT64 (64:ff9b::/96)', '64:ff9b::a9fe:a9fe'],
  ['IPv4-compatible (::/96)', '::a9fe:a9fe'],
  ['6to4 (2002::/16)', '2002:a9fe:a9fe::1'],
  ['site-local (fec0::/10)', 'fec0::a9fe:a9fe'],
];

let app: TestApp;
let pro: { key: string; accountId: string };
const as = (key: string) => ({ 'x-service-key': key });
const post = (url: string, key = pro.key, body?: unknown) =>
  app.request(url, {
    method: 'POST',
    headers: { ...as(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const del = (url: string, key = pro.key) => app.request(url, { method: 'DELETE', headers: as(key) });

beforeAll(async () => {
  app = await startTestApp({
    samples: SUPPLY_CHAIN_DATASETS.filter((d) => (STATUS_DATASETS as readonly string[]).includes(d.name)),
    config: { WEBHOOK_RETRY_BASE_MS: 10, WEBHOOK_MAX_ATTEMPTS: 1, WEBHOOK_MAX_PER_ACCOUNT: 2 },
  });
  pro = await app.createKey({ plan: 'pro' });
  // Registration resolves every name to a public address unless a test says otherwise.
  webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => [PUBLIC] };
});
afterAll(async () => {
  await app.close();
});

describe('one registration: get, rotate its secret, reactivate, delete', () => {
  let id: string;
  let secret: string;

  it('gets the registration by id, without its secret', async () => {
    const res = await post(PATH, pro.key, { callbackUrl: 'https://hooks.example.com/in', alertThreshold: 30 });
    expect(res.status).toBe(200);
    ({ subscriberId: id, secret } = res.body);
    const got = await app.get(`${PATH}/${id}`, as(pro.key));
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      subscriberId: id,
      callbackUrl: 'https://hooks.example.com/in',
      chokepointIds: expect.any(Array),
      alertThreshold: 30,
      createdAt: expect.any(String),
      active: true,
    });
    expect(got.text).not.toContain(secret);
  });

  it('rotates the secret: a new one, stored, shown once', async () => {
    const res = await post(`${PATH}/${id}/rotate-secret`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscriberId: id,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      rotatedAt: expect.any(String),
    });
    expect(res.body.secret).not.toBe(secret);
    expect((await webhooksOf(app.deps).store.registration(id))!.secret).toBe(res.body.secret);
  });

  it('reactivates a deactivated registration', async () => {
    await webhooksOf(app.deps).store.setActive(id, false);
    expect((await app.get(`${PATH}/${id}`, as(pro.key))).body.active).toBe(false);
    const res = await post(`${PATH}/${id}/reactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscriberId: id, active: true });
    expect((await app.get(`${PATH}/${id}`, as(pro.key))).body.active).toBe(true);
  });

  it('hides the registration from another account: every action is a 404, and nothing changes', async () => {
    const other = await app.createKey({ plan: 'pro' });
    expect((await app.get(`${PATH}/${id}`, as(other.key))).status).toBe(404);
    expect((await post(`${PATH}/${id}/rotate-secret`, other.key)).status).toBe(404);
    expect((await post(`${PATH}/${id}/reactivate`, other.key)).status).toBe(404);
    expect((await del(`${PATH}/${id}`, other.key)).status).toBe(404);
    expect((await app.get(`${PATH}/${id}`, as(pro.key))).status).toBe(200);
  });

  it('deletes the registration, which frees its place under the cap', async () => {
    const second = await post(PATH, pro.key, { callbackUrl: 'https://hooks.example.com/two' });
    expect(second.status).toBe(200);
    expectViolation(await post(PATH, pro.key, { callbackUrl: 'https://hooks.example.com/three' }), 'callbackUrl');
    const res = await del(`${PATH}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscriberId: id, deleted: true });
    expect((await app.get(`${PATH}/${id}`, as(pro.key))).status).toBe(404);
    expect((await del(`${PATH}/${id}`)).status).toBe(404);
    expect((await post(PATH, pro.key, { callbackUrl: 'https://hooks.example.com/three' })).status).toBe(200);
  });

  it('answers an unknown id with 404 and needs a PRO key', async () => {
    expect((await app.get(`${PATH}/wh_000000000000000000000000`, as(pro.key))).status).toBe(404);
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(`${PATH}/wh_000000000000000000000000`, as(free.key))).status).toBe(403);
  });
});

describe('IPv6 forms that embed an IPv4 address', () => {
  it.each(EMBEDDING_FORMS)('refuses %s as a literal at registration', async (_form, address) => {
    const res = await post(PATH, pro.key, { callbackUrl: `https://[${address}]/hook` });
    expectViolation(res, 'callbackUrl');
    expect(res.body.violations[0].description).toMatch(/loopback, private or link-local/);
  });

  it.each(EMBEDDING_FORMS)('refuses %s as what a name resolves to at registration', async (_form, address) => {
    webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => [address] };
    try {
      const res = await post(PATH, pro.key, { callbackUrl: 'https://rebind.example.com/hook' });
      expectViolation(res, 'callbackUrl');
      expect(res.body.violations[0].description).toContain(address);
    } finally {
      webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => [PUBLIC] };
    }
  });

  const registryWith = (level: string | undefined) => {
    const doc = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, 'supply-chain/chokepoints.json'), 'utf8'));
    if (level) for (const c of doc.chokepoints) if (c.id === 'malacca_strait') c.threat = { level, description: level };
    return Buffer.from(JSON.stringify(doc));
  };
  let red = false;

  it.each(EMBEDDING_FORMS)(
    'refuses %s at delivery (a name that resolved to a public address when registered)',
    async (_form, address) => {
      const k = await app.createKey({ plan: 'pro' });
      const reg = await post(PATH, k.key, { callbackUrl: 'https://rebind.example.com/hook', alertThreshold: 0 });
      expect(reg.status).toBe(200);
      const { subscriberId } = reg.body;
      // The name now resolves to the embedding form, as DNS rebinding would make it.
      webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => [address] };
      try {
        red = !red;
        await app.deps.runner.run(chokepointsDataset, {
          origin: { kind: 'bytes', payloads: { registry: registryWith(red ? 'war_zone' : undefined) } },
        });
        let mine: Awaited<ReturnType<ReturnType<typeof webhooksOf>['store']['deliveries']>> = [];
        for (let i = 0; i < 100; i++) {
          await new Promise((r) => setTimeout(r, 10));
          await webhooksOf(app.deps).idle();
          mine = await webhooksOf(app.deps).store.deliveries({ subscriberId });
          if (mine.length > 0 && mine[0]!.state !== 'pending') break;
        }
        expect(mine).toHaveLength(1);
        expect(mine[0]!.state).toBe('failed');
        // Refused before connecting (not a connection that failed).
        expect(mine[0]!.log[0]!.error).toContain(`loopback, private or link-local address (${address}); refused`);
        expect(mine[0]!.log[0]!.status).toBeNull();
        await webhooksOf(app.deps).store.setActive(subscriberId, false);
      } finally {
        webhooksOf(app.deps).policy = { ...PRODUCTION_POLICY, lookup: async () => [PUBLIC] };
      }
    },
  );
});
