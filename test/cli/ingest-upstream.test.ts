import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/cli/serve.js';
import { testConfig } from '../../src/config.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { fetchesUpstream } from '../../src/platform/snapshots/dataset.js';
import { withTestApp } from '../support/app.js';
import { mds } from '../support/cli.js';
import { storeSql } from '../support/store-sql.js';
import { testDatabaseEnv } from '../support/engines/postgres.js';
import { startUpstream, type Upstream } from '../support/upstream.js';

/**
 * `mds ingest` against a local upstream (and an unresolvable one), then what `/api/health` says
 * about it: every status names the real cause, and a failed refresh of a serving dataset is told
 * apart from a dataset with nothing to serve.
 */

const OPERATOR = 'operator-key-for-upstream-tests-01';
const QUAKES = 'seismology.earthquakes';
let up: Upstream;
beforeAll(async () => {
  up = await startUpstream();
});
afterAll(() => up.close());

const dbWith = async (...datasets: string[]) => {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-up-')), 'test.db');
  if (datasets.length) expect((await mds(['ingest', ...datasets, '--samples'], { DATABASE_PATH: db })).code).toBe(0);
  return db;
};
const env = (db: string, extra: Record<string, string> = {}) => ({
  DATABASE_PATH: db,
  UPSTREAM_BASE_OVERRIDE: up.origin,
  UPSTREAM_RETRY_BASE_MS: '10',
  ...extra,
});

async function health(db: string) {
  return withTestApp(
    { dbFile: db, samples: 'none', config: { OPERATOR_KEYS: OPERATOR } },
    async (app) => (await app.get('/api/health?detail=1', { 'x-service-key': OPERATOR })).body,
  );
}

