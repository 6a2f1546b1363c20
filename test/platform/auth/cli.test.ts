import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { openDatabase } from '../../../db/client.js';
import { KeyStore, ISSUED_KEY_PATTERN } from '../../../src/platform/auth/keys.js';
import { devKeyFile, ensureDevKey } from '../../../src/platform/auth/dev-key.js';
import { SqliteKeyDirectory } from '../../../src/platform/auth/key-store.js';
import { withTestApp, tempDbFile } from '../../support/app.js';
import { mds as run } from '../../support/cli.js';
import { storeSql } from '../../support/store-sql.js';
import { rawRequest } from '../../support/raw-http.js';

const dbFile = tempDbFile();
const env = { DATABASE_PATH: dbFile, NODE_ENV: 'test' };

async function mds(...args: string[]) {
  const r = await run(args, env);
  return { ...r, lines: r.out.trimEnd().split('\n') };
}

describe('mds keys', () => {
  let id = '';
  let key = '';

  it('create prints `id: <id>` and the key alone on the last line', async () => {
    const r = await mds('keys', 'create', '--plan', 'pro');
    expect(r.code).toBe(0);
    key = r.lines.at(-1)!;
    expect(key).toMatch(ISSUED_KEY_PATTERN);
    const idLine = r.lines.find((l) => l.startsWith('id: '))!;
    id = idLine.slice(4);
    expect(id).toMatch(/^key_[A-Za-z0-9]+$/);
    expect(r.out.split(key).length).toBe(2); // shown exactly once
  });

  it('create accepts a name, an own rate limit and an expiry', async () => {
    const r = await mds(
      'keys',
      'create',
      '--plan',
      'api_starter',
      '--name',
      'ci bot',
      '--rate-limit',
      '5',
      '--expires',
      '2099-01-31',
    );
    expect(r.code).toBe(0);
    const id = r.lines.find((l) => l.startsWith('id: '))!.slice(4);
    const [rec] = await storeSql(
      { dbFile },
      'SELECT name, plan_key, rate_limit_per_minute, expires_at FROM api_keys WHERE id = ?',
      [id],
    );
    expect({ ...rec, expires_at: Number(rec.expires_at) }).toEqual({
      name: 'ci bot',
      plan_key: 'api_starter',
      rate_limit_per_minute: 5,
      expires_at: Date.UTC(2099, 0, 31),
    });
  });

  it.each([
    [['keys', 'create'], /--plan/],
    [['keys', 'create', '--plan', 'gold'], /--plan must be one of/],
    [['keys', 'create', '--plan', 'pro', '--rate-limit', '0'], /--rate-limit/],
    [['keys', 'create', '--plan', 'pro', '--expires', 'tomorrow'], /--expires/],
    [['keys', 'create', '--plan', 'pro', '--expires', '2001-01-01'], /future/],
    [['keys', 'subscription', 'key_x', 'cancelled'], /active\|lapsed\|pending\|failed/],
    [['keys', 'frobnicate'], /unknown subcommand/],
  ])('refuses %j with usage and exit code 2', async (args, message) => {
    const r = await mds(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('list shows ids and plans but never a secret', async () => {
    const r = await mds('keys', 'list');
    expect(r.code).toBe(0);
    expect(r.out).toContain(id);
    expect(r.out).toContain('pro');
    expect(r.out).not.toContain(key);
    expect(r.out).not.toContain(key.slice(8));
  });

  it('subscription sets the billing state of the key’s account; revoke ends the key', async () => {
    await withTestApp({ samples: 'none', dbFile }, async (app) => {
      const call = () => rawRequest(app.baseUrl, '/api/seismology/v1/list-earthquakes', { 'x-service-key': key });
      expect((await call()).status).toBe(200);
      expect((await mds('keys', 'subscription', id, 'lapsed')).code).toBe(0);
      expect((await call()).status).toBe(403);
      expect((await mds('keys', 'subscription', id, 'active')).code).toBe(0);
      expect((await call()).status).toBe(200);
      expect((await mds('keys', 'revoke', id)).out).toContain(`revoked ${id}`);
      expect((await call()).status).toBe(401);
      expect((await mds('keys', 'revoke', 'key_missing')).code).toBe(1);
      expect((await mds('keys', 'list')).out).toMatch(new RegExp(`${id}\\t[^\\n]*\\trevoked`));
    });
  });
});

describe('local development key on first start', () => {
  it('is created once on an empty database outside production, saved beside the database', async () => {
    const file = tempDbFile();
    const db = openDatabase(file);
    const keys = new SqliteKeyDirectory(new KeyStore(db.$client));
    const config = testConfig({ DATABASE_PATH: file, NODE_ENV: 'development' });
    const created = (await ensureDevKey(config, keys, Date.now()))!;
    expect(created.key).toMatch(ISSUED_KEY_PATTERN);
    expect(created.file).toBe(path.join(path.dirname(file), '.dev-key'));
    expect(fs.readFileSync(created.file, 'utf8').trim()).toBe(created.key);
    expect(fs.statSync(created.file).mode & 0o077).toBe(0);
    expect(await keys.findById(created.id)).toMatchObject({ planKey: 'enterprise', status: 'active' });
    expect(await ensureDevKey(config, keys, Date.now())).toBeUndefined();
    db.$client.close();
  });

  it('is never created in production, when disabled, or when keys exist', async () => {
    const file = tempDbFile();
    const db = openDatabase(file);
    const keys = new SqliteKeyDirectory(new KeyStore(db.$client));
    expect(
      await ensureDevKey(testConfig({ DATABASE_PATH: file, NODE_ENV: 'production' }), keys, Date.now()),
    ).toBeUndefined();
    expect(await ensureDevKey(testConfig({ DATABASE_PATH: file, DEV_KEY: 'never' }), keys, Date.now())).toBeUndefined();
    expect(fs.existsSync(devKeyFile(file))).toBe(false);
    db.$client.close();
  });

  it('is git-ignored', () => {
    const ignore = fs.readFileSync(path.resolve(__dirname, '../../../.gitignore'), 'utf8').split('\n');
    expect(ignore).toContain('.dev-key');
  });
});
