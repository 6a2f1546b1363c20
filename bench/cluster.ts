/**
 * Two `mds serve` nodes sharing PostgreSQL (keys, snapshots) and Redis (rate limits), against the
 * single SQLite node the other scenarios measure: the same operation, the same key settings, the
 * same request log, two load generators (one per node) against one. Private PostgreSQL and Redis
 * servers come from the test harness (installed from Debian where missing).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../test/support/engines/postgres.js';
import { startRedis } from '../test/support/engines/redis.js';
import type { BenchEnv } from './scenarios.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const OPERATION = '/api/seismology/v1/list-earthquakes';

function mds(root: string, env: Record<string, string>, args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(root, 'dist/src/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`mds ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

async function node(
  root: string,
  env: Record<string, string>,
  log: string,
): Promise<{ proc: ChildProcess; port: number }> {
  const out = fs.openSync(log, 'a');
  const proc = spawn(process.execPath, [path.join(root, 'dist/src/main.js'), 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEV_KEY: 'never',
      LOAD_SAMPLES: 'never',
    },
    stdio: ['ignore', out, 'pipe'],
  });
  fs.closeSync(out);
  // The listening line goes to stdout with the request log: read it back from the file.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(fs.readFileSync(log, 'utf8'));
    if (m) return { proc, port: Number(m[1]) };
    if (proc.exitCode !== null) throw new Error(`node exited early: ${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error('node did not start');
}

export async function twoNodesVersusOne(env: BenchEnv) {
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bench-cluster-'));
  const shared = { DATABASE_URL: pg.url, REDIS_URL: redis.url };
  const nodes: ChildProcess[] = [];
  try {
    mds(env.root, { ...shared, DATABASE_PATH: path.join(dir, 'ingest.db') }, [
      'ingest',
      'seismology.earthquakes',
      '--samples',
    ]);
    const created = mds(env.root, { ...shared, DATABASE_PATH: path.join(dir, 'keys.db') }, [
      'keys',
      'create',
      '--plan',
      'enterprise',
      '--rate-limit',
      '1000000000',
    ]);
    const key = /^(mds_\S+)$/m.exec(created)![1];
    const started = await Promise.all(
      [0, 1].map((i) =>
        node(env.root, { ...shared, DATABASE_PATH: path.join(dir, `node${i}.db`) }, path.join(dir, `node${i}.log`)),
      ),
    );
    nodes.push(...started.map((n) => n.proc));
    const headers = { 'x-service-key': key };
    const urls = started.map((n) => `http://127.0.0.1:${n.port}${OPERATION}`);
    for (const u of urls) await env.load(u, headers, 2);
    const one: number[] = [];
    const two: number[] = [];
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const single = await env.load(`http://127.0.0.1:${env.port}${OPERATION}`, env.setup.headers, SECONDS);
      const pair = await Promise.all(urls.map((u) => env.load(u, headers, SECONDS)));
      one.push(single.rps);
      two.push(pair.reduce((n, m) => n + m.rps, 0));
      non2xx += single.non2xx + pair.reduce((n, m) => n + m.non2xx, 0);
    }
    const oneNode = Math.round(env.median(one));
    const twoNodes = Math.round(env.median(two));
    return {
      scenario: 'two-nodes-postgres-redis',
      rps: twoNodes,
      bareRps: oneNode,
      ratio: Math.round((twoNodes / oneNode) * 100) / 100,
      non2xx,
      unit: 'req/s (two nodes, Redis limits) vs one SQLite node',
    };
  } finally {
    for (const p of nodes) p.kill('SIGTERM');
    await Promise.all([pg.stop(), redis.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
