/**
 * Cold start and memory of the real `mds serve`: a database that already holds every bundled
 * sample (so first-run loading is excluded) and a key; time from spawning the process to its first
 * 200, then resident memory once every operation has been called (every dataset decoded).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { ALL_DATASETS } from '../src/root/datasets.js';
import { loadSamplesWhereEmpty } from '../src/platform/snapshots/first-run.js';
import { accessOf } from '../src/platform/auth/access.js';
import { collectOperations } from '../src/http/operations.js';
import { appRouter } from '../src/root/app-router.js';

/** The catalogue's memory budget (design/catalogue.md): resident after every operation has answered once. */
const RSS_BUDGET_MB = 350;

/** Query strings for operations with required parameters, so every dataset gets read. */
const REQUIRED: Record<string, string> = {
  '/api/intelligence/v1/get-country-risk': 'country_code=UA',
  '/api/aviation/v1/get-flight-status': 'flight_number=BA117&date=2026-11-20',
  '/api/supply-chain/v1/get-storage-facility-detail': 'facilityId=rehden',
  '/api/supply-chain/v1/get-chokepoint-history': 'chokepointId=hormuz_strait',
  '/api/aviation/v1/list-airport-flights': 'airport=LHR',
  '/api/aviation/v1/search-flight-prices': 'origin=LHR&destination=JFK&departure_date=2026-12-14',
  '/api/infrastructure/v1/get-temporal-baseline': 'type=news',
  '/api/infrastructure/v1/reverse-geocode': 'lat=50.45&lon=30.52',
  '/api/intelligence/v1/get-country-facts': 'country_code=UA',
  '/api/intelligence/v1/search-sec-filings': 'query=cybersecurity',
  '/api/intelligence/v1/get-company-enrichment': 'ticker=CRWD',
  '/api/intelligence/v1/list-company-signals': 'ticker=CRWD',
  '/api/intelligence/v1/search-gdelt-documents': 'query=shipping',
  '/api/intelligence/v1/classify-event': 'title=Missile%20strike%20on%20port',
  '/api/intelligence/v1/get-country-intel-brief': 'country_code=UA',
  '/api/military/v1/get-defense-industrial-base': 'country_code=FR',
  '/api/military/v1/get-aircraft-details': 'icao24=ae4f12',
  '/api/military/v1/get-wingbits-live-flight': 'icao24=ae4f12',
  '/api/v2/shipping/route-intelligence': 'fromIso2=CN&toIso2=NL',
  '/api/supply-chain/v1/get-pipeline-detail': 'pipelineId=tap',
  '/api/supply-chain/v1/get-fuel-shortage-detail': 'shortageId=x',
  '/api/supply-chain/v1/get-country-cost-shock': 'iso2=JP&chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-bypass-options': 'chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-route-explorer-lane': 'fromIso2=SA&toIso2=JP',
  '/api/supply-chain/v1/get-country-products': 'iso2=JP',
  '/api/supply-chain/v1/get-country-chokepoint-index': 'iso2=JP',
  '/api/supply-chain/v1/get-sector-dependency': 'iso2=JP&hs2=27',
  '/api/supply-chain/v1/get-multi-sector-cost-shock': 'iso2=JP&chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-route-impact': 'fromIso2=SA&toIso2=JP&hs2=27',
  '/api/webcam/v1/get-webcam-image': 'webcam_id=a',
};

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

export async function coldStartAndMemory(root: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bench-cold-'));
  const file = path.join(dir, 'cold.db');
  const deps = createDeps(testConfig({ DATABASE_PATH: file, LOG_LEVEL: 'silent' }));
  await loadSamplesWhereEmpty(ALL_DATASETS, deps.store, deps.runner);
  const key = accessOf(deps).keys.create({ plan: 'enterprise', rateLimitPerMinute: 1_000_000 }, Date.now()).key;
  deps.db.$client.close();

  const started = performance.now();
  // What a production deployment runs: the compiled JavaScript (built by `npm run build`, which the bench runs first).
  const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js'), 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_PATH: file,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c) => {
        out += c;
        const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const res = await fetch(`${base}/api/seismology/v1/list-earthquakes`, { headers: { 'x-service-key': key } });
    await res.arrayBuffer();
    const coldMs = Math.round(performance.now() - started);
    if (res.status !== 200) throw new Error(`first request answered ${res.status}`);
    const rssBefore = rssMb(child.pid!);
    let called = 0;
    const refused: string[] = [];
    for (const op of collectOperations(appRouter).values()) {
      if (op.method !== 'GET') continue;
      const q = REQUIRED[op.path];
      const r = await fetch(`${base}${op.path}${q ? `?${q}` : ''}`, { headers: { 'x-service-key': key } });
      await r.arrayBuffer();
      if (r.status === 200) called++;
      else refused.push(`${op.path} ${r.status}`);
    }
    const rssAll = rssMb(child.pid!);
    return [
      {
        scenario: 'cold-start-to-first-200',
        value: coldMs,
        unit: 'ms from spawning the compiled service to its first 200',
      },
      {
        scenario: 'rss-all-datasets',
        value: rssAll,
        unit: `MB resident after ${called} operations answered 200 (${rssBefore} MB after the first)`,
        goal: RSS_BUDGET_MB,
        refused,
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
