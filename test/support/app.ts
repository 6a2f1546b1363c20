import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { testConfig, type Config } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { buildApp } from '../../src/app.js';
import { ManualClock, type Clock } from '../../src/platform/clock.js';
import { openDatabase } from '../../db/client.js';
import type { AppDeps } from '../../src/trpc/context.js';
import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import { ALL_DATASETS } from '../../src/services/datasets.js';

/** The instant the bundled samples describe (the USGS sample was generated at 2026-11-20T12:00Z). */
export const SAMPLE_NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface TestApp {
  deps: AppDeps;
  clock: Clock;
  baseUrl: string;
  dbFile: string;
  /** Sent with every request unless overridden (the access-control layer puts a valid key here). */
  defaultHeaders: Record<string, string>;
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
  config?: Partial<Config>;
  clock?: Clock;
  /** Datasets to load from their bundled samples before serving (default: all). */
  samples?: readonly AnyDataset[] | 'none';
  dbFile?: string;
}

/** The real express app on a temporary SQLite file, listening on an ephemeral loopback port. */
export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const dbFile = opts.dbFile ?? tempDbFile();
  const config = testConfig({ DATABASE_PATH: dbFile, SNAPSHOT_POLL_MS: 0, ...opts.config });
  const clock = opts.clock ?? new ManualClock(SAMPLE_NOW);
  const deps = createDeps(config, { clock, db: openDatabase(dbFile) });
  const samples = opts.samples === 'none' ? [] : (opts.samples ?? ALL_DATASETS);
  for (const d of samples) {
    const r = await deps.runner.run(d, { origin: { kind: 'samples' } });
    if (!r.ok) throw new Error(`sample for ${d.name} failed to load: ${r.error}`);
  }
  const { app } = buildApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const defaultHeaders: Record<string, string> = {};
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
    return { status: res.status, headers: res.headers, text, body };
  };
  return {
    deps,
    clock,
    baseUrl,
    dbFile,
    defaultHeaders,
    request,
    get: (p, headers) => request(p, { headers }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      deps.db.$client.close();
    },
  };
}
