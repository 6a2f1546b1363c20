import { API_KEY_REQUIRED } from '../../../src/platform/auth/access.js';
import fs from 'node:fs';
import { storeSql } from '../../support/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOperations } from '../../../src/http/operations.js';
import { appRouter } from '../../../src/root/app-router.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { digestOf, generateKey, ISSUED_KEY_PATTERN, LAST_USED_INTERVAL_MS } from '../../../src/platform/auth/keys.js';
import { matchOperatorDigest, parseOperatorKeys } from '../../../src/platform/auth/operator.js';
import { PLANS, findPlan } from '../../../src/platform/auth/plans.js';
import { PLATFORM_SECRETS } from '../../../src/platform/auth/platform-secrets.js';
import { SAMPLE_NOW, captureLogs, startTestApp, type TestApp } from '../../support/app.js';
import { rawRequest } from '../../support/raw-http.js';

const ops = [...collectOperations(appRouter).values()];
/** An ungated operation that answers 200 without parameters or data. */
const PLAIN = '/api/seismology/v1/list-earthquakes';
const GATED = ops.find((o) => o.method === 'GET' && o.meta.requiredTier === 1);
/** Past every access check (the gated operation may still want parameters). */
const admitted = (status: number) => ![401, 403, 429, 503].includes(status);
const OPERATOR_KEY = 'operator-0123456789abcdefGHIJ';
const OTHER_OPERATOR = 'second_operator_key_zyxwvutsrq';

const logs = captureLogs('debug');
let app: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW);
  app = await startTestApp({
    samples: 'none',
    clock,
    logger: logs.logger,
    config: { OPERATOR_KEYS: `${OTHER_OPERATOR}, ${OPERATOR_KEY}` },
  });
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string | string[]> = {}) => rawRequest(app.baseUrl, path, headers);
/** Every response body seen by this file, for the "no key in a body" check. */
const bodies: string[] = [];
const seen = async <T extends { text: string }>(p: Promise<T>) => {
  const r = await p;
  bodies.push(r.text);
  return r;
};

