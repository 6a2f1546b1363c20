import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>`: a server of its own, empty, no persistence. */
  url: string;
  port: number;
  /** Its temporary working directory (nothing is written there but the server's log when it fails). */
  dir: string;
  /** Stops the server (SIGTERM, waits for the exit); connected clients see their connection close. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence), and waits until it accepts commands. */
  restart(): Promise<void>;
  /** Stops it for good and removes its directory. Safe to call twice. */
  close(): Promise<void>;
}

function findServer(): string | undefined {
  for (const dir of (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

let installed: string | undefined;
/** The server binary; the test command installs Debian's package first (scripts/engines.sh), tests never do. */
function ensureInstalled(): string {
  if (installed) return installed;
  const bin = findServer();
  if (!bin) throw new Error('redis-server is not installed: run scripts/engines.sh install, which npm test runs first');
  installed = bin;
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server in the foreground and resolves once it logs that it accepts connections. */
function launch(bin: string, port: number, dir: string, password?: string): Promise<ChildProcess> {
  // No persistence at all: the tests want an empty server after every restart, and no disk writes.
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--protected-mode',
    'yes',
    '--loglevel',
    'notice',
  ];
  if (password) args.push('--requirepass', password);
  const child = spawn(bin, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('redis-server did not report readiness within 10 s')), 10_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        // Keep draining so a chatty server never blocks on a full pipe.
        child.stdout!.resume();
        resolve(child);
      }
    };
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n--- redis-server output ---\n${out.slice(-2000)}`));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`redis-server exited with code ${code} before it was ready`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/**
 * A private redis-server on a free loopback port in a temporary directory, without persistence
 * (`--save ''`, no AOF), with `requirepass` when a password is given. `stop()` and `restart()` (same
 * port) drive the degraded-mode tests. The
 * process is killed when the test process exits, whatever happens to the test.
 */
export async function startRedis(options: { password?: string } = {}): Promise<RunningRedis> {
  const bin = ensureInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-redis-'));
  let port = await freePort();
  let child: ChildProcess;
  try {
    child = await launch(bin, port, dir, options.password);
  } catch {
    // Someone took the port between the probe and the bind: one more try on another one.
    port = await freePort();
    child = await launch(bin, port, dir, options.password);
  }
  let current: ChildProcess | undefined = child;
  const killOnExit = () => current?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    const c = current;
    current = undefined;
    if (!c) return;
    c.kill('SIGTERM');
    await exited(c);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    async restart() {
      await stop();
      current = await launch(bin, port, dir, options.password);
    },
    async close() {
      await stop();
      process.off('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
