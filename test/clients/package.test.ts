import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClient,
  CONSUMER_CALLS,
  createConsumer,
  lintTarball,
  packClient,
  PACKAGE_DIR,
  typecheckConsumer,
  type ConsumerResolution,
} from '../../scripts/client-package.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { startTestApp } from '../support/app.js';

/**
 * The client package as a consumer gets it: built afresh from the server's sources (so it cannot
 * drift from them), packed with `npm pack`, linted as a tarball, installed into projects outside the
 * repository that type-check the README's three calls. Speed is `npm run bench`'s business (its
 * client-consumer-typecheck row); the time is printed here.
 */
describe('the client package (@monitoring-data-service/client)', () => {
  let work: string;
  let tarball: string;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'mds-client-package-'));
    const stage = path.join(work, 'package');
    mkdirSync(stage);
    buildClient(stage);
    tarball = packClient(stage, work);
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships its declarations, its module, its README and package.json, and nothing else', () => {
    const listed = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(listed.sort()).toEqual(
      [
        'package/README.md',
        'package/dist/app-router.d.ts',
        'package/dist/index.d.ts',
        'package/dist/index.js',
        'package/dist/openapi.d.ts',
        'package/package.json',
      ].sort(),
    );
    console.log(`${path.basename(tarball)}: ${statSync(tarball).size} bytes packed`);
  });

  it('declares the router with no reference to the server’s modules', () => {
    const stage = path.join(work, 'package');
    const router = readFileSync(path.join(stage, 'dist', 'app-router.d.ts'), 'utf8');
    const modules = new Set(
      [...router.matchAll(/import\("([^"]+)"\)|^(?:import|export)\b[^\n]*\bfrom ['"]([^'"]+)['"]/gm)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    expect([...modules]).toEqual(['@trpc/server']);
    expect(router).toContain('export type AppRouter = typeof appRouter;');
    // Served from the repository's package folder, the name and entry points are the packed ones.
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('@monitoring-data-service/client');
    expect(Object.keys(manifest.exports['.'])[0]).toBe('types');
  });

  it('passes publint and @arethetypeswrong/cli', () => {
    const { publint, attw } = lintTarball(tarball);
    expect(publint.ok, publint.output).toBe(true);
    expect(publint.output).toContain('All good!');
    expect(attw.ok, attw.output).toBe(true);
  }, 120_000);

  it.each<ConsumerResolution>(['NodeNext', 'bundler'])(
    'type-checks the three calls in a consumer project outside the repository (%s resolution)',
    (resolution) => {
      const dir = path.join(work, `consumer-${resolution}`);
      createConsumer(tarball, dir, resolution);
      expect(path.relative(path.resolve(PACKAGE_DIR, '..', '..'), dir).startsWith('..')).toBe(true);
      const check = typecheckConsumer(dir);
      console.log(`consumer type-check (${resolution}): ${check.ms} ms`);
      expect(check.output).toBe('');
      expect(check.ok).toBe(true);
    },
    120_000,
  );

  it('fails the consumer’s check when a call is wrong (the check can fail)', () => {
    const calls = readFileSync(CONSUMER_CALLS, 'utf8');
    // Without the expectation of an error, the wrong call is reported.
    const without = calls.replace(/^\/\/ @ts-expect-error.*\n/m, '');
    expect(without).not.toBe(calls);
    const probe = path.join(work, 'consumer-probe');
    createConsumer(tarball, probe, 'NodeNext');
    writeFileSync(path.join(probe, 'calls.ts'), without);
    const check = typecheckConsumer(probe);
    expect(check.ok).toBe(false);
    expect(check.output).toContain("Type 'string' is not assignable to type 'number'");
  }, 120_000);

  it('runs: the packed module’s createMdsClient calls the service with the key as X-Service-Key', async () => {
    const dir = path.join(work, 'consumer-NodeNext');
    // A plain ES module in the consumer project, so the import resolves as the consumer's would.
    writeFileSync(
      path.join(dir, 'run.mjs'),
      [
        "import { createMdsClient } from '@monitoring-data-service/client';",
        'const [baseUrl, key] = process.argv.slice(2);',
        "const { data, response } = await createMdsClient({ baseUrl, key }).GET('/api/seismology/v1/list-earthquakes', {",
        '  params: { query: { page_size: 2 } },',
        '});',
        'console.log(JSON.stringify({ status: response.status, earthquakes: data?.earthquakes.length }));',
      ].join('\n'),
    );
    const app = await startTestApp({ samples: [earthquakesDataset] });
    try {
      const run = async (key: string) =>
        JSON.parse((await promisify(execFile)(process.execPath, ['run.mjs', app.baseUrl, key], { cwd: dir })).stdout);
      expect(await run(app.defaultKey.key)).toEqual({ status: 200, earthquakes: 2 });
      expect(await run('not-a-key')).toEqual({ status: 401 });
    } finally {
      await app.close();
    }
  }, 60_000);
});
