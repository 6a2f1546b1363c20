import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPERATOR = 'operator-key-for-shutdown-01';

interface Child {
  proc: ChildProcess;
  port: number;
  stdout: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let child: Child | undefined;
afterEach(() => {
  if (child && child.proc.exitCode === null) child.proc.kill('SIGKILL');
  child = undefined;
});

/** `mds serve` as a real process on a temporary database; resolves once it prints its port. */
async function startServe(dir: string, env: Record<string, string> = {}): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_PATH: path.join(dir, 'mds.db'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEV_KEY: 'never',
      OPERATOR_KEYS: OPERATOR,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}\n${err}`)), 60_000);
    const check = () => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', check);
    void exit.then(() => reject(new Error(`serve exited early:\n${out}\n${err}`)));
  });
  return { proc, port, stdout: () => out, exit };
}

function response(req: ClientRequest): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    req.once('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ res, body }));
    });
    req.once('error', reject);
  });
}

describe('mds serve: SIGTERM', () => {
  it('lets an in-flight request finish, closes the database cleanly and exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-shutdown-'));
    child = await startServe(dir);
    const { port } = child;

    // A request still in flight: its body arrives in two parts, the second after SIGTERM.
    const body = JSON.stringify({ datasets: ['seismology.earthquakes'] });
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/cache-purge',
      headers: {
        'x-service-key': OPERATOR,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    const answered = response(req);
    req.write(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 200));

    child.proc.kill('SIGTERM');
    // Once the signal is handled (it logs, then closes the listener in the same tick)...
    for (let i = 0; i < 200 && !/"msg":"shutting down"/.test(child.stdout()); i++)
      await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 100));
    // ...no new connection is accepted...
    const refused = await response(httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent: false })).then(
      () => false,
      (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
    );
    expect(refused).toBe(true);
    // ...but the process waits for the request already under way.
    expect(child.proc.exitCode).toBeNull();
    req.end(body.slice(5));

    const { res, body: text } = await answered;
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(text).purged.datasets).toEqual(['seismology.earthquakes']);
    expect(res.headers.connection).toBe('close');

    const exit = await child.exit;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(child.stdout()).toMatch(/"msg":"shutting down"/);
    expect(child.stdout()).toMatch(/"msg":"stopped"/);
    // A clean close checkpoints the WAL and removes it.
    expect(fs.existsSync(path.join(dir, 'mds.db-wal'))).toBe(false);
  }, 90_000);

  it('closes connections still busy after the grace period and still exits 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-shutdown-'));
    child = await startServe(dir, { SHUTDOWN_GRACE_MS: '300' });
    const req = httpRequest({
      host: '127.0.0.1',
      port: child.port,
      method: 'POST',
      path: '/api/cache-purge',
      headers: { 'x-service-key': OPERATOR, 'content-type': 'application/json', 'content-length': '100' },
    });
    const answered = response(req).catch((e: Error) => e);
    req.write('{"da');
    await new Promise((r) => setTimeout(r, 200));
    child.proc.kill('SIGTERM');
    const exit = await child.exit;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await answered).toBeInstanceOf(Error);
    expect(child.stdout()).toMatch(/grace period over/);
  }, 90_000);

  it('answers requests arriving on idle keep-alive connections just after the signal, with Connection: close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-shutdown-'));
    child = await startServe(dir);
    const { port } = child;
    const delays = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55];
    // One idle keep-alive connection per delay, each already used once.
    const agents = delays.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
    const get = (agent: Agent) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent });
      const answered = response(req);
      req.end();
      return answered;
    };
    for (const agent of agents) expect((await get(agent)).res.statusCode).toBe(200);

    child.proc.kill('SIGTERM');
    const outcomes = await Promise.all(
      agents.map(async (agent, i) => {
        await new Promise((r) => setTimeout(r, delays[i]));
        return get(agent).then(
          ({ res }) => ({ status: res.statusCode, connection: res.headers.connection }),
          (e: NodeJS.ErrnoException) => ({ error: e.code ?? e.message }),
        );
      }),
    );
    for (const agent of agents) agent.destroy();
    // None is reset: each is answered, and once the shutdown has begun, with Connection: close
    // (the earliest may still have been served before the signal was handled).
    expect(
      outcomes.filter((o) => 'error' in o),
      JSON.stringify(outcomes),
    ).toEqual([]);
    const firstClosed = outcomes.findIndex((o) => 'connection' in o && o.connection === 'close');
    expect(firstClosed, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(0);
    for (const o of outcomes.slice(firstClosed))
      expect(o, JSON.stringify(outcomes)).toMatchObject({ status: 200, connection: 'close' });
    expect(await child.exit).toEqual({ code: 0, signal: null });
  }, 90_000);
});
