import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { buildFredSeries, fredSeriesDataset } from '../../../../src/services/economic/macro/datasets/fred-series.js';
import { parseFredObservations } from '../../../../src/sources/fred/client.js';
import { parseGscpiCsv } from '../../../../src/sources/nyfed/gscpi.js';

const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'economic', 'fred', file));

describe('FRED observations parser', () => {
  it('reads the answer in date order, dropping "." values', () => {
    const obs = parseFredObservations(sample('DGS10.json'));
    expect(obs).toHaveLength(28); // Columbus Day and Veterans Day are "."
    expect(obs[0]).toEqual({ date: '2026-10-09', value: 4.01 });
    expect(obs.at(-1)).toEqual({ date: '2026-11-19', value: 4.09 });
  });

  it('refuses an error document and a body that is not JSON', () => {
    expect(() =>
      parseFredObservations(
        '{"error_code":400,"error_message":"Bad Request.  The value for variable api_key is not registered."}',
      ),
    ).toThrow(/api_key is not registered/);
    expect(() => parseFredObservations('<html>')).toThrow(/not JSON/);
    expect(() => parseFredObservations('{"seriess":[]}')).toThrow(/no observations/);
  });
});

describe('GSCPI CSV parser', () => {
  it('dates month-end rows at the start of their month', () => {
    const obs = parseGscpiCsv(sample('gscpi.csv'));
    expect(obs).toHaveLength(14);
    expect(obs.at(-1)).toEqual({ date: '2026-10-01', value: 0.14 });
  });

  it('accepts ISO dates and skips blank values', () => {
    expect(parseGscpiCsv('\uFEFFDate,GSCPI\n2026-09-30,0.5\n2026-10-31,\n')).toEqual([
      { date: '2026-09-01', value: 0.5 },
    ]);
  });

  it('refuses a CSV without its columns', () => {
    expect(() => parseGscpiCsv('when,value\n')).toThrow(/Date or GSCPI/);
  });
});

describe('FRED dataset', () => {
  it('needs three quarters of the series', () => {
    const payloads: Record<string, Buffer> = { FEDFUNDS: sample('FEDFUNDS.json'), GDP: sample('GDP.json') };
    expect(() => buildFredSeries(payloads)).toThrow(/only 2 of 27 series/);
  });
});

describe('FRED ingestion', () => {
  let app: TestApp;
  let server: http.Server;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      const url = new URL(req.url!, 'http://x');
      const id = url.searchParams.get('series_id');
      const file = url.pathname.endsWith('.csv') ? 'gscpi.csv' : `${id}.json`;
      if (id === 'WALCL') return void res.writeHead(500).end('upstream down');
      res.writeHead(200).end(sample(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    app = await startTestApp({
      samples: [fredSeriesDataset],
      config: {
        UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        FRED_API_KEY: 'k3y',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('asks FRED for the newest 120 observations of each series with the key, and keeps going when one fails', async () => {
    const r = await app.deps.runner.run(fredSeriesDataset, { origin: { kind: 'live' } });
    expect(r).toMatchObject({ ok: true, recordCount: 26 });
    expect(hits).toContain(
      '/fred/series/observations?series_id=FEDFUNDS&file_type=json&sort_order=desc&limit=120&api_key=k3y',
    );
    expect(hits).toContain('/medialibrary/research/interactives/data/gscpi/gscpi_interactive_data.csv');
    // The failing series is retried by the fetch layer; every series is asked for.
    expect(new Set(hits).size).toBe(27);
    const res = await app.get('/api/economic/v1/get-fred-series?series_id=WALCL');
    expect(res.body).toEqual({});
  });

  it('without FRED_API_KEY asks FRED nothing and names the variable', async () => {
    hits.length = 0;
    await withTestApp(
      { samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: app.deps.config.UPSTREAM_BASE_OVERRIDE } },
      async (keyless) => {
        const r = await keyless.deps.runner.run(fredSeriesDataset, { origin: { kind: 'live' } });
        expect(r.ok).toBe(false);
        expect(JSON.stringify(r)).toContain('FRED_API_KEY');
        expect(hits.every((h) => h.endsWith('.csv'))).toBe(true);
      },
    );
  });

  it('keeps the last good snapshot when a run brings back too little', async () => {
    const before = (await app.get('/api/economic/v1/get-fred-series?series_id=GDP')).body;
    const r = await app.deps.runner.run(fredSeriesDataset, {
      origin: { kind: 'bytes', payloads: { GDP: Buffer.from('{"error_message":"down"}') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get('/api/economic/v1/get-fred-series?series_id=GDP')).body).toEqual(before);
  });
});
