import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { openPgDatabase, type PgDb } from '../../../db/pg/client.js';
import { digestOf, ISSUED_KEY_PATTERN, KeyStore, LAST_USED_INTERVAL_MS } from '../../../src/platform/auth/keys.js';
import { SqliteKeyDirectory, type KeyDirectory } from '../../../src/platform/auth/key-store.js';
import { PgKeyDirectory } from '../../../src/platform/auth/keys-pg.js';
import { tempDbFile } from '../../support/app.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

// One specification for every engine that holds keys: the SQLite KeyStore (through the async
// interface) and PostgreSQL must give the same answers. `second` is another node's view of the same
// storage (another connection to the file, another pool to the server).

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

interface Engine {
  name: string;
  open(): Promise<{ first: KeyDirectory; second: KeyDirectory; close(): Promise<void> }>;
}

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const engines: Engine[] = [
  {
    name: 'SQLite',
    async open() {
      const file = tempDbFile();
      const [a, b] = [openDatabase(file), openDatabase(file)];
      return {
        first: new SqliteKeyDirectory(new KeyStore(a.$client)),
        second: new SqliteKeyDirectory(new KeyStore(b.$client)),
        close: async () => {
          a.$client.close();
          b.$client.close();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const url = await server.createDatabase(`keys_${++databases}`);
      const a: PgDb = await openPgDatabase(url, { max: 2 });
      const b: PgDb = await openPgDatabase(url, { max: 2 });
      return {
        first: new PgKeyDirectory(a),
        second: new PgKeyDirectory(b),
        close: async () => {
          await a.$client.end();
          await b.$client.end();
        },
      };
    },
  },
];

describe.each(engines)('key directory on $name', (engine) => {
  let keys: KeyDirectory;
  let other: KeyDirectory;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first: keys, second: other, close } = await engine.open());
  });
  afterAll(() => close?.());

  it('creates a key on a new account; only the digest finds it, and the plaintext is returned once', async () => {
    const created = await keys.create(
      { plan: 'pro', name: 'dashboard', rateLimitPerMinute: 42, expiresAt: NOW + 86_400_000 },
      NOW,
    );
    expect(created.key).toMatch(ISSUED_KEY_PATTERN);
    expect(created.record).toEqual({
      id: created.id,
      prefix: created.key.slice(0, 8),
      name: 'dashboard',
      accountId: created.accountId,
      planKey: 'pro',
      rateLimitPerMinute: 42,
      status: 'active',
      createdAt: NOW,
      expiresAt: NOW + 86_400_000,
      revokedAt: null,
      lastUsedAt: null,
      billingState: 'active',
    });
    expect(await keys.findByDigest(digestOf(created.key))).toEqual(created.record);
    expect(await other.findByDigest(digestOf(created.key))).toEqual(created.record);
    expect(await keys.findByDigest(digestOf(created.key + 'x'))).toBeUndefined();
    expect(await keys.findById('key_missing')).toBeUndefined();
  });

  it('attaches a key to an existing account and opens accounts in a given billing state', async () => {
    const lapsed = await keys.create({ plan: 'free', billingState: 'lapsed' }, NOW);
    expect(lapsed.record).toMatchObject({
      billingState: 'lapsed',
      name: '',
      rateLimitPerMinute: null,
      expiresAt: null,
    });
    const sibling = await keys.create({ plan: 'pro', accountId: lapsed.accountId }, NOW);
    expect(sibling.accountId).toBe(lapsed.accountId);
    expect(sibling.record.billingState).toBe('lapsed');
  });

  it('refuses an unknown plan, an unknown account and a limit that is not a positive integer, creating nothing', async () => {
    const before = await keys.count();
    await expect(keys.create({ plan: 'platinum' }, NOW)).rejects.toThrow(/unknown plan "platinum"/);
    await expect(keys.create({ plan: 'pro', accountId: 'acct_nobody' }, NOW)).rejects.toThrow(
      /unknown account "acct_nobody"/,
    );
    for (const bad of [0, -5, 1.5])
      await expect(keys.create({ plan: 'pro', rateLimitPerMinute: bad }, NOW)).rejects.toThrow(/positive integer/);
    expect(await keys.count()).toBe(before);
  });

  it('lists every key oldest first and counts them', async () => {
    const a = await keys.create({ plan: 'free', name: 'later' }, NOW + 2_000);
    const b = await keys.create({ plan: 'free', name: 'earlier' }, NOW + 1_000);
    const listed = await other.list();
    expect(listed).toHaveLength(await keys.count());
    const times = listed.map((k) => k.createdAt);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(listed.findIndex((k) => k.id === b.id)).toBeLessThan(listed.findIndex((k) => k.id === a.id));
  });

  it('records last use at most once a minute per key, across nodes', async () => {
    const { id } = await keys.create({ plan: 'free' }, NOW);
    await keys.touch(id, NOW + 10);
    expect((await keys.findById(id))!.lastUsedAt).toBe(NOW + 10);
    await keys.touch(id, NOW + 20);
    // Another node within the minute: its write is refused by the stored time.
    await other.touch(id, NOW + 30);
    expect((await other.findById(id))!.lastUsedAt).toBe(NOW + 10);
    // A minute after that node's own last attempt, its write goes through.
    await other.touch(id, NOW + 30 + LAST_USED_INTERVAL_MS);
    expect((await keys.findById(id))!.lastUsedAt).toBe(NOW + 30 + LAST_USED_INTERVAL_MS);
  });

  it('revokes a key for every node (from a millisecond after it commits), keeping the first revocation time', async () => {
    const created = await keys.create({ plan: 'pro' }, NOW);
    expect(await other.findByDigest(digestOf(created.key))).toMatchObject({ status: 'active' });
    expect(await keys.revoke(created.id, NOW + 5)).toBe(true);
    // SQLite nodes look for changes made elsewhere at most once a millisecond (src/platform/auth/keys.ts).
    await new Promise((r) => setTimeout(r, 2));
    expect(await other.findByDigest(digestOf(created.key))).toMatchObject({ status: 'revoked', revokedAt: NOW + 5 });
    expect(await other.revoke(created.id, NOW + 9)).toBe(true);
    expect((await keys.findById(created.id))!.revokedAt).toBe(NOW + 5);
    expect(await keys.revoke('key_missing', NOW)).toBe(false);
  });

  it("sets the billing state of a key's account, seen through every key of it", async () => {
    const first = await keys.create({ plan: 'pro' }, NOW);
    const second = await keys.create({ plan: 'pro', accountId: first.accountId }, NOW);
    const unrelated = await keys.create({ plan: 'pro' }, NOW);
    expect(await keys.setBillingState(first.id, 'failed', NOW + 1)).toBe(first.accountId);
    expect((await other.findById(second.id))!.billingState).toBe('failed');
    expect((await other.findById(unrelated.id))!.billingState).toBe('active');
    expect(await keys.setBillingState('key_missing', 'active', NOW)).toBeUndefined();
  });
});
