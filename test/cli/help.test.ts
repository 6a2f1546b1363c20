import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { tempDbFile } from '../support/app.js';
import { mds as run } from '../support/cli.js';

const env = { DATABASE_PATH: tempDbFile(), NODE_ENV: 'test' };
const mds = (...args: string[]) => run(args, env);

describe('mds --version and --help', () => {
  it.each([['--version'], ['-v'], ['version']])('%s prints the package version', async (flag) => {
    const r = await mds(flag);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(VERSION);
  });

  it.each([
    ['serve', /usage: mds serve/],
    ['migrate', /usage: mds migrate/],
    ['ingest', /usage: mds ingest/],
    ['keys', /usage: mds keys/],
  ])('mds %s --help prints its usage and exits 0 without doing anything', async (command, usage) => {
    for (const flag of ['--help', '-h']) {
      const r = await mds(command, flag);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(usage);
      expect(r.err).toBe('');
    }
  });

  it.each([['create'], ['list'], ['revoke'], ['subscription']])(
    'mds keys %s --help prints the keys usage',
    async (sub) => {
      const r = await mds('keys', sub, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/usage: mds keys/);
    },
  );

  it('mds --help lists every command', async () => {
    const r = await mds('--help');
    expect(r.code).toBe(0);
    for (const c of ['serve', 'migrate', 'ingest', 'keys', '--version']) expect(r.out).toContain(c);
  });
});

describe('mds keys list --json', () => {
  it('prints the keys as a JSON array without their secrets', async () => {
    const created = await mds('keys', 'create', '--plan', 'pro', '--name', 'json test');
    expect(created.code).toBe(0);
    const secret = created.out.trimEnd().split('\n').at(-1)!;
    const r = await mds('keys', 'list', '--json');
    expect(r.code).toBe(0);
    const keys = JSON.parse(r.out) as Record<string, unknown>[];
    expect(Array.isArray(keys)).toBe(true);
    const mine = keys.find((k) => k.name === 'json test');
    expect(mine).toMatchObject({ planKey: 'pro', status: 'active', prefix: expect.any(String) });
    expect(typeof mine!.id).toBe('string');
    expect(r.out).not.toContain(secret);
  });
});

describe('the mds command (bin/mds.js) as a process', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  // A hook that records every module the process loads, so the test can say what --version touched.
  const loaded = (args: string[]) => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bin-')), 'modules.txt');
    const hook = `data:text/javascript,${encodeURIComponent(
      `import fs from 'node:fs'; export async function resolve(s, c, next) { const r = await next(s, c); fs.appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }`,
    )}`;
    const register = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(hook)});`)}`;
    const r = spawnSync(process.execPath, ['--import', register, path.join(ROOT, 'bin', 'mds.js'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      timeout: 60_000,
    });
    return { ...r, modules: fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  };

  it.each([['--version'], ['--help']])('%s answers without loading the application', (flag) => {
    const r = loaded([flag]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      flag === '--version' ? new RegExp(`^${VERSION.replaceAll('.', '\\.')}\\n$`) : /usage: mds/,
    );
    const app = r.modules.filter((m) => /\/src\/(services|http|root|trpc)\/|\/src\/app\.|\/src\/deps\./.test(m));
    expect(app).toEqual([]);
  });
});
