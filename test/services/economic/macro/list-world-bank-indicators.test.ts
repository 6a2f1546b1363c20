import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { worldBankDataset } from '../../../../src/services/economic/macro/datasets/world-bank.js';
import { parseWorldBankIndicator } from '../../../../src/sources/worldbank/indicators.js';

const PATH = '/api/economic/v1/list-world-bank-indicators';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [worldBankDataset] });
});
afterAll(() => app.close());

describe('GET list-world-bank-indicators', () => {
  it('lists every country-year with a value for the indicator, nulls left out', async () => {
    const res = await app.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD`);
    expect(res.status).toBe(200);
    // 8 economies x 2020-2024, plus 2025 for all but Nigeria (null in the sample).
    expect(res.body.data).toHaveLength(8 * 5 + 7);
    expect(res.body.data[0]).toEqual({
      countryCode: 'USA',
      countryName: 'United States',
      indicatorCode: 'NY.GDP.MKTP.CD',
      indicatorName: 'GDP (current US$)',
      year: 2025,
      value: 30507200000000, // as the IMF WEO sample's 2025 figure
    });
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 47 });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('narrows by countries (alpha-2 or alpha-3, ; or ,) and by calendar year', async () => {
    const res = await app.get(`${PATH}?indicator_code=fp.cpi.totl.zg&country_code=DE;ind,NGA&year=2023`);
    expect(res.body.data.map((r: { countryCode: string; year: number }) => `${r.countryCode}:${r.year}`)).toEqual([
      'DEU:2023',
      'IND:2023',
      'NGA:2023',
    ]);
  });

  it('pages with page_size and cursor', async () => {
    const first = (await app.get(`${PATH}?indicator_code=IT.NET.USER.ZS&page_size=15`)).body;
    expect(first.data).toHaveLength(15);
    expect(first.pagination.totalCount).toBe(40);
    const second = (
      await app.get(`${PATH}?indicator_code=IT.NET.USER.ZS&page_size=15&cursor=${first.pagination.nextCursor}`)
    ).body;
    expect(second.data[0]).not.toEqual(first.data[14]);
    expect(second.data).toHaveLength(15);
  });

  it('refuses an indicator outside the snapshot, an unknown country and bad numbers', async () => {
    const res = await app.get(`${PATH}?indicator_code=SP.POP.TOTL`);
    expectViolation(res, 'indicator_code', { only: true });
    expect(res.body.violations[0].description).toContain('SP.POP.TOTL');
    expectViolation(await app.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD&country_code=XYZ`), 'country_code');
    expectViolation(await app.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD&year=20`), 'year');
    expectViolation(await app.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD&page_size=0`), 'page_size');
    expectViolation(await app.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD&cursor=nope!`), 'cursor');
  });

  it('answers the whole fixed set, indicator by indicator, when no indicator is named', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    let total = 0;
    for (const code of ['NY.GDP.MKTP.CD', 'IT.NET.USER.ZS', 'FP.CPI.TOTL.ZG'])
      total += (await app.get(`${PATH}?indicator_code=${code}`)).body.pagination.totalCount;
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: total });
    const codes = res.body.data.map((r: { indicatorCode: string }) => r.indicatorCode);
    expect([...new Set(codes)]).toEqual(['NY.GDP.MKTP.CD', 'IT.NET.USER.ZS', 'FP.CPI.TOTL.ZG']);
    const filtered = (await app.get(`${PATH}?country_code=DE&year=2023`)).body.data;
    expect(
      filtered.map((r: { indicatorCode: string; countryCode: string }) => `${r.indicatorCode}:${r.countryCode}`),
    ).toEqual(['NY.GDP.MKTP.CD:DEU', 'IT.NET.USER.ZS:DEU', 'FP.CPI.TOTL.ZG:DEU']);
    const first = (await app.get(`${PATH}?page_size=50`)).body;
    const second = (await app.get(`${PATH}?page_size=50&cursor=${first.pagination.nextCursor}`)).body;
    expect(second.data[0].indicatorCode).toBe('IT.NET.USER.ZS');
    expect(second.data).toHaveLength(50);
  });
});

describe('World Bank parsing and ingestion', () => {
  it('refuses the API error document', () => {
    expect(() =>
      parseWorldBankIndicator(
        '[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]',
      ),
    ).toThrow(/not valid/);
    expect(() => parseWorldBankIndicator('{}')).toThrow(/array/);
  });

  it('asks for the six years up to this one for the 47 economies', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res
        .writeHead(200)
        .end(
          '[{"page":1},[{"indicator":{"id":"NY.GDP.MKTP.CD","value":"GDP"},"country":{"value":"Kenya"},"countryiso3code":"KEN","date":"2024","value":1}]]',
        );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      clock: new ManualClock(SAMPLE_NOW),
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect(await live.deps.runner.run(worldBankDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 3,
      });
      expect(hits[0]).toMatch(
        /^\/v2\/country\/USA;CHN;JPN;.*;KEN\/indicator\/NY\.GDP\.MKTP\.CD\?format=json&date=2020:2026&per_page=1000$/,
      );
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('list-world-bank-indicators without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${PATH}?indicator_code=NY.GDP.MKTP.CD`);
      expect(res.body).toEqual({ data: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