describe('issued keys', () => {
  it('have the mds_ prefix and at least 128 random bits, and differ every time', () => {
    const keys = Array.from({ length: 200 }, generateKey);
    for (const k of keys) expect(k).toMatch(ISSUED_KEY_PATTERN);
    expect(Buffer.from(keys[0].slice(4), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are stored only as a SHA-256 digest: the plaintext is nowhere in the database file or the key table', async () => {
    const { id, key } = await app.createKey({ plan: 'pro' });
    app.deps.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.readFileSync(app.dbFile);
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from(key.slice(4)))).toBe(false);
    const rows = await app.storeSql('SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(key.slice(4));
    const [row] = await app.storeSql<{ digest: string; prefix: string }>(
      'SELECT digest, prefix FROM api_keys WHERE id = ?',
      id,
    );
    expect(row.digest).toBe(digestOf(key).toString('hex'));
    expect(row.prefix).toBe(key.slice(0, 8));
  });

  it('record last use at most once a minute', async () => {
    const { id, key } = await app.createKey();
    // PostgreSQL hands bigint columns back as strings.
    const lastUsed = async () => {
      const [{ t }] = await app.storeSql<{ t: number | string | null }>(
        'SELECT last_used_at AS t FROM api_keys WHERE id = ?',
        id,
      );
      return t === null ? null : Number(t);
    };
    expect(await lastUsed()).toBeNull();
    const t0 = clock.now();
    await get(PLAIN, { 'x-service-key': key });
    expect(await lastUsed()).toBe(t0);
    clock.advance(LAST_USED_INTERVAL_MS - 1);
    await get(PLAIN, { 'x-service-key': key });
    expect(await lastUsed()).toBe(t0);
    clock.advance(1);
    await get(PLAIN, { 'x-service-key': key });
    expect(await lastUsed()).toBe(t0 + LAST_USED_INTERVAL_MS);
  });

  it('answer an unknown key without telling anything; a revoked or expired key (only its holder has it) is told so; each names the header', async () => {
    const revoked = await app.createKey();
    await app.revokeKey(revoked.id);
    const expired = await app.createKey({ expiresAt: clock.now() + 1000 });
    clock.advance(1000);
    const bodyFor = async (headers: Record<string, string>) =>
      JSON.parse((await seen(get(PLAIN, headers))).text) as unknown;
    expect(await bodyFor({ 'x-api-key': generateKey() })).toEqual({ error: 'Invalid API key in X-Api-Key' });
    expect(await bodyFor({ 'x-service-key': generateKey() })).toEqual({ error: 'Invalid API key in X-Service-Key' });
    expect(await bodyFor({ 'x-api-key': revoked.key })).toEqual({ error: 'The API key in X-Api-Key has been revoked' });
    expect(await bodyFor({ 'x-service-key': expired.key })).toEqual({
      error: 'The API key in X-Service-Key has expired',
    });
  });

  it('answer a key-store outage with 503 and X-Validation-Mode: degraded, not with data', async () => {
    const { key } = await app.createKey();
    // Whichever engine the app reads keys from (the SQLite file, or PostgreSQL under MDS_TEST_POSTGRES=1).
    const keyStore = (app.access.directory ?? app.access.keys) as { findByDigest: (digest: Buffer) => unknown };
    const original = keyStore.findByDigest;
    keyStore.findByDigest = () => {
      throw new Error('SQLITE_IOERR');
    };
    try {
      const res = await seen(get(PLAIN, { 'x-service-key': key }));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Service temporarily unavailable' });
      expect(res.headers['x-validation-mode']).toBe('degraded');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      keyStore.findByDigest = original;
    }
  });
});

describe('billing states', () => {
  it('serves an active account', async () => {
    const { key } = await app.createKey({ billing: 'active' });
    expect((await get(PLAIN, { 'x-service-key': key })).status).toBe(200);
  });

  it('refuses a lapsed subscription with 403 subscription_lapsed and X-Billing-Verification, no Retry-After', async () => {
    const { key } = await app.createKey({ billing: 'lapsed' });
    const res = await seen(get(PLAIN, { 'x-service-key': key }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Subscription lapsed', code: 'subscription_lapsed' });
    expect(res.headers['x-billing-verification']).toBe('subscription_lapsed');
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['pending', 'renewal_verification_pending', 'Renewal verification pending'],
    ['failed', 'renewal_verification_failed', 'Renewal verification failed'],
  ] as const)('answers %s with 503 %s, Retry-After 1-60 and a matching header', async (state, code, error) => {
    const { key } = await app.createKey({ billing: state });
    const res = await seen(get(PLAIN, { 'x-service-key': key }));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error, code });
    expect(res.headers['x-billing-verification']).toBe(code);
    const retry = Number(res.headers['retry-after']);
    expect(Number.isInteger(retry) && retry >= 1 && retry <= 60).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an unreadable entitlement (unknown state, unknown plan, missing account) with 503 entitlement_verification_unavailable', async () => {
    const a = await app.createKey();
    await app.storeSql("UPDATE accounts SET billing_state = 'garbled' WHERE id = ?", a.accountId);
    const b = await app.createKey();
    await app.storeSql("UPDATE api_keys SET plan_key = 'retired_plan' WHERE id = ?", b.id);
    for (const k of [a.key, b.key]) {
      const res = await seen(get(PLAIN, { 'x-service-key': k }));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Unable to verify API access', code: 'entitlement_verification_unavailable' });
      expect(res.headers['x-billing-verification']).toBe('entitlement_verification_unavailable');
    }
  });

  it('sees a revocation or billing change made by another process from a millisecond after it commits, though the key was just used', async () => {
    // Another connection to the same store (not the app's own), as another process would hold.
    const other = { dbFile: app.dbFile, databaseUrl: app.databaseUrl };
    const revoked = await app.createKey();
    const lapsed = await app.createKey();
    for (const k of [revoked, lapsed]) expect((await get(PLAIN, { 'x-service-key': k.key })).status).toBe(200);
    await storeSql(other, "UPDATE api_keys SET status = 'revoked' WHERE id = ?", [revoked.id]);
    await storeSql(other, "UPDATE accounts SET billing_state = 'lapsed' WHERE id = ?", [lapsed.accountId]);
    // The documented bound: a change committed elsewhere holds for requests a millisecond later.
    await new Promise((r) => setTimeout(r, 2));
    expect((await get(PLAIN, { 'x-service-key': revoked.key })).status).toBe(401);
    expect((await get(PLAIN, { 'x-service-key': lapsed.key })).status).toBe(403);
  });

  it('takes a billing change into account on the next request', async () => {
    const { id, key } = await app.createKey();
    expect((await get(PLAIN, { 'x-service-key': key })).status).toBe(200);
    await app.setBilling(id, 'lapsed');
    expect((await get(PLAIN, { 'x-service-key': key })).status).toBe(403);
    await app.setBilling(id, 'active');
    expect((await get(PLAIN, { 'x-service-key': key })).status).toBe(200);
  });

  it.runIf(GATED)('includes requiredTier in billing refusals on a gated operation', async () => {
    const { key } = await app.createKey({ plan: 'pro', billing: 'pending' });
    const res = await get(GATED!.path, { 'x-service-key': key });
    expect(res.body).toEqual({
      error: 'Renewal verification pending',
      code: 'renewal_verification_pending',
      requiredTier: 1,
    });
  });
});

describe('plans and tiers', () => {
  it('carry the published catalogue', () => {
    expect(PLANS.map((p) => [p.planKey, p.tier])).toEqual([
      ['free', 0],
      ['pro', 1],
      ['api_starter', 2],
      ['api_business', 2],
      ['enterprise', 3],
    ]);
    expect(findPlan('api_starter')).toMatchObject({ perMinute: 60, perDay: 1000 });
    expect(findPlan('api_business')).toMatchObject({ perMinute: 300, perDay: 10_000 });
    expect(findPlan('enterprise')).toMatchObject({ perMinute: 1000, perDay: null });
  });

  it.runIf(GATED)('let pro and above through a tier-1 gate', async () => {
    for (const plan of ['pro', 'api_starter', 'api_business', 'enterprise'] as const) {
      const { key } = await app.createKey({ plan });
      expect(admitted((await get(GATED!.path, { 'x-service-key': key })).status), plan).toBe(true);
    }
  });
});

describe('operator keys', () => {
  it('are accepted from configuration as tier 3 enterprise, without billing checks', async () => {
    const res = await get(PLAIN, { 'x-service-key': OPERATOR_KEY });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    if (GATED) expect(admitted((await get(GATED.path, { 'x-api-key': OTHER_OPERATOR })).status)).toBe(true);
  });

  it('are refused when one character differs', async () => {
    const near = OPERATOR_KEY.slice(0, -1) + (OPERATOR_KEY.endsWith('J') ? 'K' : 'J');
    expect((await get(PLAIN, { 'x-service-key': near })).status).toBe(401);
  });

  it('are compared in constant time: every configured digest is checked, with no early exit', () => {
    const ops = parseOperatorKeys('aaaaaaaaaaaaaaaa-one,bbbbbbbbbbbbbbbb-two,cccccccccccccccc-three');
    const digests = ops.map((o) => o.digest);
    for (const [presented, expected] of [
      ['aaaaaaaaaaaaaaaa-one', 0],
      ['cccccccccccccccc-three', 2],
      ['aaaaaaaaaaaaaaaa-onf', -1],
      ['', -1],
    ] as const) {
      const calls: number[] = [];
      const spy = (a: Buffer, b: Buffer) => {
        calls.push(digests.indexOf(b));
        expect(a.length).toBe(b.length); // only fixed-length digests are ever compared
        return a.equals(b);
      };
      expect(matchOperatorDigest(digestOf(presented), digests, spy)).toBe(expected);
      expect(calls).toEqual([0, 1, 2]);
    }
  });

  it('reject malformed configuration entries', () => {
    expect(() => parseOperatorKeys('short')).toThrow(/entry 1/);
    expect(() => parseOperatorKeys('good-key-0123456789, has space inside')).toThrow(/entry 2/);
    expect(parseOperatorKeys(' ,good-key-0123456789, ')).toHaveLength(1);
  });
});

describe('browser sessions', () => {
  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0];

  it('are minted by POST /api/session from a key into an HttpOnly, SameSite=Strict cookie; the token is not in the body', async () => {
    const { key } = await app.createKey({ plan: 'pro' });
    const res = await seen(rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST'));
    expect(res.status).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^mds_session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(res.body).toEqual({ expiresAt: clock.now() + 43_200_000, planKey: 'pro', tier: 1 });
    expect(res.text).not.toContain(cookieOf(setCookie).split('=')[1]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are accepted wherever the key is, refused on tier-gated operations, and end with the key', async () => {
    const { id, key } = await app.createKey({ plan: 'pro' });
    const minted = await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST');
    const cookie = cookieOf(minted.headers['set-cookie']);
    const ok = await get(PLAIN, { cookie: `theme=dark; ${cookie}` });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toMatch(/^(private|no-store)/);
    if (GATED) {
      const gated = await seen(get(GATED.path, { cookie }));
      expect(gated.status).toBe(403);
      expect(gated.body).toMatchObject({ requiredTier: 1, currentTier: 1, planKey: 'pro' });
      expect(admitted((await get(GATED.path, { 'x-service-key': key })).status)).toBe(true);
    }
    await app.revokeKey(id);
    const after = await seen(get(PLAIN, { cookie }));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Invalid session' });
  });

  it('expire, and refuse tampered, foreign or ambiguous tokens', async () => {
    const { key } = await app.createKey();
    const minted = await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST');
    const cookie = cookieOf(minted.headers['set-cookie']);
    const token = cookie.split('=')[1];
    const [v, ref, exp, sig] = token.split('.');
    const other = await app.createKey();
    for (const bad of [
      `${v}.${ref}.${Number(exp) + 1}.${sig}`,
      `${v}.${other.id}.${exp}.${sig}`,
      `${v}.${ref}.${exp}.${sig.slice(0, -2)}AA`,
      'garbage',
    ]) {
      expect((await get(PLAIN, { cookie: `mds_session=${bad}` })).status, bad).toBe(401);
    }
    expect((await get(PLAIN, { cookie: `${cookie}; mds_session=other` })).status).toBe(401);
    expect((await get(PLAIN, { cookie })).status).toBe(200);
    clock.advance(43_200_000);
    expect((await get(PLAIN, { cookie })).status).toBe(401);
  });

  it('cannot be minted without a key, from another session, or for a lapsed account', async () => {
    expect((await rawRequest(app.baseUrl, '/api/session', {}, 'POST')).status).toBe(401);
    const { id, key } = await app.createKey();
    const minted = await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST');
    const cookie = cookieOf(minted.headers['set-cookie']);
    expect((await rawRequest(app.baseUrl, '/api/session', { cookie }, 'POST')).status).toBe(401);
    await app.setBilling(id, 'lapsed');
    expect((await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST')).status).toBe(403);
    expect((await rawRequest(app.baseUrl, '/api/session', {}, 'GET')).status).toBe(405);
  });

  it('keep working when minted from an operator key, and can be cleared', async () => {
    const minted = await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': OPERATOR_KEY }, 'POST');
    expect(minted.status).toBe(200);
    expect((await get(PLAIN, { cookie: cookieOf(minted.headers['set-cookie']) })).status).toBe(200);
    const cleared = await rawRequest(app.baseUrl, '/api/session', {}, 'DELETE');
    expect(cleared.status).toBe(204);
    expect(String(cleared.headers['set-cookie'])).toMatch(
      /^mds_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/,
    );
  });

  it('use a signing secret generated once and kept in the service store: another app on the same store accepts the cookie', async () => {
    const { key } = await app.createKey();
    const cookie = cookieOf(
      (await rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST')).headers['set-cookie'],
    );
    // Same SQLite file (keys) and, under MDS_TEST_POSTGRES=1, the same PostgreSQL database (the secret).
    const other = await startTestApp({
      samples: 'none',
      clock,
      dbFile: app.dbFile,
      config: { DATABASE_URL: app.deps.config.DATABASE_URL },
    });
    try {
      expect((await rawRequest(other.baseUrl, PLAIN, { cookie })).status).toBe(200);
      const fresh = await startTestApp({ samples: 'none', clock });
      try {
        expect((await rawRequest(fresh.baseUrl, PLAIN, { cookie })).status).toBe(401);
      } finally {
        await fresh.close();
      }
    } finally {
      await other.close();
    }
  });

  it('answer an unreachable secret store with 503 degraded, and work once it is back', async () => {
    const other = await startTestApp({ samples: 'none', clock });
    try {
      const { key } = await other.createKey();
      let down = true;
      const secrets = other.deps.stores.get(PLATFORM_SECRETS);
      const obtain = secrets.obtain.bind(secrets);
      secrets.obtain = (name, candidate, now) =>
        down ? Promise.reject(new Error('connection refused')) : obtain(name, candidate, now);
      const refused = await rawRequest(other.baseUrl, '/api/session', { 'x-service-key': key }, 'POST');
      expect(refused.status).toBe(503);
      expect(refused.headers['x-validation-mode']).toBe('degraded');
      expect(JSON.parse(refused.text)).toEqual({ error: 'Service temporarily unavailable' });
      down = false;
      const minted = await rawRequest(other.baseUrl, '/api/session', { 'x-service-key': key }, 'POST');
      expect(minted.status).toBe(200);
      expect((await rawRequest(other.baseUrl, PLAIN, { cookie: cookieOf(minted.headers['set-cookie']) })).status).toBe(
        200,
      );
    } finally {
      await other.close();
    }
  });
});

describe('other transports and paths', () => {
  it('/trpc runs the same chain: 401 without a key, rate headers with one', async () => {
    const name = `${ops.find((o) => o.path === PLAIN)!.procedure}?input=${encodeURIComponent('{}')}`;
    const denied = await get(`/trpc/${name}`);
    expect(denied.status).toBe(401);
    expect(denied.body.error.data.rest).toEqual({ status: 401, body: { error: API_KEY_REQUIRED }, headers: {} });
    expect(denied.headers['cache-control']).toBe('no-store');
    const ok = await get(`/trpc/${name}`, { 'x-service-key': app.defaultKey.key });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  });

  it('refuses an unknown service path with 401 without a credential, 404 with one', async () => {
    expect((await get('/api/nothing/v1/nowhere')).status).toBe(401);
    expect((await get('/api/nothing/v1/nowhere', { 'x-service-key': app.defaultKey.key })).status).toBe(404);
  });

  it('serves the public documents without a key', async () => {
    expect((await get('/openapi.json')).status).toBe(200);
    expect((await get('/openapi.yaml')).status).toBe(200);
    expect((await get('/openapi/seismology.json')).status).toBe(200);
  });

  it('makes 200s to an identified caller private', async () => {
    const res = await get(PLAIN, { 'x-service-key': app.defaultKey.key });
    expect(res.headers['cache-control']).toMatch(/^(private|no-store)/);
  });
});

describe('secrets stay out of logs and bodies', () => {
  it('no key, operator key or session token reaches the log output or a response body', async () => {
    const { id, key } = await app.createKey();
    const minted = await seen(rawRequest(app.baseUrl, '/api/session', { 'x-service-key': key }, 'POST'));
    const token = String(minted.headers['set-cookie']).split(';')[0].split('=')[1];
    await seen(get(PLAIN, { 'x-service-key': key }));
    await seen(get(PLAIN, { 'x-api-key': `${key}, ${key}` }));
    await seen(get(PLAIN, { 'x-service-key': key, 'x-api-key': OPERATOR_KEY }));
    await seen(get(PLAIN, { 'x-service-key': OPERATOR_KEY }));
    await seen(get(PLAIN, { cookie: `mds_session=${token}x` }));
    await app.revokeKey(id);
    await seen(get(PLAIN, { 'x-service-key': key }));
    await seen(get(PLAIN, { cookie: `mds_session=${token}` }));
    const text = logs.text();
    expect(text).toContain('credential refused'); // the refusals above were logged...
    for (const secret of [
      key,
      key.slice(4),
      OPERATOR_KEY,
      OTHER_OPERATOR,
      token,
      token.split('.')[3],
      app.defaultKey.key,
    ]) {
      expect(text.includes(secret), 'log output').toBe(false); // ...without the secrets
      for (const b of bodies) expect(b.includes(secret), 'response body').toBe(false);
    }
  });
});
