import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPgDatabase } from '../../../db/pg/client.js';

const run = promisify(execFile);

export interface RunningPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/mds`: a database of its own, empty. */
  url: string;
  /** The temporary directory holding the cluster, its log and its unix socket. */
  dir: string;
  /** Creates one more database on the same server, empty or a copy of `template`, and returns its URL (a fresh store per test). */
  createDatabase(name: string, template?: string): Promise<string>;
  /** Stops the server (fast shutdown: every session is closed) and starts it again on the same data and port. */
  restart(): Promise<void>;
  /** Stops the server at once and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

/** Debian keeps each major version's server binaries under /usr/lib/postgresql/<major>/bin; the newest wins. */
function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const majors = fs
    .readdirSync(root)
    .filter(
      (v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

let installed: string | undefined;
/** The server binaries; the test command installs Debian's package first (scripts/engines.sh), tests never do. */
function ensureInstalled(): string {
  if (installed) return installed;
  const bin = findBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/<major>/bin/initdb): run scripts/engines.sh install, which npm test runs first',
    );
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

/** The server refuses to run as root: as root every command runs as Debian's `postgres` user. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [bin, args];
  return ['runuser', ['-u', 'postgres', '--', bin, ...args]];
}

async function serverCommand(bin: string, args: string[], what: string, logFile?: string): Promise<void> {
  const [cmd, argv] = asServerUser(bin, args);
  try {
    await run(cmd, argv, { timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    const log =
      logFile && fs.existsSync(logFile) ? `\n--- server log ---\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}` : '';
    throw new Error(`PostgreSQL ${what} failed: ${(e.stderr || e.stdout || e.message).trim()}${log}`);
  }
}

const running = new Set<{ pgCtl: string; data: string; dir: string }>();
let exitHookInstalled = false;
/** A test process that dies without calling stop() must not leave servers behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const s of running) {
      try {
        const [cmd, argv] = asServerUser(s.pgCtl, ['stop', '-D', s.data, '-m', 'immediate', '-w']);
        execFileSync(cmd, argv, { stdio: 'ignore', timeout: 10_000 });
      } catch {
        // best effort
      }
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });
}

/**
 * Stops the server and removes its directory once `pid` (this test process) is gone, however it
 * ends: test workers are often ended by a signal, which skips 'exit' handlers.
 */
function watchdog(pid: number, pgCtl: string, data: string, dir: string): number | undefined {
  const [cmd, argv] = asServerUser(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w']);
  const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ${[cmd, ...argv].map(quote).join(' ')} >/dev/null 2>&1; rm -rf ${quote(dir)}`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid;
}

/**
 * Starts a private PostgreSQL server for one test file: a fresh cluster in a temporary directory,
 * listening on a free loopback port with its unix socket in that directory, tuned for speed over
 * durability (no fsync, small buffers), trust authentication for the `postgres` role on loopback.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = ensureInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const pgCtl = path.join(bin, 'pg_ctl');
  const entry = { pgCtl, data, dir };
  try {
    await serverCommand(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      'initdb',
    );
    let port = 0;
    // Another process may take the port between the probe and the bind: try a few.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const opts = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c shared_buffers=16MB',
        '-c max_connections=60',
      ].join(' ');
      try {
        running.add(entry);
        installExitHook();
        await serverCommand(
          pgCtl,
          ['start', '-D', data, '-l', logFile, '-w', '-t', '30', '-o', opts],
          'start',
          logFile,
        );
        break;
      } catch (err) {
        running.delete(entry);
        if (attempt >= 2) throw err;
      }
    }
    const connectAdmin = async () => {
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      // A restart closes this session too; it must not end the test process.
      c.on('error', () => undefined);
      await c.connect();
      return c;
    };
    let admin = await connectAdmin();
    const createDatabase = async (name: string, template?: string): Promise<string> => {
      for (const n of template ? [name, template] : [name])
        if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`not a plain database name: ${n}`);
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    };
    const url = await createDatabase('mds');
    const guard = watchdog(process.pid, pgCtl, data, dir);
    let stopped: Promise<void> | undefined;
    return {
      url,
      dir,
      createDatabase,
      restart: async () => {
        await admin.end().catch(() => undefined);
        // pg_ctl restart starts the server again with the options it was started with (postmaster.opts).
        await serverCommand(
          pgCtl,
          ['restart', '-D', data, '-l', logFile, '-m', 'fast', '-w', '-t', '30'],
          'restart',
          logFile,
        );
        admin = await connectAdmin();
      },
      stop: () =>
        (stopped ??= (async () => {
          await admin.end().catch(() => undefined);
          await serverCommand(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w'], 'stop').catch(() => undefined);
          running.delete(entry);
          fs.rmSync(dir, { recursive: true, force: true });
          if (guard) {
            try {
              process.kill(guard);
            } catch {
              // already gone
            }
          }
        })()),
    };
  } catch (err) {
    running.delete(entry);
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

let shared: Promise<RunningPostgres> | undefined;
let sharedDatabases = 0;
const databaseOfFile = new Map<string, Promise<string>>();
let migratedTemplate: Promise<string> | undefined;
/**
 * With MDS_TEST_POSTGRES=1 (the suite's PostgreSQL run), the PostgreSQL database that goes with a test's
 * SQLite file, on one private server per test worker: created empty on first use, the same one for
 * every later app or `mds` command given that file (a test that ingests with the CLI and then serves
 * the result sees one store, as it does on SQLite). Otherwise undefined (SQLite only). The server goes
 * with the worker process (exit hook above).
 */
export function testAppDatabaseUrl(dbFile: string): Promise<string | undefined> {
  if (process.env.MDS_TEST_POSTGRES !== '1') return Promise.resolve(undefined);
  const key = path.resolve(dbFile);
  let url = databaseOfFile.get(key);
  if (!url) {
    shared ??= startPostgres();
    // Each database is copied from one migrated once per server: a copy is quicker than migrating.
    migratedTemplate ??= shared.then(async (server) => {
      const db = await openPgDatabase(await server.createDatabase('app_template'));
      await db.$client.end();
      return 'app_template';
    });
    url = Promise.all([shared, migratedTemplate]).then(([server, template]) =>
      server.createDatabase(`app_${process.pid}_${++sharedDatabases}`, template),
    );
    databaseOfFile.set(key, url);
    // A failed creation is not remembered: the next caller tries again.
    url.catch(() => databaseOfFile.delete(key));
  }
  return url;
}

/** `DATABASE_PATH` for a command run against a test's SQLite file, plus its `DATABASE_URL` under MDS_TEST_POSTGRES=1. */
export async function testDatabaseEnv(dbFile: string): Promise<Record<string, string>> {
  const url = await testAppDatabaseUrl(dbFile);
  return url ? { DATABASE_PATH: dbFile, DATABASE_URL: url } : { DATABASE_PATH: dbFile };
}
