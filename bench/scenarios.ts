import fs from 'node:fs';
/** The benchmark scenarios. A plain scenario is measured against a bare server with the same bytes. */
export interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  extraArgs?: string[];
  /** Target ratio to the bare baseline. */
  goal?: number;
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
  autocannon: (url: string, headers: Record<string, string>, seconds: number, extra?: string[]) => Promise<{ rps: number; p50: number; p99: number; non2xx: number }>;
  median: (xs: number[]) => number;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** A realistic batch body: every sub-operation answers ~47 KB, as list-earthquakes does. */
const BATCH_OPERATION = '/api/seismology/v1/list-earthquakes';

/** Operations per second through one 20-operation batch versus 20 separate requests. */
/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Operations per second through one 20-operation batch versus 20 separate requests, and the same
 * per CPU-second of the service: with ~1 MB answers the load generator saturates its core before
 * the service does, so the raw ratio measures the client; the per-CPU one measures the service.
 */
async function batchVersusSingle(env: BenchEnv) {
  const base = `http://127.0.0.1:${env.port}`;
  const body = JSON.stringify({ operations: Array.from({ length: 20 }, (_, i) => ({ id: String(i), path: BATCH_OPERATION })) });
  const post = ['-m', 'POST', '-H', 'content-type=application/json', '-b', body];
  await env.autocannon(`${base}${BATCH_OPERATION}`, env.setup.headers, 2);
  await env.autocannon(`${base}/api/batch/v1/execute`, env.setup.headers, 2, post);
  const single: number[] = [];
  const batched: number[] = [];
  const singlePerCpu: number[] = [];
  const batchedPerCpu: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let cpu = cpuSeconds(env.pid);
    const s = await env.autocannon(`${base}${BATCH_OPERATION}`, env.setup.headers, SECONDS);
    singlePerCpu.push((s.rps * SECONDS) / (cpuSeconds(env.pid) - cpu));
    cpu = cpuSeconds(env.pid);
    const b = await env.autocannon(`${base}/api/batch/v1/execute`, env.setup.headers, SECONDS, post);
    batchedPerCpu.push((b.rps * 20 * SECONDS) / (cpuSeconds(env.pid) - cpu));
    single.push(s.rps);
    batched.push(b.rps * 20);
    non2xx += s.non2xx + b.non2xx;
  }
  const singleOps = Math.round(env.median(single));
  const batchOps = Math.round(env.median(batched));
  const singleCpu = Math.round(env.median(singlePerCpu));
  const batchCpu = Math.round(env.median(batchedPerCpu));
  return [
    { scenario: 'batch-20-vs-single', rps: batchOps, bareRps: singleOps, ratio: Math.round((batchOps / singleOps) * 100) / 100, goal: 1.5, non2xx, unit: 'operations/s (batch) vs requests/s (single)' },
    { scenario: 'batch-20-vs-single per service CPU-second', rps: batchCpu, bareRps: singleCpu, ratio: Math.round((batchCpu / singleCpu) * 100) / 100, goal: 1.5, unit: 'operations per CPU-second of the service' },
  ];
}

import { ingestionThroughput, largeSnapshotFilter } from './in-process.js';
import { coldStartAndMemory } from './cold-start.js';
import { twoNodesVersusOne } from './cluster.js';

export const scenarios: Scenario[] = [
  { name: 'list-earthquakes', path: '/api/seismology/v1/list-earthquakes', goal: 0.9 },
  { name: 'list-earthquakes+304', path: '/api/seismology/v1/list-earthquakes', goal: 0.9, conditional: true },
  // A small projection (about 140 bytes): the cost is the pipeline and the projection, not the body.
  { name: 'list-earthquakes+jmespath', path: '/api/seismology/v1/list-earthquakes?jmespath=earthquakes%5B%3A2%5D.%7Bid%3Aid%2Cm%3Amagnitude%7D', goal: 0.7 },
  { name: 'get-chokepoint-status', path: '/api/supply-chain/v1/get-chokepoint-status', goal: 0.9 },
  { name: 'list-acled-events?country (100k rows)', path: '/api/conflict/v1/list-acled-events?country=TR' },
  { name: 'batch-20-vs-single', path: '', run: batchVersusSingle },
  { name: 'acled-country-filter-100k', path: '', run: () => largeSnapshotFilter() },
  { name: 'ingest-100k-earthquakes', path: '', run: () => ingestionThroughput() },
  { name: 'cold-start+rss', path: '', run: (env) => coldStartAndMemory(env.root) as never },
  { name: 'two-nodes-postgres-redis', path: '', run: twoNodesVersusOne },
];
