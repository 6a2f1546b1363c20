import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { bisEerDataset, buildExchangeRates } from '../../../../src/services/economic/rates/datasets/bis-eer.js';

const PATH = '/api/economic/v1/get-bis-exchange-rates';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [bisEerDataset] });
});
afterAll(() => app.close());

describe('GET get-bis-exchange-rates', () => {
  it('serves the latest real index, its monthly change and the nominal index of the same month', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.rates).toHaveLength(12);
    expect(res.body.rates[0]).toEqual({
      countryCode: 'US',
      countryName: 'United States',
      realEer: 109.4,
      nominalEer: 109.34,
      realChange: 0.1,
      date: '2026-10',
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('falls back to the last month with a real index when the newest cell is empty', async () => {
    const india = (await app.get(PATH)).body.rates.find((r: { countryCode: string }) => r.countryCode === 'IN');
    expect(india).toEqual({
      countryCode: 'IN',
      countryName: 'India',
      realEer: 94.47,
      nominalEer: 100.8,
      realChange: -0.5,
      date: '2026-09',
    });
  });
});

describe('BIS WS_EER parsing', () => {
  it('gives one month a zero change and a zero nominal index when BIS has none', () => {
    const csv = 'FREQ,EER_TYPE,EER_BASKET,REF_AREA,TIME_PERIOD,OBS_VALUE\nM,R,B,CH,2026-10,112.345\n';
    expect(buildExchangeRates(Buffer.from(csv))).toEqual([
      { countryCode: 'CH', countryName: 'Switzerland', realEer: 112.35, nominalEer: 0, realChange: 0, date: '2026-10' },
    ]);
  });

  it('refuses an answer without any real index', () => {
    expect(() =>
      buildExchangeRates(Buffer.from('FREQ,EER_TYPE,REF_AREA,TIME_PERIOD,OBS_VALUE\nM,N,US,2026-10,100\n')),
    ).toThrow(/no economy/);
    expect(() => buildExchangeRates(Buffer.from('<html/>'))).toThrow(/TIME_PERIOD/);
  });
});

describe('get-bis-exchange-rates without a snapshot', () => {
  it('is an empty list, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ rates: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('BIS WS_EER ingestion', () => {
  it('asks for real and nominal broad indices of the twelve economies over the last four months', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end('FREQ,EER_TYPE,EER_BASKET,REF_AREA,TIME_PERIOD,OBS_VALUE\nM,R,B,US,2026-10,109.4\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      clock: new ManualClock(SAMPLE_NOW),
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      const r = await live.deps.runner.run(bisEerDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 1 });
      expect(hits).toEqual([
        '/api/v1/data/WS_EER/M.N+R.B.US+XM+GB+JP+CH+CA+AU+CN+IN+KR+SG+BR/all?startPeriod=2026-07&detail=dataonly&format=csv',
      ]);
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
