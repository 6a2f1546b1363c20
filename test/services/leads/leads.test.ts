import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { mds } from '../../support/cli.js';
import type { ManualClock } from '../../../src/platform/clock.js';
import { LEAD_STORE } from '../../../src/services/leads/store.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: 'none' });
});
afterAll(() => app.close());

const CONTACT = '/api/leads/v1/submit-contact';
const INTEREST = '/api/leads/v1/register-interest';
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
const contact = (over: Record<string, unknown> = {}) => ({
  email: 'ana.silva@harbourlogistics.example',
  name: 'Ana Silva',
  organization: 'Harbour Logistics',
  phone: '+351 21 555 0142',
  message: 'We would like an enterprise plan for our operations room.',
  turnstileToken: 'token',
  ...over,
});

describe('POST submit-contact', () => {
  it('stores a valid request and says no e-mail was sent', async () => {
    const res = await post(CONTACT, contact());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'sent', emailSent: false });
    const rows = await app.deps.stores.get(LEAD_STORE).contacts();
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'ana.silva@harbourlogistics.example',
        source: 'enterprise-contact',
        organization: 'Harbour Logistics',
      }),
    ]);
  });

  it('answers a filled honeypot as sent without storing anything', async () => {
    const before = (await app.deps.stores.get(LEAD_STORE).contacts()).length;
    expect((await post(CONTACT, contact({ website: 'http://spam.example' }))).body).toEqual({
      status: 'sent',
      emailSent: false,
    });
    expect(await app.deps.stores.get(LEAD_STORE).contacts()).toHaveLength(before);
  });

  it('refuses invalid fields, missing required ones and personal mailboxes', async () => {
    expectViolation(await post(CONTACT, contact({ email: 'not-an-address' })), 'email');
    expectViolation(await post(CONTACT, contact({ phone: 'call me' })), 'phone');
    expectViolation(await post(CONTACT, contact({ name: '  ' })), 'name');
    expect((await post(CONTACT, { email: 'a@b.example' })).status).toBe(400);
    const free = await post(CONTACT, contact({ email: 'someone@gmail.com' }));
    expect(free.status).toBe(422);
    expect(free.body).toEqual({ error: 'Please use your work email address' });
  });

  it('accepts at most 3 requests per client address and hour', async () => {
    expect((await post(CONTACT, contact({ email: 'b@harbourlogistics.example' }))).status).toBe(200);
    expect((await post(CONTACT, contact({ email: 'c@harbourlogistics.example' }))).status).toBe(200);
    const limited = await post(CONTACT, contact({ email: 'd@harbourlogistics.example' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    (app.clock as ManualClock).advance(3_600_001);
    expect((await post(CONTACT, contact({ email: 'd@harbourlogistics.example' }))).status).toBe(200);
  });

  it('replays the stored answer for a repeated Idempotency-Key', async () => {
    (app.clock as ManualClock).advance(3_600_001);
    const a = await post(CONTACT, contact({ email: 'e@harbourlogistics.example' }), { 'idempotency-key': 'contact-1' });
    const b = await post(CONTACT, contact({ email: 'e@harbourlogistics.example' }), { 'idempotency-key': 'contact-1' });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await app.deps.stores.get(LEAD_STORE).contacts()).filter((c) => c.email === 'e@harbourlogistics.example'),
    ).toHaveLength(1);
  });
});

