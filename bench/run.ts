/**
 * `npm run bench`: every scenario against the real service and a bare express 5 server returning
 * the same bytes with the same Content-Type and ETag (a 304 against a bare 304), measured in the same
 * run with wrk (scripts/engines.sh bench installs it) in a separate process, rounds alternating
 * between the two; a scenario's ratio is the median of its paired rounds (service round / the bare
 * round before it), printed with their range and, in the JSON, the ratio of the two medians. The
 * service logs every request (LOG_LEVEL=info into a file). Servers are pinned to CPU 0 and the load
 * generator to CPU 1 when `taskset` exists, to cut noise on 2 cores. Prints a table and writes
 * bench/results/latest.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarios, type Scenario } from './scenarios.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAS_TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY?.split(',');

function pinned(cpu: number, cmd: string, args: string[]) {
  return HAS_TASKSET ? { cmd: 'taskset', args: ['-c', String(cpu), cmd, ...args] } : { cmd, args };
}

/**
 * Starts a bench server; it announces `PORT n` (and, for the service, `SETUP {...}`) on stderr.
 * The service's stdout (its request log) goes to `logFile`, so logging costs what it costs in production.
 */
async function startServer(
  script: string,
  args: string[] = [],
  logFile?: string,
): Promise<{ proc: ChildProcess; port: number; setup: any }> {
  // Compiled JavaScript, as a production deployment runs the service (both servers alike); built once by main().
  const compiled = path.join(ROOT, 'dist', script.replace(/\.ts$/, '.js'));
  const { cmd, args: full } = pinned(0, process.execPath, [compiled, ...args]);
  const stdout = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const proc = spawn(cmd, full, {
    cwd: ROOT,
    stdio: ['ignore', stdout, 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (typeof stdout === 'number') fs.closeSync(stdout);
  return await new Promise((resolve, reject) => {
    let buf = '';
    let port = 0;
    let announced = false;
    proc.stderr!.on('data', (chunk) => {
      if (announced) {
        process.stderr.write(chunk);
        return;
      }
      buf += chunk;
      const p = /PORT (\d+)/.exec(buf);
      if (p) port = Number(p[1]);
      const s = /SETUP (.*)\n/.exec(buf);
      if (port && (s || script.endsWith('bare.ts'))) {
        announced = true;
        resolve({ proc, port, setup: s ? JSON.parse(s[1]) : {} });
      }
    });
    proc.once('exit', (code) => reject(new Error(`${script} exited early with ${code}: ${buf.slice(-2000)}`)));
  });
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** A request other than a plain GET: the batch scenario posts a JSON body. */
export interface LoadRequest {
  method?: string;
  body?: string;
}

/**
 * The load generator: wrk (C, one thread on its own core). autocannon parses answers in JavaScript and
 * tops out near 700 MB/s on one core, below what even a bare node server sends 1 MB answers at, so
 * with large bodies it measured itself; wrk reaches several GB/s and leaves the servers the bottleneck.
 */
function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  request: LoadRequest = {},
): Promise<Measure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-wrk-'));
  const script = path.join(dir, 'request.lua');
  const lines: string[] = [];
  if (request.method) lines.push(`wrk.method = ${JSON.stringify(request.method)}`);
  if (request.body !== undefined) {
    fs.writeFileSync(path.join(dir, 'body'), request.body);
    lines.push(
      `local f = io.open(${JSON.stringify(path.join(dir, 'body'))}, "rb")`,
      'wrk.body = f:read("*a")',
      'f:close()',
    );
  }
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  // wrk counts answers with a status above 399 in errors.status.
  lines.push(
    'done = function(summary, latency, requests)',
    '  io.write(string.format("WRK %d %d %d %d %d %d\\n", summary.requests, summary.duration, summary.errors.status,',
    '    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
  );
  fs.writeFileSync(script, lines.join('\n'));
  const { cmd, args } = pinned(1, 'wrk', [
    '-t',
    '1',
    '-c',
    String(CONNECTIONS),
    '-d',
    `${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    url,
  ]);
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (c) => (out += c));
    proc.stderr.on('data', (c) => (out += c));
    proc.once('error', reject);
    proc.once('exit', () => {
      fs.rmSync(dir, { recursive: true, force: true });
      const m = /WRK (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out);
      if (!m) return reject(new Error(`wrk gave no summary: ${out.slice(-500)}`));
      const [requests, durationUs, statusErrors, socketErrors, p50Us, p99Us] = m.slice(1).map(Number);
      resolve({
        rps: requests / (durationUs / 1e6),
        p50: p50Us / 1000,
        p99: p99Us / 1000,
        non2xx: statusErrors + socketErrors,
      });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A bare express server answering GET /bare with these bytes, this Content-Type and this ETag. */
async function startBare(
  body: Buffer,
  contentType: string,
  etag: string,
  mode?: 'node',
): Promise<{ url: string; proc: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bare-')), 'body');
  fs.writeFileSync(file, body);
  const bare = await startServer('bench/bare.ts', [file, contentType, etag, ...(mode ? [mode] : [])]);
  return { url: `http://127.0.0.1:${bare.port}/bare`, proc: bare.proc };
}

async function measurePair(s: Scenario, service: { port: number; setup: any }) {
  const headers: Record<string, string> = { ...(service.setup.headers ?? {}), ...(s.headers ?? {}) };
  const serviceUrl = `http://127.0.0.1:${service.port}${s.path}`;
  // The load generator asks for no compression, so the identity variant (its bytes and its tag) is the answer measured.
  const sample = await fetch(serviceUrl, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await sample.arrayBuffer());
  const etag = sample.headers.get('etag') ?? '';
  if (s.conditional) {
    if (!etag) throw new Error(`${s.name}: the service sent no ETag`);
    headers['if-none-match'] = etag;
  }
  const bareHeaders: Record<string, string> = s.conditional ? { 'if-none-match': etag } : {};
  const bare = await startBare(body, sample.headers.get('content-type') ?? 'application/json', etag, s.bare);
  const bareUrl = bare.url;
  const check = await fetch(bareUrl, { headers: bareHeaders });
  await check.arrayBuffer();
  const expectedStatus = s.conditional ? 304 : 200;
  if (check.status !== expectedStatus)
    throw new Error(`${s.name}: the bare server answered ${check.status}, expected ${expectedStatus}`);
  try {
    await load(bareUrl, bareHeaders, 2);
    await load(serviceUrl, headers, 2);
    const b: Measure[] = [];
    const v: Measure[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      b.push(await load(bareUrl, bareHeaders, SECONDS));
      v.push(await load(serviceUrl, headers, SECONDS));
    }
    const row = {
      scenario: s.name,
      status: s.conditional ? 304 : sample.status,
      bytes: body.length,
      bareRps: Math.round(median(b.map((m) => m.rps))),
      rps: Math.round(median(v.map((m) => m.rps))),
      p50: median(v.map((m) => m.p50)),
      p99: median(v.map((m) => m.p99)),
      bareP50: median(b.map((m) => m.p50)),
      bareP99: median(b.map((m) => m.p99)),
      non2xx: v.reduce((a, m) => a + m.non2xx, 0),
      ratio: 0,
      goal: s.goal,
      // Each service round against the bare round just before it: the machine's drift over the run
      // (thermal, other processes) falls on both sides of a pair alike.
      roundRatios: v.map((m, i) => Math.round((m.rps / b[i].rps) * 100) / 100),
      ratioOfMedians: Math.round((median(v.map((m) => m.rps)) / median(b.map((m) => m.rps))) * 100) / 100,
    };
    row.ratio = median(row.roundRatios);
    return row;
  } finally {
    bare.proc.kill('SIGTERM');
  }
}

async function main() {
  // wrk (and the engines of the two-node scenario) from Debian's packages, as the tests install theirs.
  const tools = spawnSync('bash', [path.join(ROOT, 'scripts', 'engines.sh'), 'bench'], { cwd: ROOT, stdio: 'inherit' });
  if (tools.status !== 0) throw new Error('scripts/engines.sh bench failed: wrk is needed');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  console.log(
    `bench: ${ROUNDS} rounds x ${SECONDS}s, ${CONNECTIONS} connections, taskset ${HAS_TASKSET ? 'on (server cpu0, load cpu1)' : 'unavailable'}`,
  );
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bench-log-'));
  const logFile = path.join(logDir, 'service.log');
  const service = await startServer('bench/serve.ts', [], logFile);
  const rows: any[] = [];
  try {
    for (const s of scenarios) {
      if (ONLY && !ONLY.includes(s.name)) continue;
      const before = rows.length;
      if (s.run)
        rows.push(
          ...[
            await s.run({
              port: service.port,
              pid: service.proc.pid!,
              setup: service.setup,
              root: ROOT,
              load,
              median,
              startBare,
            }),
          ].flat(),
        );
      else rows.push(await measurePair(s, service));
      for (const r of rows.slice(before)) console.log(JSON.stringify(r));
    }
  } finally {
    service.proc.kill('SIGTERM');
  }
  const logLines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0;
  console.log(`service request log: ${logLines} lines (${logFile})`);
  console.log('\n| scenario | result | baseline | ratio | goal | rounds | p50 / p99 ms | bare p50 / p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const result = r.unit ? `${r.rps ?? r.value} ${r.unit}` : `${r.rps} req/s`;
    const baseline = r.bareRps !== undefined ? `${r.bareRps}${r.unit ? '' : ' req/s'}` : '';
    const lat = r.p50 !== undefined ? `${r.p50} / ${r.p99}` : '';
    const bareLat = r.bareP50 !== undefined ? `${r.bareP50} / ${r.bareP99}` : '';
    const rounds = r.roundRatios ? `${Math.min(...r.roundRatios)}-${Math.max(...r.roundRatios)}` : '';
    console.log(
      `| ${r.scenario} | ${result} | ${baseline} | ${r.ratio ?? ''} | ${r.goal ?? ''} | ${rounds} | ${lat} | ${bareLat} |`,
    );
  }
  const outDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, rows }, null, 2),
  );
  console.log(`\nwritten bench/results/latest.json`);
}

await main();
