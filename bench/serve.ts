/**
 * The service under test for benchmarks: the real app on a temporary database with every bundled
 * sample loaded, production settings, listening on an ephemeral port which it prints on stderr.
 * Request logging stays on (LOG_LEVEL=info, the production default, written to stdout through the
 * production logger; the bench sends stdout to a file), so the measured path is the one operators run.
 * Setup hooks (extra keys, large synthetic snapshots) come from bench/setup.ts.
 */
import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { buildApp } from '../src/app.js';
import { ALL_DATASETS } from '../src/root/datasets.js';
import { loadSamplesWhereEmpty } from '../src/platform/snapshots/first-run.js';
import { prepareBench } from './setup.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bench-'));
const config = testConfig({
  NODE_ENV: 'production',
  DATABASE_PATH: path.join(dir, 'bench.db'),
  LOG_LEVEL: (process.env.BENCH_LOG_LEVEL ?? 'info') as 'info',
  RATE_POLICY_OVERRIDES: 'batch=1000000000,list-market-quotes=1000000000,get-resilience-ranking=1000000000',
});
const deps = createDeps(config);
await loadSamplesWhereEmpty(ALL_DATASETS, deps.store, deps.runner);
const extras = await prepareBench(deps);
const { handler } = buildApp(deps);
const server = createServer(handler).listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stderr.write(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
  process.stderr.write(`SETUP ${JSON.stringify(extras)}\n`);
});
process.on('SIGTERM', () =>
  server.close(() => {
    deps.db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