describe('POST register-interest', () => {
  it('registers once, with a stable referral code, and answers nothing about the list', async () => {
    const first = await post(INTEREST, { email: 'Lee@Example.org', turnstileToken: 't', source: 'landing' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'registered',
      referralCode: expect.stringMatching(/^[a-z0-9]{8}$/),
      referralCount: 0,
      position: 0,
      emailSuppressed: true,
    });
    expect((await app.deps.stores.get(LEAD_STORE).interestList()).map((r) => r.email)).toEqual(['lee@example.org']);
  });

  it('answers a listed address exactly as an unlisted one, so membership cannot be probed', async () => {
    (app.clock as ManualClock).advance(3_600_001);
    const fresh = await post(INTEREST, { email: 'probe-target@example.org', turnstileToken: 't' });
    const listed = await post(INTEREST, { email: 'probe-target@example.org', turnstileToken: 't' });
    expect(listed.status).toBe(fresh.status);
    expect(listed.text).toBe(fresh.text);
    // Nothing but the address's own code differs from another new address's answer.
    const other = await post(INTEREST, { email: 'someone-else@example.org', turnstileToken: 't' });
    expect({ ...other.body, referralCode: '' }).toEqual({ ...listed.body, referralCode: '' });
  });

  it('counts every attempt against the hourly cap, an address already listed too', async () => {
    (app.clock as ManualClock).advance(3_600_001);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(INTEREST, { email: 'lee@example.org', turnstileToken: 't' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    (app.clock as ManualClock).advance(3_600_001);
    expect((await post(INTEREST, { email: 'lee@example.org', turnstileToken: 't' })).status).toBe(200);
  });

  it('derives referral codes with a server secret: not a bare hash of the address, different per secret', async () => {
    (app.clock as ManualClock).advance(3_600_001);
    const email = 'secret-check@example.org';
    const code = (await post(INTEREST, { email, turnstileToken: 't' })).body.referralCode;
    const sha = createHash('sha256').update(email).digest('hex');
    const bareHashCode = BigInt(`0x${sha.slice(0, 16)}`)
      .toString(36)
      .padStart(8, '0')
      .slice(-8);
    expect(code).not.toBe(bareHashCode);
    const other = await startTestApp({
      samples: 'none',
      config: { SESSION_SECRET: 'another-server-secret-'.repeat(2) },
    });
    try {
      const elsewhere = await other.request(INTEREST, {
        method: 'POST',
        body: JSON.stringify({ email, turnstileToken: 't' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(elsewhere.body.referralCode).toMatch(/^[a-z0-9]{8}$/);
      expect(elsewhere.body.referralCode).not.toBe(code);
    } finally {
      await other.close();
    }
  });

  it('keeps the code an existing row was given; referrals are recorded against the code given', async () => {
    (app.clock as ManualClock).advance(3_600_001);
    const store = app.deps.stores.get(LEAD_STORE);
    const now = app.clock.now();
    await store.registerInterest(
      { email: 'early@example.org', source: '', app_version: '', referred_by: '', referral_code: 'early001' },
      '10.9.9.9',
      now,
      { since: now - 3_600_000, max: 5 },
    );
    const again = await post(INTEREST, { email: 'early@example.org', turnstileToken: 't' });
    expect(again.status).toBe(200);
    const rows = await store.interestList();
    expect(rows.find((r) => r.email === 'early@example.org')!.referral_code).toBe('early001');
    const friend = await post(INTEREST, { email: 'kim@example.net', turnstileToken: 't', referredBy: 'early001' });
    expect(friend.status).toBe(200);
    expect((await store.interestList()).find((r) => r.email === 'kim@example.net')!.referred_by).toBe('early001');
    expect(await store.referralCount('early001')).toBe(1);
  });

  it('refuses disposable, mistyped and malformed addresses', async () => {
    expectViolation(await post(INTEREST, { email: 'x@mailinator.com', turnstileToken: 't' }), 'email');
    expectViolation(await post(INTEREST, { email: 'x@gmial.com', turnstileToken: 't' }), 'email');
    expectViolation(await post(INTEREST, { email: 'x@example.con', turnstileToken: 't' }), 'email');
    expectViolation(await post(INTEREST, { email: 'nope', turnstileToken: 't' }), 'email');
    expect((await post(INTEREST, { turnstileToken: 't' })).status).toBe(400);
  });
});

describe('mds leads', () => {
  it('lists contacts as JSON lines and exports the waitlist as CSV', async () => {
    // The command reads the store the app wrote (PostgreSQL when the suite runs with MDS_TEST_POSTGRES=1).
    const env = { DATABASE_PATH: app.dbFile, DATABASE_URL: app.deps.config.DATABASE_URL ?? '' };
    const contacts = await mds(['leads', 'contacts'], env);
    expect(contacts.code).toBe(0);
    const lines = contacts.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      email: 'ana.silva@harbourlogistics.example',
      name: 'Ana Silva',
      created_at: expect.stringMatching(/^2026-/),
    });
    const csv = await mds(['leads', 'interest', '--csv'], env);
    expect(csv.code).toBe(0);
    const rows = csv.out.trim().split('\n');
    expect(rows[0]).toBe('id,email,source,app_version,referred_by,referral_code,created_at');
    expect(rows.slice(1).map((r) => r.split(',')[1])).toEqual([
      'lee@example.org',
      'probe-target@example.org',
      'someone-else@example.org',
      'secret-check@example.org',
      'early@example.org',
      'kim@example.net',
    ]);
    expect((await mds(['leads', 'everything'], env)).code).toBe(2);
  });
});
