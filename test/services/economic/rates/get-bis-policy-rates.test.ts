import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  bisPolicyRatesDataset,
  buildPolicyRates,
} from '../../../../src/services/economic/rates/datasets/bis-policy-rates.js';
import { parseSdmxCsv } from '../../../../src/sources/formats/sdmx.js';
import { seriesBy } from '../../../../src/sources/sdmx/series.js';
import { BIS_ECONOMIES, periodToDate } from '../../../../src/services/economic/rates/rules.js';

const PATH = '/api/economic/v1/get-bis-policy-rates';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'economic', 'bis-ws-cbpol-monthly.csv'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [bisPolicyRatesDataset] });
});
afterAll(() => app.close());

describe('GET get-bis-policy-rates', () => {
  it('serves twelve economies with two-letter codes, latest and previous rate, and a YYYY-MM-DD date', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const rates = res.body.rates;
    expect(rates.map((r: { countryCode: string }) => r.countryCode)).toEqual(BIS_ECONOMIES.map((e) => e.code));
    for (const r of rates) {
      expect(r.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(rates[0]).toEqual({
      countryCode: 'US',
      countryName: 'United States',
      rate: 3.375, // midpoint of 3.25-3.50 % after the October 2026 cut, as in the FRED samples
      previousRate: 3.625,
      date: '2026-10-31',
      centralBank: 'Federal Reserve',
    });
    expect(rates.find((r: { countryCode: string }) => r.countryCode === 'XM')).toMatchObject({
      countryName: 'Euro Area',
      centralBank: 'European Central Bank',
      rate: 2.15,
      previousRate: 2.15,
    });
  });

  it('falls back to the last month that has a value when the newest is blank', async () => {
    const sg = (await app.get(PATH)).body.rates.find((r: { countryCode: string }) => r.countryCode === 'SG');
    expect(sg).toMatchObject({ rate: 1.31, previousRate: 1.42, date: '2026-09-30' });
  });

  it('declares the daily cache tier', async () => {
    expect((await app.get(PATH)).headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('refuses unknown query parameters', async () => {
    expect((await app.get(`${PATH}?country=US`)).body.violations.map((v: { field: string }) => v.field)).toEqual([
      'country',
    ]);
  });
});

describe('get-bis-policy-rates without a snapshot', () => {
  it('is an empty list with caching disabled', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rates: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('BIS SDMX-CSV parser', () => {
  it('groups observations by reference area, oldest first, skipping blanks', () => {
    const s = seriesBy(parseSdmxCsv(SAMPLE), 'REF_AREA');
    expect(s.get('US')).toEqual([
      { period: '2026-08', value: 3.625 },
      { period: '2026-09', value: 3.625 },
      { period: '2026-10', value: 3.375 },
    ]);
    expect(s.get('SG')).toHaveLength(2);
  });

  it('finds columns by id in any order, with labelled headers and quoted cells', () => {
    const csv =
      'TIME_PERIOD:Time period,"OBS_VALUE:Value",REF_AREA:Reference area,FREQ:Frequency\n2026-10-15,"4.25",gb,D\n2026-10-14,4.5,GB,D\n2026-10-16,NaN,GB,D\n';
    expect(seriesBy(parseSdmxCsv(csv), 'REF_AREA').get('GB')).toEqual([
      { period: '2026-10-14', value: 4.5 },
      { period: '2026-10-15', value: 4.25 },
    ]);
    expect(buildPolicyRates(Buffer.from(csv))).toEqual([
      {
        countryCode: 'GB',
        countryName: 'United Kingdom',
        rate: 4.25,
        previousRate: 4.5,
        date: '2026-10-15',
        centralBank: 'Bank of England',
      },
    ]);
  });

  it('uses the rate itself as previousRate when there is one observation', () => {
    const csv = 'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE\nBIS:WS_CBPOL(1.0),M,JP,2026-10,0.75\n';
    expect(buildPolicyRates(Buffer.from(csv))[0]).toMatchObject({ rate: 0.75, previousRate: 0.75, date: '2026-10-31' });
  });

  it('refuses a document without the SDMX columns', () => {
    expect(() => parseSdmxCsv('<error>No results</error>')).toThrow(/TIME_PERIOD/);
  });

  it.each([
    ['2026-10', '2026-10-31'],
    ['2024-02', '2024-02-29'],
    ['2026-M02', '2026-02-28'],
    ['2026-11-03', '2026-11-03'],
    ['2026-02-30', undefined],
    ['2026-13', undefined],
    ['2026-Q3', undefined],
  ])('period %s is the date %s', (p, d) => expect(periodToDate(p)).toBe(d));
});

describe('BIS ingestion', () => {
  it('fetches the live CSV for the twelve economies from the BIS data API', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res.writeHead(200, { 'content-type': 'text/csv' }).end(SAMPLE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      const r = await live.deps.runner.run(bisPolicyRatesDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 12 });
      expect(hits).toEqual([
        '/api/v1/data/WS_CBPOL/M.US+XM+GB+JP+CH+CA+AU+CN+IN+KR+SG+BR/all?lastNObservations=3&detail=dataonly&format=csv',
      ]);
      expect((await live.get(PATH)).body.rates).toHaveLength(12);
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('keeps the last good snapshot when a run fails', async () => {
    const before = (await app.get(PATH)).body;
    for (const bytes of ['<html>maintenance</html>', 'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE\n']) {
      const r = await app.deps.runner.run(bisPolicyRatesDataset, {
        origin: { kind: 'bytes', payloads: { cbpol: Buffer.from(bytes) } },
      });
      expect(r.ok).toBe(false);
    }
    expect((await app.get(PATH)).body).toEqual(before);
  });
});
