import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { buildEiaWeekly, eiaWeeklyDataset } from '../../../../src/services/economic/energy/datasets/eia-weekly.js';
import { buildCapability, eiaCapacityDataset } from '../../../../src/services/economic/energy/datasets/eia-capacity.js';
import { eiaNumber, parseEiaRows } from '../../../../src/sources/eia/client.js';

const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'economic', 'eia', file));

describe('EIA v2 rows', () => {
  it('reads response.data and refuses error documents', () => {
    expect(parseEiaRows(sample('petroleum-pri-spt-weekly.json'))).toHaveLength(6);
    expect(() => parseEiaRows('{"error":"No api_key was supplied.","code":"API_KEY_MISSING"}')).toThrow(/No api_key/);
    expect(() => parseEiaRows('{"response":{}}')).toThrow(/response.data/);
    expect(() => parseEiaRows('oops')).toThrow(/not JSON/);
  });

  it.each([
    ['12.5', 12.5],
    [7, 7],
    ['', undefined],
    [null, undefined],
    ['NA', undefined],
  ])('cell %s is %s', (cell, value) => expect(eiaNumber(cell)).toBe(value));

  it('keeps dated numeric rows of every source that answered, and needs one', () => {
    const rows = buildEiaWeekly({ natgas: sample('natural-gas-stor-wkly.json') });
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({ series: 'NW2_EPG0_SWO_R48_BCF', period: '2026-11-13', value: 3946, units: 'BCF' });
    expect(() => buildEiaWeekly({})).toThrow(/no weekly source/);
  });

  it('reads capability rows and refuses an answer without any', () => {
    expect(buildCapability(sample('electricity-capability-annual.json'))[0]).toMatchObject({ year: 2024, state: 'WY' });
    expect(() => buildCapability(Buffer.from('{"response":{"data":[]}}'))).toThrow(/no usable rows/);
  });
});

describe('EIA ingestion', () => {
  let app: TestApp;
  let server: http.Server;
  const hits: string[] = [];

  beforeAll(async () => {
    const files: Record<string, string> = {
      '/v2/petroleum/pri/spt/data/': 'petroleum-pri-spt-weekly.json',
      '/v2/natural-gas/stor/wkly/data/': 'natural-gas-stor-wkly.json',
      '/v2/petroleum/pnp/wiup/data/': 'petroleum-pnp-wiup-WCRRIUS2.json',
      '/v2/electricity/state-electricity-profiles/capability/data/': 'electricity-capability-annual.json',
    };
    server = http.createServer((req, res) => {
      hits.push(decodeURIComponent(req.url!));
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/v2/petroleum/stoc/wstk/data/') {
        // The stocks route answers the commercial series and fails the SPR one.
        if (req.url!.includes('WCSSTUS1')) return void res.writeHead(503).end();
        return void res.writeHead(200).end(sample('petroleum-stoc-wstk-WCRSTUS1.json'));
      }
      res.writeHead(200).end(sample(files[url.pathname] ?? 'missing'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    app = await startTestApp({
      samples: 'none',
      config: {
        UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        EIA_API_KEY: 'e1a',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('asks each weekly route newest first with the key; a failed source only drops its series', async () => {
    const r = await app.deps.runner.run(eiaWeeklyDataset, { origin: { kind: 'live' } });
    expect(r).toMatchObject({ ok: true, recordCount: 6 + 9 + 2 + 9 });
    expect(hits).toContain(
      '/v2/petroleum/stoc/wstk/data/?frequency=weekly&data[]=value&facets[series][]=WCRSTUS1&sort[0][column]=period&sort[0][direction]=desc&offset=0&length=9&api_key=e1a',
    );
    expect((await app.get('/api/economic/v1/get-crude-inventories')).body.weeks).toHaveLength(8);
  });

  it('pages the capability table from twenty years back', async () => {
    hits.length = 0;
    const r = await app.deps.runner.run(eiaCapacityDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(true);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(
      /capability\/data\/\?frequency=annual&data\[\]=capability&facets\[energySourceId\]\[\]=BIT.*&start=2006&.*offset=0&length=5000&api_key=e1a$/,
    );
  });

  it('keeps the last good snapshot when a run fails', async () => {
    const before = (await app.get('/api/economic/v1/get-energy-prices')).body;
    const r = await app.deps.runner.run(eiaWeeklyDataset, {
      origin: { kind: 'bytes', payloads: { spot: Buffer.from('<html>busy</html>') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get('/api/economic/v1/get-energy-prices')).body).toEqual(before);
  });
});
