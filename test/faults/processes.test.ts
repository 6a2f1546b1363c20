import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';

/**
 * `mds serve` as a real child process: a broken database file at start, and SIGTERM under load.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPERATOR = 'operator-key-for-fault-tests-01';
/** A second credential, so the load's rate limit (1000 a minute) cannot refuse the request in flight. */
const OPERATOR_2 = 'operator-key-for-fault-tests-02';

interface Served {
  proc: ChildProcess;
  out: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let running: ChildProcess | undefined;
afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
});

function serve(dbFile: string, env: Record<string, string> = {}): Served {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_PATH: dbFile,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEV_KEY: 'never',
      LOAD_SAMPLES: 'never',
      OPERATOR_KEYS: `${OPERATOR},${OPERATOR_2}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = proc;
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c));
  proc.stderr!.on('data', (c: Buffer) => (out += c));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, out: () => out, exit };
}

async function portOf(s: Served): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(s.out());
    if (m) return Number(m[1]);
    if (s.proc.exitCode !== null) throw new Error(`serve exited early:\n${s.out()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`serve did not start:\n${s.out()}`);
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  ]);
}

describe('a broken database file at start', () => {
  function healthyDb(dir: string): string {
    const file = path.join(dir, 'mds.db');
    const db = openDatabase(file);
    // Enough pages that a truncation cuts real data.
    db.$client.exec('CREATE TABLE IF NOT EXISTS filler (x TEXT)');
    const insert = db.$client.prepare('INSERT INTO filler (x) VALUES (?)');
    for (let i = 0; i < 400; i++) insert.run('f'.repeat(1000));
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    return file;
  }

  it.each([
    ['filled with junk', (file: string) => fs.writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a))],
    ['truncated to a third', (file: string) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 3))],
    [
      'with a damaged header',
      (file: string) => {
        const fd = fs.openSync(file, 'r+');
        fs.writeSync(fd, Buffer.from('this is not sqlite'), 0, 18, 0);
        fs.closeSync(fd);
      },
    ],
  ])(
    '%s: exits non-zero with a clear message and leaves the file as it was',
    async (_label, damage) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-corrupt-'));
      const file = healthyDb(dir);
      damage(file);
      const before = fs.readFileSync(file);
      const s = serve(file);
      const exit = await withTimeout(s.exit, 60_000, 'serve on a broken file');
      expect(exit.code, s.out()).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(s.out()).toMatch(/cannot open database .*mds\.db/);
      expect(s.out()).not.toMatch(/listening on/);
      // Never silently replaced by a fresh, empty database.
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    },
    90_000,
  );
});

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, answers no 5xx, and exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-sigterm-'));
    // The grace is generous: on a loaded machine the listener may take seconds to close after the
    // signal, and a grace that ran out first would cut the in-flight request (a reset, not a defect).
    const s = serve(path.join(dir, 'mds.db'), { LOAD_SAMPLES: 'auto', SHUTDOWN_GRACE_MS: '30000' });
    const port = await portOf(s);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const get = (p: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: p, agent, headers: { 'x-service-key': OPERATOR } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
      });

    const statuses = new Map<number, number>();
    const connectionErrors = new Map<string, number>();
    let stop = false;
    const paths = [
      '/api/seismology/v1/list-earthquakes',
      '/api/supply-chain/v1/get-chokepoint-status',
      '/api/conflict/v1/list-acled-events?country=UA',
      '/api/market/v1/list-market-quotes',
    ];
    const worker = async (w: number) => {
      for (let i = 0; i < 5000 && !stop; i++) {
        try {
          const status = await get(paths[(w + i) % paths.length]);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
          connectionErrors.set(code, (connectionErrors.get(code) ?? 0) + 1);
          if (code === 'ECONNREFUSED') return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));

    // A request in flight across the signal: its body is completed only after SIGTERM.
    const body = JSON.stringify({
      operations: [
        { id: 'a', path: '/api/seismology/v1/list-earthquakes?page_size=2' },
        { id: 'b', path: '/api/economic/v1/get-bis-policy-rates' },
      ],
    });
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/batch/v1/execute',
      agent: false,
      headers: {
        'x-service-key': OPERATOR_2,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        // The server's 100 Continue proves it has read the request line and headers: from then on the
        // request is in flight (never an idle connection the shutdown may close), however loaded the machine.
        expect: '100-continue',
      },
    });
    const continued = new Promise<void>((resolve) => slow.once('continue', () => resolve()));
    slow.flushHeaders();
    const slowAnswer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.once('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.once('error', reject);
    });
    // Held as a settled value so a failure is reported by the assertion below, not as an unhandled rejection.
    const slowResult = slowAnswer.then(
      (a) => a,
      (e: Error) => e,
    );
    await withTimeout(continued, 30_000, 'the server reading the in-flight request');
    slow.write(body.slice(0, 10));

    await new Promise((r) => setTimeout(r, 700));
    const servedBefore = [...statuses.values()].reduce((a, b) => a + b, 0);
    s.proc.kill('SIGTERM');
    // The signal has been handled once the listener refuses new connections (logs are buffered, so not those).
    for (let i = 0; i < 200 && !(await refusesConnections(port)); i++) await new Promise((r) => setTimeout(r, 25));
    slow.end(body.slice(10));

    const answer = await withTimeout(slowResult, 30_000, 'the in-flight batch');
    if (answer instanceof Error)
      throw new Error(`the request in flight failed: ${answer.message}\n${s.out().slice(-3000)}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).results.map((r: { status: number }) => r.status)).toEqual([200, 200]);

    const exit = await withTimeout(s.exit, 40_000, 'exit after SIGTERM');
    stop = true;
    await withTimeout(load, 20_000, 'the load workers');
    agent.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(servedBefore).toBeGreaterThan(20);
    // Answers were successes (or rate-limit refusals: the load outruns 1000 a minute); the rest is connections refused or closed, never a 5xx.
    expect(
      [...statuses.keys()].filter((st) => st !== 200 && st !== 429),
      JSON.stringify([...statuses]),
    ).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(20);
    for (const code of connectionErrors.keys())
      expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']).toContain(code);
    expect(s.out()).toMatch(/"msg":"stopped"/);
  }, 120_000);
});
