import { deriveAll } from '../../src/platform/snapshots/derived.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { testConfig, type Config, type ConfigOverrides } from '../../src/config.js';
import { createDeps, openDeps } from '../../src/deps.js';
import { testAppDatabaseUrl } from './engines/postgres.js';
import { storeSql } from './store-sql.js';
import { buildApp } from '../../src/app.js';
import type { StreamService } from '../../src/http/stream.js';
import type { AppRouter } from '../../src/root/app-router.js';
import { ManualClock, type Clock } from '../../src/platform/clock.js';
import { openDatabase } from '../../db/client.js';
import type { AppDeps } from '../../src/trpc/context.js';
import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { accessOf, type AccessControl } from '../../src/platform/auth/access.js';
import type { BillingState } from '../../src/platform/auth/keys.js';
import type { PlanKey } from '../../src/platform/auth/plans.js';
import { RATE_POLICIES } from '../../src/platform/ratelimit/limiter.js';
import { createLogger, type Logger } from '../../src/platform/logger.js';
import { redactorFor } from '../../src/platform/secrets.js';
import { assertConforms } from './conformance.js';
import { webhooksOf } from '../../src/services/shipping/webhooks/delivery.js';
import { watchesOf } from '../../src/services/watch/index.js';

/** The instant the bundled samples describe (the USGS sample was generated at 2026-11-20T12:00Z). */
export const SAMPLE_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface TestApp {
  deps: AppDeps;
  clock: Clock;
  baseUrl: string;
  dbFile: string;
  /** Sent with every request unless overridden: `x-service-key` holds a valid enterprise key with a very high limit. */
  defaultHeaders: Record<string, string>;
  /** The key in `defaultHeaders` and its id. */
  defaultKey: { id: string; key: string };
  /** The app's access layer (key store, limiter, sessions). */
  access: AccessControl;
  /** The app's event streams (GET /api/stream, the tRPC subscription). */
  streams: StreamService;
  /** The PostgreSQL database holding this app's stores (MDS_TEST_POSTGRES=1); undefined on SQLite. */
  databaseUrl?: string;
  /** Issues a key straight into the app's key store (plan, own per-minute limit, billing state, expiry). */
  createKey(opts?: TestKeyOptions): Promise<{ id: string; key: string; accountId: string }>;
  /** Sets the billing state of a key's account. */
  setBilling(keyId: string, state: BillingState): Promise<void>;
  revokeKey(keyId: string): Promise<void>;
  /** `storeSql` (store-sql.ts) on this app's store; SQLite's side on the app's own connection. */
  storeSql<Row = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<Row[]>;
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<TestResponse>;
  request(pathAndQuery: string, init?: RequestInit): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when the body is empty. */
  body: any;
}

export function tempDbFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-test-'));
  return path.join(dir, 'test.db');
}

export interface StartOptions {
  config?: ConfigOverrides;
  clock?: Clock;
  /** Datasets to load from their bundled samples before serving (default: all). */
  samples?: readonly AnyDataset[] | 'none';
  dbFile?: string;
  /**
   * `relaxed` (default) lifts the endpoint rate policies so suites that make many calls on a frozen
   * clock are not throttled; `real` keeps the published per-minute policies.
   */
  rateLimits?: 'relaxed' | 'real';
  /** Where the app's structured logs go (default: nowhere, level silent). */
  logger?: Logger;
  /** Serve this router instead of the application's (to add a test-only operation). */
  router?: AppRouter;
}

export interface TestKeyOptions {
  plan?: PlanKey;
  name?: string;
  rateLimitPerMinute?: number;
  billing?: BillingState;
  expiresAt?: number;
}

/** Collects an app's JSON log lines in memory, for assertions such as "no key was ever logged". */
export function captureLogs(level = 'debug', config?: Config): { logger: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  // With a config, lines are redacted as the app's own logger does (createDeps).
  const logger = createLogger(
    level,
    { write: (chunk: string) => void lines.push(chunk) } as never,
    config ? redactorFor(config) : undefined,
  );
  return { logger, lines, text: () => lines.join('') };
}

