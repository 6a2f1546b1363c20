import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthquakesDataset } from '../../../src/services/seismology/datasets/earthquakes.js';
import { bundledFile } from '../../../src/platform/snapshots/samples.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { verifySignature } from '../../../src/platform/delivery/signing.js';
import { PRODUCTION_POLICY } from '../../../src/platform/delivery/targets.js';
import { watchesOf, type WatchFiring } from '../../../src/services/watch/index.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../support/app.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { expectViolation } from '../../support/expect.js';
import { openSse } from '../../support/sse.js';

/*
 * Watch rules through the real app: the watched operation is asked through the REST lane on every
 * swap, a rule fires once per transition of its condition to truthy, as a signed webhook (checked as
 * a receiver checks it) and to onFire listeners, a cooldown swallows a firing, `test` answers from
 * `as_of`, another account sees nothing, plans cap the count, and the callback address is checked
 * at creation and at delivery.
 */

const HOUR = 3600_000;
const BASE = '/api/watch/v1';
const QUAKES = '/api/seismology/v1/list-earthquakes';
const sources = earthquakesDataset.sources;
const usgsSample = JSON.parse(fs.readFileSync(bundledFile(sources.usgs), 'utf8')) as { features: unknown[] };
const nrcanSample = fs.readFileSync(bundledFile(sources.nrcan));

/** The USGS sample without its first `drop` events: a feed that really differs from the bundled one. */
const usgsWithout = (drop: number) =>
  Buffer.from(JSON.stringify({ ...usgsSample, features: usgsSample.features.slice(drop) }));

const clock = new ManualClock(SAMPLE_NOW);
let app: TestApp;
let rx: Upstream;
let received: { headers: IncomingHttpHeaders; body: string }[];
let pro: { key: string; accountId: string };
const firings: WatchFiring[] = [];
let full: number;

