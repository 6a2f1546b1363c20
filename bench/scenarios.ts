import fs from 'node:fs';
/** The benchmark scenarios. A plain scenario is measured against a bare server with the same bytes. */
export interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Target ratio to the bare baseline. */
  goal?: number;
  /** The baseline: bare express (default, the issue's) or `node`, node:http with no framework (for reference). */
  bare?: 'node';
  /** Send the answer's ETag as If-None-Match to both servers: a 304 measured against a bare 304. */
  conditional?: boolean;
  /** A custom measurement (batch vs single, ingestion throughput...) instead of the paired one. */
  run?: (env: BenchEnv) => Promise<Record<string, unknown> | Record<string, unknown>[]>;
}

export interface BenchEnv {
  port: number;
  /** The service's process (taskset execs into node, so this is the server itself). */
  pid: number;
  setup: { headers: Record<string, string> };
  root: string;
  /** Drives `url` for `seconds` from the load generator's core (GET unless the request says otherwise). */
  load: (
    url: string,
    headers: Record<string, string>,
    seconds: number,
    request?: { method?: string; body?: string },
  ) => Promise<{ rps: number; p50: number; p99: number; non2xx: number }>;
  median: (xs: number[]) => number;
  /** Starts a bare express server answering these bytes (see bare.ts); the caller kills `proc`. */
  startBare: (
    body: Buffer,
    contentType: string,
    etag: string,
  ) => Promise<{ url: string; proc: import('node:child_process').ChildProcess }>;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** A realistic batch body: every sub-operation answers ~47 KB, as list-earthquakes does. */
const BATCH_OPERATION = '/api/seismology/v1/list-earthquakes';

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Operations per second through one 20-operation batch against single requests for the same answer
 * from the bare server (the baseline) and from the service itself, and the same per
 * CPU-second of each server process (what an operation costs, whoever the bottleneck is).
 */
async function batchVersusSingle(env: BenchEnv) {
  const base = `http://127.0.0.1:${env.port}`;
  const body = JSON.stringify({
    operations: Array.from({ length: 20 }, (_, i) => ({ id: String(i), path: BATCH_OPERATION })),
  });
  const post = { method: 'POST', body };
  const postHeaders = { ...env.setup.headers, 'content-type': 'application/json' };
  const sample = await fetch(`${base}${BATCH_OPERATION}`, {
    headers: { ...env.setup.headers, 'accept-encoding': 'identity' },
  });
  const bare = await env.startBare(
    Buffer.from(await sample.arrayBuffer()),
    sample.headers.get('content-type') ?? 'application/json',
    sample.headers.get('etag') ?? '',
  );
  try {
    await env.load(bare.url, {}, 2);
    await env.load(`${base}${BATCH_OPERATION}`, env.setup.headers, 2);
    await env.load(`${base}/api/batch/v1/execute`, postHeaders, 2, post);
    const rounds = {
      bare: [] as number[],
      single: [] as number[],
      batched: [] as number[],
      barePerCpu: [] as number[],
      batchedPerCpu: [] as number[],
    };
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let cpu = cpuSeconds(bare.proc.pid!);
      const b = await env.load(bare.url, {}, SECONDS);
      rounds.barePerCpu.push((b.rps * SECONDS) / (cpuSeconds(bare.proc.pid!) - cpu));
      const s = await env.load(`${base}${BATCH_OPERATION}`, env.setup.headers, SECONDS);
      cpu = cpuSeconds(env.pid);
      const m = await env.load(`${base}/api/batch/v1/execute`, postHeaders, SECONDS, post);
      rounds.batchedPerCpu.push((m.rps * 20 * SECONDS) / (cpuSeconds(env.pid) - cpu));
      rounds.bare.push(b.rps);
      rounds.single.push(s.rps);
      rounds.batched.push(m.rps * 20);
      non2xx += s.non2xx + m.non2xx;
    }
    const med = (xs: number[]) => Math.round(env.median(xs));
    const ratio = (x: number, y: number) => Math.round((x / y) * 100) / 100;
    const batchOps = med(rounds.batched);
    return [
      {
        scenario: 'batch-20-vs-single',
        rps: batchOps,
        bareRps: med(rounds.bare),
        ratio: ratio(batchOps, med(rounds.bare)),
        goal: 1.5,
        non2xx,
        unit: 'operations/s (batch) vs bare requests/s',
      },
      {
        scenario: "batch-20 vs the service's own single requests",
        rps: batchOps,
        bareRps: med(rounds.single),
        ratio: ratio(batchOps, med(rounds.single)),
        unit: 'operations/s (batch) vs service requests/s',
      },
      {
        scenario: 'batch-20-vs-single per CPU-second',
        rps: med(rounds.batchedPerCpu),
        bareRps: med(rounds.barePerCpu),
        ratio: ratio(med(rounds.batchedPerCpu), med(rounds.barePerCpu)),
        goal: 1.5,
        unit: 'operations per CPU-second (service batch vs bare single)',
      },
    ];
  } finally {
    bare.proc.kill('SIGTERM');
  }
}

import { ingestionThroughput, largeSnapshotFilter } from './in-process.js';
import { coldStartAndMemory } from './cold-start.js';
import { twoNodesVersusOne } from './cluster.js';
import { clientConsumerTypecheck } from './client-typecheck.js';
import { historyAsOf } from './history.js';

export const scenarios: Scenario[] = [
  { name: 'list-earthquakes', path: '/api/seismology/v1/list-earthquakes', goal: 0.9 },
  { name: 'list-earthquakes+304', path: '/api/seismology/v1/list-earthquakes', goal: 0.9, conditional: true },
  // A small projection (about 140 bytes): the cost is the pipeline and the projection, not the body.
  {
    name: 'list-earthquakes+jmespath',
    path: '/api/seismology/v1/list-earthquakes?jmespath=earthquakes%5B%3A2%5D.%7Bid%3Aid%2Cm%3Amagnitude%7D',
    goal: 0.7,
  },
  { name: 'get-chokepoint-status', path: '/api/supply-chain/v1/get-chokepoint-status', goal: 0.9 },
  // For reference: the same answer from node:http with no framework at all, the floor of any node server.
  { name: 'list-earthquakes vs bare node:http', path: '/api/seismology/v1/list-earthquakes', bare: 'node' },
  {
    name: 'list-earthquakes+304 vs bare node:http',
    path: '/api/seismology/v1/list-earthquakes',
    bare: 'node',
    conditional: true,
  },
  { name: 'list-acled-events?country (100k rows)', path: '/api/conflict/v1/list-acled-events?country=TR' },
  { name: 'batch-20-vs-single', path: '', run: batchVersusSingle },
  { name: 'acled-country-filter-100k', path: '', run: () => largeSnapshotFilter() },
  { name: 'ingest-100k-earthquakes', path: '', run: () => ingestionThroughput() },
  { name: 'history-30d-hourly-10-largest', path: '', run: () => historyAsOf() },
  { name: 'cold-start+rss', path: '', run: (env) => coldStartAndMemory(env.root) as never },
  { name: 'two-nodes-postgres-redis', path: '', run: twoNodesVersusOne },
  // Not the service: how fast a frontend type-checks calls through the packed client package.
  { name: 'client-consumer-typecheck', path: '', run: () => clientConsumerTypecheck() },
];
