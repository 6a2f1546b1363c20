import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDbFile } from './app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One real `mds serve` process of a test cluster. */
export interface ClusterNode {
  proc: ChildProcess;
  out: () => string;
  port: number;
  get(p: string, headers?: Record<string, string>): Promise<Response>;
  kill(): void;
}

/**
 * Starts `mds serve` with its own SQLite file and the given shared engines (DATABASE_URL, REDIS_URL):
 * whatever two nodes agree on, only those engines can have told them. Resolves once it listens.
 */
export async function serveNode(env: Record<string, string>): Promise<ClusterNode> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_PATH: tempDbFile(),
      SNAPSHOT_POLL_MS: '250',
      PORT: '0',
      HOST: '127.0.0.1',
      // The listening line is an info log line; it is what this helper waits for.
      LOG_LEVEL: 'info',
      DEV_KEY: 'never',
      LOAD_SAMPLES: 'never',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c));
  proc.stderr!.on('data', (c: Buffer) => (out += c));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
    if (m) {
      const port = Number(m[1]);
      return {
        proc,
        out: () => out,
        port,
        get: (p, headers = {}) => fetch(`http://127.0.0.1:${port}${p}`, { headers }),
        kill: () => {
          if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
        },
      };
    }
    if (proc.exitCode !== null) throw new Error(`serve exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  proc.kill('SIGKILL');
  throw new Error(`serve did not start:\n${out}`);
}

/** A USGS feed of `n` recent M5 events whose place names start with `marker`. */
export function usgsFeed(n: number, marker: string): string {
  const now = Date.now();
  const features = Array.from({ length: n }, (_, i) => ({
    type: 'Feature',
    properties: {
      mag: 5 + (i % 30) / 10,
      place: `${marker} ${i}`,
      time: now - 60_000 - i * 10_000,
      updated: now,
      tsunami: 0,
      sig: 400,
      net: 'us',
      code: `${marker}${i}`,
      status: 'reviewed',
      type: 'earthquake',
      title: `M 5 - ${marker} ${i}`,
      url: `https://earthquake.usgs.gov/earthquakes/eventpage/us${marker}${i}`,
    },
    geometry: { type: 'Point', coordinates: [((i * 7) % 360) - 180, ((i * 3) % 160) - 80, 10] },
    id: `us${marker.toLowerCase()}${i}`,
  }));
  return JSON.stringify({ type: 'FeatureCollection', metadata: { generated: now, count: n, status: 200 }, features });
}