const as = (key: string) => ({ 'x-service-key': key });
const post = (op: string, body: unknown, key = pro.key) =>
  app.request(`${BASE}/${op}`, {
    method: 'POST',
    headers: { ...as(key), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Publishes the USGS feed without `drop` events at `hours` after the samples, and waits for the rules and deliveries. */
async function swap(hours: number, drop: number) {
  clock.set(SAMPLE_NOW + hours * HOUR);
  const r = await app.deps.runner.run(earthquakesDataset, {
    origin: { kind: 'bytes', payloads: { usgs: usgsWithout(drop), nrcan: nrcanSample } },
  });
  expect(r.ok).toBe(true);
  await new Promise((resolve) => setImmediate(resolve));
  await watchesOf(app.deps).idle();
}

beforeAll(async () => {
  rx = await startUpstream();
  received = [];
  rx.play((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  app = await startTestApp({
    samples: [earthquakesDataset],
    clock,
    config: { WEBHOOK_RETRY_BASE_MS: 10, WEBHOOK_MAX_ATTEMPTS: 2 },
  });
  watchesOf(app.deps).engine.allowLoopbackReceiverForTests();
  watchesOf(app.deps).onFire((f) => firings.push(f));
  pro = await app.createKey({ plan: 'pro' });
  full = (await app.get(QUAKES, as(pro.key))).body.earthquakes.length;
});
afterAll(async () => {
  await app.close();
  await rx.close();
});

describe('a rule fires once per transition, signed, and respects its cooldown', () => {
  // Holds while at most two events are missing from the feed: true on the full feed and with one
  // dropped, false with three dropped.
  const condition = () => `length(earthquakes) > \`${full - 3}\``;
  let a: { id: string; secret: string };
  let b: { id: string; secret: string };
  let c: { id: string };

  it('creates rules whose first answer is their starting point', async () => {
    // Every event of the feed is in the answer (the default page holds 500), so dropping three shows.
    expect(full).toBeGreaterThanOrEqual(usgsSample.features.length);
    const ra = await post('create-watch-rule', {
      operation: QUAKES,
      condition: condition(),
      callbackUrl: `${rx.origin}/a`,
    });
    expect(ra.status, ra.text).toBe(200);
    expect(ra.body.rule).toMatchObject({ operation: QUAKES, params: {}, cooldownSeconds: 0, conditionHolds: true });
    expect(ra.body.secret).toMatch(/^[0-9a-f]{64}$/);
    a = { id: ra.body.rule.ruleId, secret: ra.body.secret };
    const rb = await post('create-watch-rule', {
      operation: QUAKES,
      condition: condition(),
      callbackUrl: `${rx.origin}/b`,
      cooldownSeconds: 4 * 3600,
    });
    b = { id: rb.body.rule.ruleId, secret: rb.body.secret };
    // No condition and no callback: every change, to onFire listeners (the stream) only.
    const rc = await post('create-watch-rule', { operation: QUAKES, params: { page_size: 500 } });
    expect(rc.status, rc.text).toBe(200);
    c = { id: rc.body.rule.ruleId };
    expect(received).toHaveLength(0);
  });

  it('fires when the condition turns truthy, not while it stays so, and a cooldown swallows a firing', async () => {
    await swap(1, 3); // false: nothing fires but C (every change)
    expect(received).toHaveLength(0);
    await swap(2, 0); // false -> true: A and B fire
    await swap(3, 1); // still true, another answer: nothing but C
    await swap(4, 3); // false
    await swap(5, 0); // true again: A fires; B is 3 h after its last firing, inside its 4 h cooldown
    const bodies = received.map((r) => JSON.parse(r.body) as { ruleId: string; etag: string; firedAt: string });
    expect(bodies.filter((x) => x.ruleId === a.id).map((x) => x.firedAt)).toEqual([
      new Date(SAMPLE_NOW + 2 * HOUR).toISOString(),
      new Date(SAMPLE_NOW + 5 * HOUR).toISOString(),
    ]);
    expect(bodies.filter((x) => x.ruleId === b.id).map((x) => x.firedAt)).toEqual([
      new Date(SAMPLE_NOW + 2 * HOUR).toISOString(),
    ]);
    expect(received.map((r) => r.headers['x-service-event'])).toEqual(['watch.fired', 'watch.fired', 'watch.fired']);
    // C has no callback: it fired on each of the five swaps, to listeners only.
    expect(firings.filter((f) => f.ruleId === c.id)).toHaveLength(5);
    expect(firings.filter((f) => f.ruleId === a.id)).toHaveLength(2);
  });

  it('signs each delivery as a receiver verifies it, and carries the answer REST serves', async () => {
    for (const got of received) {
      const body = JSON.parse(got.body);
      const secret = body.ruleId === a.id ? a.secret : b.secret;
      const ts = Number(got.headers['x-service-timestamp']);
      const sig = String(got.headers['x-service-signature']);
      expect(verifySignature(secret, ts, got.body, sig)).toBe(true);
      expect(verifySignature('0'.repeat(64), ts, got.body, sig)).toBe(false);
      expect(got.headers['x-service-delivery-id']).toMatch(/^whd_[0-9a-f]{32}$/);
      expect(body).toMatchObject({ event: 'watch.fired', operation: QUAKES, value: true });
    }
    // The fired answer is exactly what REST serves now (the last swap fired A): same ETag, same body.
    const now = await app.get(QUAKES, { ...as(pro.key), 'accept-encoding': 'identity' });
    const last = JSON.parse(received.at(-1)!.body);
    expect(last.etag).toBe(now.headers.get('etag'));
    expect(last.body).toEqual(now.body);
    // The engine's attempt log holds the watch deliveries beside the shipping ones.
    const log = await watchesOf(app.deps).engine.log.deliveries({ subscriberId: a.id });
    expect(log.map((d) => d.state)).toEqual(['delivered', 'delivered']);
  });

  it('tests a rule against the current answer or as it was at an as_of instant, recording nothing', async () => {
    await swap(6, 3); // false now: the rule's last answer
    const current = await post('test-watch-rule', { ruleId: a.id });
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ ruleId: a.id, value: false, conditionHolds: false, wouldFire: false });
    // At 2.5 h the full feed (published at 2 h) was served: the condition held, and would fire after today's answer.
    const then = await post('test-watch-rule', { ruleId: a.id, asOf: new Date(SAMPLE_NOW + 2.5 * HOUR).toISOString() });
    expect(then.status, then.text).toBe(200);
    expect(then.body).toMatchObject({
      value: true,
      conditionHolds: true,
      wouldFire: true,
      asOf: new Date(SAMPLE_NOW + 2 * HOUR).toISOString(),
    });
    const past = await app.get(`${QUAKES}?as_of=${SAMPLE_NOW + 2.5 * HOUR}`, {
      ...as(pro.key),
      'accept-encoding': 'identity',
    });
    expect(then.body.etag).toBe(past.headers.get('etag'));
    // B last fired at 2 h; at 6 h its 4 h cooldown has passed, so it would fire too.
    expect(
      (await post('test-watch-rule', { ruleId: b.id, asOf: String(SAMPLE_NOW + 2.5 * HOUR) })).body.wouldFire,
    ).toBe(true);
    const before = received.length;
    await watchesOf(app.deps).idle();
    expect(received).toHaveLength(before);
    expectViolation(await post('test-watch-rule', { ruleId: a.id, asOf: 'yesterday' }), 'asOf');
  });
});

describe('ownership, caps and validation', () => {
  it('keeps another account’s rules invisible', async () => {
    const mine = await post('create-watch-rule', { operation: QUAKES, condition: 'earthquakes[0]' });
    const id = mine.body.rule.ruleId;
    const other = await app.createKey({ plan: 'pro' });
    expect((await app.get(`${BASE}/get-watch-rule?ruleId=${id}`, as(other.key))).status).toBe(404);
    expect((await post('test-watch-rule', { ruleId: id }, other.key)).status).toBe(404);
    expect((await post('delete-watch-rule', { ruleId: id }, other.key)).status).toBe(404);
    expect((await app.get(`${BASE}/list-watch-rules`, as(other.key))).body.rules).toEqual([]);
    const got = await app.get(`${BASE}/get-watch-rule?ruleId=${id}`, as(pro.key));
    expect(got.status).toBe(200);
    expect(got.text).not.toContain(mine.body.secret);
    expect((await post('delete-watch-rule', { ruleId: id })).body).toEqual({ ruleId: id, deleted: true });
    expect((await app.get(`${BASE}/get-watch-rule?ruleId=${id}`, as(pro.key))).status).toBe(404);
  });

  it('stops evaluating a rule once the key that set it is revoked', async () => {
    const k = await app.createKey({ plan: 'pro' });
    const created = await post('create-watch-rule', { operation: QUAKES }, k.key);
    expect(created.status, created.text).toBe(200);
    const id = created.body.rule.ruleId;
    await swap(20, 4);
    expect(firings.filter((f) => f.ruleId === id)).toHaveLength(1);
    await app.revokeKey(k.id);
    await swap(21, 0);
    expect(firings.filter((f) => f.ruleId === id)).toHaveLength(1);
  });

  it('caps the rules per account by plan (free: 3)', async () => {
    const free = await app.createKey({ plan: 'free' });
    for (let i = 0; i < 3; i++)
      expect(
        (await post('create-watch-rule', { operation: QUAKES, params: { page_size: i + 1 } }, free.key)).status,
      ).toBe(200);
    const res = await post('create-watch-rule', { operation: QUAKES }, free.key);
    expectViolation(res, 'operation');
    expect(res.body.violations[0].description).toMatch(/already holds 3 watch rules/);
    expect((await app.get(`${BASE}/list-watch-rules`, as(free.key))).body.limit).toBe(3);
  });

  it.each([
    ['an unknown operation', { operation: '/api/seismology/v1/no-such' }, 'operation'],
    ['a POST-only operation', { operation: '/api/watch/v1/create-watch-rule' }, 'operation'],
    ['a parameter the GET refuses', { operation: QUAKES, params: { page_size: -1 } }, 'params.page_size'],
    ['a reserved parameter', { operation: QUAKES, params: { jmespath: 'x' } }, 'params.jmespath'],
    ['a condition that does not parse', { operation: QUAKES, condition: 'earthquakes[' }, 'condition'],
    ['plain http', { operation: QUAKES, callbackUrl: 'http://hooks.example.com/x' }, 'callbackUrl'],
  ])('refuses %s', async (_what, body, field) => {
    expectViolation(await post('create-watch-rule', body), field);
  });
});

describe('the callback address: IPv6 forms embedding IPv4 are refused at creation and at delivery', () => {
  const forms = ['64:ff9b::a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1', 'fec0::a9fe:a9fe'];

  it.each(forms)('refuses https://[%s]/ at creation', async (address) => {
    const res = await post('create-watch-rule', { operation: QUAKES, callbackUrl: `https://[${address}]/hook` });
    expectViolation(res, 'callbackUrl');
  });

  it.each(forms)('refuses a name resolving to %s at delivery', async (address) => {
    const engine = watchesOf(app.deps).engine;
    const k = await app.createKey({ plan: 'pro' });
    engine.policy = { ...PRODUCTION_POLICY, lookup: async () => ['93.184.215.14'] };
    try {
      const created = await post(
        'create-watch-rule',
        { operation: QUAKES, callbackUrl: 'https://rebind.example.com/hook' },
        k.key,
      );
      expect(created.status, created.text).toBe(200);
      engine.policy = { ...PRODUCTION_POLICY, lookup: async () => [address] };
      const before = received.length;
      const step = 7 + forms.indexOf(address);
      await swap(step, step % 2 === 0 ? 0 : 2);
      const settled = async () => (await engine.log.deliveries({ subscriberId: created.body.rule.ruleId }))[0];
      for (let i = 0; i < 100 && (await settled())?.state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 10));
        await engine.idle();
      }
      const d = await settled();
      expect(d).toMatchObject({ state: 'failed', event: 'watch.fired' });
      expect(d!.log[0]!.error).toContain(`(${address}); refused`);
      expect(received).toHaveLength(before);
      await post('delete-watch-rule', { ruleId: created.body.rule.ruleId }, k.key);
    } finally {
      engine.allowLoopbackReceiverForTests();
    }
  });
});

describe('a firing rule is an event on its account’s stream', () => {
  it('arrives on /api/stream?watches=<rule id> as a `watch` event, and never on another account’s stream', async () => {
    const created = await post('create-watch-rule', { operation: QUAKES, callbackUrl: `${rx.origin}/stream` });
    expect(created.status, created.text).toBe(200);
    const ruleId: string = created.body.rule.ruleId;
    const other = await app.createKey({ plan: 'pro' });
    const mine = await openSse(`${app.baseUrl}/api/stream?watches=${ruleId}`, as(pro.key));
    const theirs = await openSse(`${app.baseUrl}/api/stream?watches=${ruleId}`, as(other.key));
    try {
      expect(mine.status).toBe(200);
      // An empty condition fires on every change: a feed with one more event missing is one.
      await swap(100, 5);
      const event = await mine.next((e) => e.event === 'watch', 2_000);
      expect(JSON.parse(event.data)).toMatchObject({ ruleId, accountId: pro.accountId, operation: QUAKES });
      expect(theirs.events.filter((e) => e.event === 'watch')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
