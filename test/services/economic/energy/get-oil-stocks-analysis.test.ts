import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import {
  buildOilStocks,
  ieaOilStocksDataset,
} from '../../../../src/services/economic/energy/datasets/iea-oil-stocks.js';
import { parseIeaLatest, parseIeaMonthly } from '../../../../src/sources/iea/netimports.js';

const PATH = '/api/economic/v1/get-oil-stocks-analysis';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [ieaOilStocksDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-oil-stocks-analysis', () => {
  it('ranks importers by days of cover with net exporters last', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dataMonth: '2026-08',
      updatedAt: new Date(SAMPLE_NOW).toISOString(),
      unavailable: false,
    });
    const m = res.body.ieaMembers;
    expect(m.map((x: { iso2: string }) => x.iso2)).toEqual([
      'JP',
      'KR',
      'NL',
      'DE',
      'PL',
      'IT',
      'ES',
      'FR',
      'AT',
      'GB',
      'NZ',
      'AU',
      'MX',
      'CA',
      'NO',
      'US',
    ]);
    expect(m[0]).toEqual({
      iso2: 'JP',
      daysOfCover: 221,
      netExporter: false,
      belowObligation: false,
      obligationMet: true,
      rank: 1,
      vsObligation: 131,
    });
    expect(m[9]).toEqual({
      iso2: 'GB',
      daysOfCover: 89,
      netExporter: false,
      belowObligation: true,
      obligationMet: false,
      rank: 10,
      vsObligation: -1,
    });
    expect(m[13]).toEqual({ iso2: 'CA', netExporter: true, belowObligation: false, obligationMet: true, rank: 14 });
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('lists who is below the obligation and summarises each region', async () => {
    const body = (await app.get(PATH)).body;
    expect(body.belowObligation).toEqual(['GB', 'NZ', 'AU', 'MX']);
    expect(body.regionalSummary).toEqual({
      europe: { avgDays: 110, minDays: 89, countBelowObligation: 1 },
      asiaPacific: { avgDays: 136, minDays: 58, countBelowObligation: 2 },
      northAmerica: { netExporters: 2, avgDays: 28 },
    });
  });

  it('leaves out an implausible total and a country that is not a member', async () => {
    const iso = (await app.get(PATH)).body.ieaMembers.map((x: { iso2: string }) => x.iso2);
    expect(iso).not.toContain('EE');
    expect(iso).toHaveLength(16);
  });
});

describe('IEA parsing', () => {
  it('reads the latest month and refuses one without it', () => {
    expect(parseIeaLatest('{"year":2026,"month":8}')).toEqual({ year: 2026, month: 8 });
    expect(() => parseIeaLatest('{"year":2026}')).toThrow(/year and month/);
  });

  it('reads numeric totals and net exporters, skipping the rest', () => {
    const rows =
      '[{"countryName":"Japan","total":"221"},{"countryName":"Norway","total":"Net Exporter"},{"countryName":"Chile","total":""},{"total":"5"}]';
    expect(parseIeaMonthly(rows)).toEqual([
      { country: 'Japan', total: 221 },
      { country: 'Norway', total: 'exporter' },
    ]);
    expect(() => parseIeaMonthly('{"error":"x"}')).toThrow(/not a list/);
  });

  it('maps alias names and refuses a month without any member', () => {
    const latest = Buffer.from('{"year":2026,"month":7}');
    expect(buildOilStocks(latest, Buffer.from('[{"countryName":"Türkiye","total":"95.4"}]'))).toEqual({
      records: [{ iso2: 'TR', region: 'europe', daysOfCover: 95, netExporter: false }],
      info: { dataMonth: '2026-07', anomalies: [] },
    });
    expect(() => buildOilStocks(latest, Buffer.from('[{"countryName":"Chile","total":"40"}]'))).toThrow(/no member/);
  });

  it('asks for the month the latest answer names', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res
        .writeHead(200)
        .end(
          req.url!.startsWith('/netimports/latest')
            ? '{"year":2026,"month":9}'
            : '[{"countryName":"Japan","total":"219"}]',
        );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect(await live.deps.runner.run(ieaOilStocksDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 1,
      });
      expect(hits).toContain('/netimports/monthly/?year=2026&month=09');
      expect((await live.get(PATH)).body.dataMonth).toBe('2026-09');
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('get-oil-stocks-analysis without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        updatedAt: '',
        dataMonth: '',
        ieaMembers: [],
        belowObligation: [],
        unavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