/** The real express app on a temporary SQLite file, listening on an ephemeral loopback port. */
export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const dbFile = opts.dbFile ?? tempDbFile();
  const relaxed = (opts.rateLimits ?? 'relaxed') === 'relaxed';
  // MDS_TEST_POSTGRES=1 runs the same tests with every shared store (snapshots, keys, jobs, ...) in PostgreSQL.
  const databaseUrl = opts.config?.DATABASE_URL ?? (await testAppDatabaseUrl(dbFile));
  const config = testConfig({
    DATABASE_PATH: dbFile,
    SNAPSHOT_POLL_MS: 0,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(relaxed
      ? {
          RATE_POLICY_OVERRIDES: Object.keys(RATE_POLICIES)
            .map((p) => `${p}=1000000000`)
            .join(','),
        }
      : {}),
    ...opts.config,
  });
  const clock = opts.clock ?? new ManualClock(SAMPLE_NOW);
  const depsOptions = { clock, db: openDatabase(dbFile), logger: opts.logger };
  const deps = config.DATABASE_URL ? await openDeps(config, depsOptions) : createDeps(config, depsOptions);
  const access = accessOf(deps);
  const createKey = async (k: TestKeyOptions = {}) => {
    const created = await access.keyDirectory.create(
      {
        plan: k.plan ?? 'api_business',
        name: k.name,
        rateLimitPerMinute: k.rateLimitPerMinute,
        billingState: k.billing,
        expiresAt: k.expiresAt,
      },
      clock.now(),
    );
    return { id: created.id, key: created.key, accountId: created.accountId };
  };
  const defaultKey = await createKey({ plan: 'enterprise', name: 'test default', rateLimitPerMinute: 1_000_000_000 });
  const samples = opts.samples === 'none' ? [] : (opts.samples ?? ALL_DATASETS);
  for (const d of samples) {
    if (d.derive) continue;
    const r = await deps.runner.run(d, { origin: { kind: 'samples' } });
    if (!r.ok) throw new Error(`sample for ${d.name} failed to load: ${r.error}`);
  }
  // The models computed here, over the samples just loaded, inputs first (as `mds serve` does at start).
  for (const r of await deriveAll(samples, deps.runner)) {
    if (!r.ok) throw new Error(`derived dataset ${r.dataset} could not be computed: ${r.error}`);
  }
  // The job worker runs as under `mds serve`, so operations that enqueue jobs see them finish.
  deps.jobs.start();
  const { handler, streams } = buildApp(deps, { router: opts.router });
  const server: Server = await new Promise((resolve) => {
    const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  // The test process sometimes blocks its event loop for seconds (the first conformance validator
  // compile under load): with Node's 5 s default, the server's overdue idle timer then closes a kept-alive
  // socket the client has just reused, and the request fails with ECONNRESET. close() ends every connection.
  server.keepAliveTimeout = 60_000;
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const defaultHeaders: Record<string, string> = { 'x-service-key': defaultKey.key };
  const request = async (p: string, init?: RequestInit): Promise<TestResponse> => {
    const headers = { ...defaultHeaders, ...((init?.headers as Record<string, string> | undefined) ?? {}) };
    const res = await fetch(baseUrl + p, { ...init, headers });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    // Every answer on a documented operation path must match openapi.gen.yaml (status, body, declared headers).
    assertConforms({ method: init?.method ?? 'GET', url: p, status: res.status, headers: res.headers, text });
    return { status: res.status, headers: res.headers, text, body };
  };
  return {
    deps,
    clock,
    baseUrl,
    dbFile,
    defaultHeaders,
    defaultKey: { id: defaultKey.id, key: defaultKey.key },
    access,
    streams,
    createKey,
    databaseUrl,
    setBilling: async (id, state) => void (await access.keyDirectory.setBillingState(id, state, clock.now())),
    revokeKey: async (id) => void (await access.keyDirectory.revoke(id, clock.now())),
    storeSql: (statement, ...params) => storeSql({ dbFile, databaseUrl, sqlite: deps.db.$client }, statement, params),
    request,
    get: (p, headers) => request(p, { headers }),
    close: async () => {
      streams.shutdown();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      webhooksOf(deps).stop();
      watchesOf(deps).stop();
      await deps.jobs.stop(1_000);
      access.close();
      deps.redis?.close();
      await deps.store.close();
      deps.db.$client.close();
      // Temporary databases made here are removed; a file the test passed in is the test's own.
      if (!opts.dbFile) fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
    },
  };
}

/** Runs `body` against a fresh test app and always closes it, however `body` ends. */
export async function withTestApp<T>(opts: StartOptions, body: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp(opts);
  try {
    return await body(app);
  } finally {
    await app.close();
  }
}