describe('mds ingest with no network', () => {
  it('names the cause (ENOTFOUND) for every dataset, never "no rows"; health shows each still serving its last good snapshot', async () => {
    const db = await dbWith();
    expect((await mds(['ingest', '--samples'], { DATABASE_PATH: db })).code).toBe(0);
    const r = await mds(['ingest'], { DATABASE_PATH: db, UPSTREAM_BASE_OVERRIDE: 'http://upstream.invalid' });
    expect(r.code).toBe(1);
    const lines = r.err.trim().split('\n');
    // Only upstream datasets are fetched; reference tables reload from their files (and succeed),
    // derived and recorded datasets are left out.
    const upstream = ALL_DATASETS.filter(fetchesUpstream);
    expect(lines).toHaveLength(upstream.length);
    for (const line of lines) {
      expect(line).toMatch(/ENOTFOUND|is not set; no request was made/);
      expect(line).not.toMatch(/no rows/);
      expect(line).toMatch(/keeps serving$/);
    }
    expect(r.err).toMatch(/^\[\d+\/\d+\] research\.arxiv-papers: FAILED: .*ENOTFOUND/m);
    const h = await health(db);
    // Every fetched dataset still serves its bundled sample, so each is SAMPLE (never passed off as
    // live), its failure in lastError; the failures make the verdict DEGRADED. Relays without their
    // address are UNCONFIGURED; reference tables are OK; the models computed here from the samples are
    // SAMPLE too.
    const relays = ALL_DATASETS.filter((d) => d.kind === 'relay');
    const ok = ALL_DATASETS.filter((d) => d.kind === 'reference');
    expect(h.status).toBe('DEGRADED');
    expect(h.summary).toMatchObject({
      ok: ok.length,
      sample: ALL_DATASETS.length - ok.length - relays.length,
      empty: 0,
      error: 0,
      stale: 0,
      unconfigured: relays.length,
    });
    for (const d of upstream.filter((u) => u.kind !== 'relay').map((u) => h.datasets[u.name]) as {
      status: string;
      serving: boolean;
      lastError: string;
    }[]) {
      expect(d).toMatchObject({ status: 'SAMPLE', serving: true });
      expect(d.lastError).toMatch(/ENOTFOUND|is not set/);
    }
  }, 60_000);

  it('loads reference tables from db/reference/ with no network; health names them reference and OK', async () => {
    const db = await dbWith();
    const tables = ALL_DATASETS.filter((d) => d.kind === 'reference').map((d) => d.name);
    expect(tables).toEqual(expect.arrayContaining(['supply-chain.chokepoints', 'military.bases']));
    const r = await mds(['ingest', ...tables], {
      DATABASE_PATH: db,
      UPSTREAM_BASE_OVERRIDE: 'http://upstream.invalid',
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const h = await health(db);
    for (const name of tables) expect(h.datasets[name], name).toMatchObject({ kind: 'reference', status: 'OK' });
    expect(h.datasets[QUAKES]).toMatchObject({ kind: 'live', status: 'EMPTY' });
  });

  it('a dataset with nothing to serve and a failing refresh is ERROR, not serving', async () => {
    const db = await dbWith();
    expect(
      (await mds(['ingest', QUAKES], { DATABASE_PATH: db, UPSTREAM_BASE_OVERRIDE: 'http://upstream.invalid' })).code,
    ).toBe(1);
    const h = await health(db);
    expect(h.datasets[QUAKES]).toMatchObject({ status: 'ERROR', serving: false });
    expect(h.datasets[QUAKES].lastError).toMatch(/fetch failed \(ENOTFOUND/);
    expect(h.datasets['conflict.ucdp-events']).toMatchObject({ status: 'EMPTY', serving: false, lastError: null });
  });
});

describe('mds ingest against a misbehaving upstream', () => {
  const usgs = fs.readFileSync(path.join(SAMPLES_DIR, 'seismology/usgs-4.5_week.geojson'));
  const nrcan = fs.readFileSync(path.join(SAMPLES_DIR, 'seismology/nrcan-canada-en.atom'));
  const feeds = (usgsBody: Buffer | string) => (url: URL) =>
    url.pathname.includes('nrcan') || url.pathname.endsWith('.atom') ? nrcan : usgsBody;

  it('503 then 200: retried, ingested', async () => {
    const db = await dbWith();
    const body = feeds(usgs);
    up.play((_q, res, url, n) => (n === 0 ? res.writeHead(503).end() : res.end(body(url))));
    const r = await mds(['ingest', QUAKES], env(db));
    expect(r.err).toBe('');
    expect(r.out).toMatch(/seismology\.earthquakes: ok, \d+ rows, version 1/);
    expect(up.seen.filter((s) => s.path.includes('4.5_week'))).toHaveLength(2);
  });

  it("garbage: the parser's complaint, the previous snapshot kept", async () => {
    const db = await dbWith(QUAKES);
    const body = feeds('<html>maintenance</html>');
    up.play((_q, res, url) => res.end(body(url)));
    const r = await mds(['ingest', QUAKES], env(db));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/FAILED: USGS feed is not JSON.*previous snapshot \(version 1\) keeps serving/);
  });

  it('a collapsed row count is refused with the --force hint, and --force accepts it', async () => {
    const db = await dbWith(QUAKES);
    const json = JSON.parse(usgs.toString()) as { features: unknown[] };
    const few = Buffer.from(JSON.stringify({ ...json, features: json.features.slice(0, 3) }));
    const body = feeds(few);
    up.play((_q, res, url) => res.end(body(url)));
    const r = await mds(['ingest', QUAKES], env(db));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/row count collapsed from \d+ to \d+ .*mds ingest seismology\.earthquakes --force/);
    expect((await mds(['ingest', QUAKES, '--force'], env(db))).code).toBe(0);
  });

  it('a hanging upstream ends at the per-dataset deadline, saying so', async () => {
    const db = await dbWith(QUAKES);
    up.play(() => undefined);
    const started = Date.now();
    const r = await mds(
      ['ingest', QUAKES],
      env(db, { UPSTREAM_TIMEOUT_MS: '5000', UPSTREAM_DATASET_TIMEOUT_MS: '400' }),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.err).toMatch(/dataset deadline of 400 ms exceeded \(UPSTREAM_DATASET_TIMEOUT_MS\)/);
  });

  it('a redirect to a private address is refused, naming both addresses', async () => {
    const db = await dbWith(QUAKES);
    up.play((_q, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    const r = await mds(['ingest', QUAKES], env(db));
    expect(r.err).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/earthquakes\/feed\/.*: HTTP 302 redirect to another host \(169\.254\.169\.254\) refused/,
    );
  });
});

describe('credentials a dataset requires', () => {
  it('without ACLED_ACCESS_TOKEN: refused before any request, naming the variable; the sample still loads', async () => {
    const db = await dbWith();
    up.play((_q, res) => res.end('[]'));
    const r = await mds(
      ['ingest', 'conflict.acled-events', 'unrest.events', 'infrastructure.internet-outages', 'aviation.flights'],
      env(db),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^\[\d+\/\d+\] conflict\.acled-events: FAILED: live ingestion needs ACLED_ACCESS_TOKEN, which is not set; no request was made/m,
    );
    expect(r.err).toMatch(/^\[\d+\/\d+\] unrest\.events: FAILED: live ingestion needs ACLED_ACCESS_TOKEN/m);
    expect(r.err).toMatch(
      /^\[\d+\/\d+\] infrastructure\.internet-outages: FAILED: live ingestion needs CLOUDFLARE_RADAR_TOKEN/m,
    );
    expect(r.err).toMatch(/^\[\d+\/\d+\] aviation\.flights: FAILED: live ingestion needs AVIATIONSTACK_API_KEY/m);
    expect(up.seen).toEqual([]);
    expect((await mds(['ingest', 'conflict.acled-events', '--samples'], { DATABASE_PATH: db })).code).toBe(0);
  });
});

/** Starts `mds serve` in-process on the database without loading samples, stops it, and returns its log. */
async function startAndStop(db: string): Promise<string> {
  let out = '';
  const sink = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
  const server = await startServer(
    testConfig({
      ...(await testDatabaseEnv(db)),
      PORT: 0,
      HOST: '127.0.0.1',
      LOAD_SAMPLES: 'never',
      DEV_KEY: 'never',
      LOG_LEVEL: 'info',
    }),
    sink,
  );
  await server.shutdown('test');
  return out;
}

describe('at start', () => {
  it('`mds serve` reloads a reference table whose file changed since its snapshot, and no other', async () => {
    const TABLE = 'supply-chain.chokepoints';
    const db = await dbWith(TABLE, 'military.bases');
    const versions = async () =>
      Object.fromEntries(
        (
          await storeSql<{ dataset: string; version: number }>(
            { dbFile: db },
            'SELECT dataset, version FROM snapshot_meta WHERE dataset IN (?, ?)',
            [TABLE, 'military.bases'],
          )
        ).map((r) => [r.dataset, Number(r.version)]),
      );
    const before = await versions();
    // The snapshot says it was built from other contents than the file holds now (a commit changed it).
    await storeSql({ dbFile: db }, `UPDATE snapshot_meta SET info = ? WHERE dataset = ?`, [
      JSON.stringify({ referenceDigest: 'an-older-version-of-the-file' }),
      TABLE,
    ]);
    // ...and its retained version says the same (content other than the file's, so the reload is a new version).
    await storeSql({ dbFile: db }, `UPDATE snapshot_versions SET info = ?, content_hash = ? WHERE dataset = ?`, [
      JSON.stringify({ referenceDigest: 'an-older-version-of-the-file' }),
      'older-content',
      TABLE,
    ]);
    const out = await startAndStop(db);
    expect(out).toMatch(/"records":13,"msg":"reloaded changed reference table supply-chain\.chokepoints"/);
    expect(out).not.toMatch(/military\.bases/);
    expect(await versions()).toEqual({ [TABLE]: before[TABLE]! + 1, 'military.bases': before['military.bases'] });
  });

  it('`mds serve` removes rows staged by a run that died before publishing', async () => {
    const db = await dbWith(QUAKES);
    const [{ version }] = await storeSql<{ version: number }>(
      { dbFile: db },
      'SELECT version FROM snapshot_meta WHERE dataset = ?',
      [QUAKES],
    );
    const published = Number(version);
    await storeSql(
      { dbFile: db },
      'INSERT INTO snapshot_records (dataset, version, seq, payload) VALUES (?, ?, 0, ?), (?, ?, 1, ?)',
      [QUAKES, published + 1, '{}', QUAKES, published + 1, '{}'],
    );
    const out = await startAndStop(db);
    expect(out).toMatch(/removed rows staged by 1 unfinished ingestion run/);
    const left = await storeSql<{ version: number }>(
      { dbFile: db },
      'SELECT DISTINCT version FROM snapshot_records WHERE dataset = ?',
      [QUAKES],
    );
    expect(left.map((r) => Number(r.version))).toEqual([published]);
  });
});
