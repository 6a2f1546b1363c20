import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { TRADE_DATASETS } from '../../../src/services/trade/datasets/index.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: TRADE_DATASETS });
});
afterAll(() => app.close());

const T = '/api/trade/v1';

describe('get-trade-restrictions', () => {
  it('answers the empty request with MFN baselines, highest first', async () => {
    const res = await app.get(`${T}/get-trade-restrictions`);
    expect(res.status).toBe(200);
    const { restrictions, upstreamUnavailable, fetchedAt } = res.body;
    expect(upstreamUnavailable).toBe(false);
    expect(Date.parse(fetchedAt)).toBeGreaterThan(0);
    expect(restrictions).toHaveLength(10);
    const rates = restrictions.map((r: { description: string }) => Number(/([\d.]+)%$/.exec(r.description)![1]));
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    expect(restrictions[0]).toEqual({
      id: '699-2024-TP_A_0010',
      reportingCountry: 'India',
      affectedCountry: 'All trading partners',
      productSector: 'All products',
      measureType: 'WTO MFN Baseline',
      description: 'WTO MFN baseline: 16.2%',
      status: 'high',
      notifiedAt: '2024',
      sourceUrl: 'https://stats.wto.org',
    });
    // China's newest year is 2025; the United States has none newer than 2024.
    expect(restrictions.find((r: { id: string }) => r.id.startsWith('156-')).notifiedAt).toBe('2025');
  });
  it('limits and filters by country code, ISO code or name', async () => {
    expect((await app.get(`${T}/get-trade-restrictions?limit=3`)).body.restrictions).toHaveLength(3);
    expect((await app.get(`${T}/get-trade-restrictions?limit=-1`)).body.restrictions).toHaveLength(10);
    const res = await app.get(`${T}/get-trade-restrictions?countries=840,CN&countries=Japan`);
    expect(res.body.restrictions.map((r: { reportingCountry: string }) => r.reportingCountry).sort()).toEqual([
      'China',
      'Japan',
      'United States of America',
    ]);
    expect((await app.get(`${T}/get-trade-restrictions?countries=Atlantis`)).body.restrictions).toEqual([]);
  });
  it.each([
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${T}/get-trade-restrictions?${q}`), f));
});

describe('get-trade-barriers', () => {
  it('answers the empty request with tariff gaps, largest first', async () => {
    const res = await app.get(`${T}/get-trade-barriers`);
    expect(res.status).toBe(200);
    const { barriers } = res.body;
    expect(barriers[0]).toEqual({
      id: '410-tariff-gap-2024',
      notifyingCountry: 'Korea, Republic of',
      title: 'Agricultural tariff: 56.5% vs Non-agricultural: 6.5% (gap: +50.0 pp)',
      measureType: 'High agricultural protection',
      productDescription: 'Agricultural vs non-agricultural products',
      objective: 'Agricultural sector protection',
      status: 'high',
      dateDistributed: '2024',
      sourceUrl: 'https://stats.wto.org',
    });
    expect(barriers.at(-1).notifyingCountry).toBe('Brazil');
    expect(barriers.at(-1).objective).toBe('Uniform tariff structure');
  });
  it('filters by measure_type text and countries', async () => {
    const low = (await app.get(`${T}/get-trade-barriers?measure_type=low`)).body.barriers;
    expect(low.length).toBeGreaterThan(0);
    for (const b of low) expect(b.measureType).toBe('Low tariff gap');
    const us = (await app.get(`${T}/get-trade-barriers?countries=USA`)).body.barriers;
    expect(us.map((b: { id: string }) => b.id)).toEqual(['840-tariff-gap-2024']);
  });
});

describe('get-tariff-trends', () => {
  it('defaults to the United States over the last ten years', async () => {
    const res = await app.get(`${T}/get-tariff-trends`);
    expect(res.status).toBe(200);
    expect(res.body.unavailableReason).toBe('TARIFF_TREND_UNAVAILABLE_REASON_UNSPECIFIED');
    expect(res.body.datapoints.map((d: { year: number }) => d.year)).toEqual([
      2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024,
    ]);
    expect(res.body).toMatchObject({ coverageStartYear: 2014, coverageEndYear: 2024, upstreamUnavailable: false });
    expect(res.body.datapoints[0]).toEqual({
      reportingCountry: 'United States of America',
      partnerCountry: 'World',
      productSector: 'All products',
      year: 2014,
      tariffRate: 3.5,
      boundRate: 0,
      indicatorCode: 'TP_A_0010',
    });
    expect(res.body).not.toHaveProperty('effectiveTariffRate');
  });
  it('takes reporter and years; other sectors and reporters are not covered', async () => {
    const cn = (await app.get(`${T}/get-tariff-trends?reporting_country=156&years=2`)).body;
    expect(cn.datapoints.map((d: { year: number; tariffRate: number }) => [d.year, d.tariffRate])).toEqual([
      [2023, 7.4],
      [2024, 7.4],
      [2025, 7.3],
    ]);
    const sector = (await app.get(`${T}/get-tariff-trends?product_sector=agri`)).body;
    expect(sector).toMatchObject({
      datapoints: [],
      unavailableReason: 'TARIFF_TREND_UNAVAILABLE_REASON_NOT_COVERED',
      upstreamUnavailable: false,
      fetchedAt: '',
    });
    expect((await app.get(`${T}/get-tariff-trends?product_sector=all`)).body.datapoints.length).toBe(11);
    const other = await app.get(`${T}/get-tariff-trends?reporting_country=999`);
    expect(other.body.unavailableReason).toBe('TARIFF_TREND_UNAVAILABLE_REASON_NOT_COVERED');
    expect(other.headers.get('cache-control')).not.toBe('no-store');
  });
  it.each([
    ['reporting_country=US', 'reporting_country'],
    ['partner_country=12', 'partner_country'],
    ['years=31', 'years'],
    ['years=-1', 'years'],
    ['product_sector=a%20b', 'product_sector'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${T}/get-tariff-trends?${q}`), f));
});

describe('get-trade-flows', () => {
  it('defaults to the United States with the World', async () => {
    const res = await app.get(`${T}/get-trade-flows`);
    expect(res.status).toBe(200);
    expect(res.body.flows).toHaveLength(6);
    expect(res.body.flows[1]).toEqual({
      reportingCountry: 'United States of America',
      partnerCountry: 'World',
      year: 2020,
      exportValueUsd: 1424935,
      importValueUsd: 2406932,
      yoyExportChange: -13.28,
      yoyImportChange: -6.25,
      productSector: 'Total merchandise',
    });
  });
  it('skips a year without imports and does not compare across the gap', async () => {
    const india = (await app.get(`${T}/get-trade-flows?reporting_country=699`)).body.flows;
    expect(india.map((f: { year: number }) => f.year)).toEqual([2019, 2021, 2022, 2023, 2024]);
    expect(india[1]).toMatchObject({ yoyExportChange: 0, yoyImportChange: 0 });
    expect(india[2].yoyExportChange).toBe(14.68);
  });
  it('covers only the World as partner', async () => {
    const res = await app.get(`${T}/get-trade-flows?partner_country=156`);
    expect(res.body).toMatchObject({
      flows: [],
      unavailableReason: 'TRADE_FLOW_UNAVAILABLE_REASON_NOT_COVERED',
      upstreamUnavailable: false,
    });
    expect((await app.get(`${T}/get-trade-flows?years=1`)).body.flows.map((f: { year: number }) => f.year)).toEqual([
      2023, 2024,
    ]);
  });
});

describe('get-customs-revenue', () => {
  it('returns the months oldest first', async () => {
    const res = await app.get(`${T}/get-customs-revenue`);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.body.months).toHaveLength(18);
    expect(res.body.months[0].recordDate < res.body.months[17].recordDate).toBe(true);
  });
});

describe('list-comtrade-flows', () => {
  it('answers the empty request with every flow, newest year first then largest change', async () => {
    const res = await app.get(`${T}/list-comtrade-flows`);
    expect(res.status).toBe(200);
    const flows = res.body.flows as { year: number; yoyChange: number; isAnomaly: boolean; partnerCode: string }[];
    // 4 reporters x 5 HS codes x 2 years in the sample.
    expect(flows).toHaveLength(40);
    const y2024 = flows.filter((f) => f.year === 2024);
    expect(flows.slice(0, y2024.length)).toEqual(y2024);
    const changes = y2024.map((f) => Math.abs(f.yoyChange));
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    for (const f of flows) expect(f.partnerCode).toBe('000');
    expect(flows.some((f) => f.isAnomaly)).toBe(true);
  });
  it('filters by reporter, HS code and anomalies', async () => {
    const chips = (await app.get(`${T}/list-comtrade-flows?reporter_code=490&cmd_code=8542`)).body.flows;
    expect(chips.map((f: { year: number }) => f.year)).toEqual([2024, 2023]);
    expect(chips[0]).toMatchObject({
      reporterName: 'Other Asia, nes',
      cmdDesc: 'Electronic integrated circuits',
      isAnomaly: false,
    });
    const anomalies = (await app.get(`${T}/list-comtrade-flows?anomalies_only=true`)).body.flows;
    expect(anomalies.length).toBeGreaterThan(0);
    for (const f of anomalies) expect(Math.abs(f.yoyChange)).toBeGreaterThan(0.3);
  });
  it.each([
    ['cmd_code=85', 'cmd_code'],
    ['reporter_code=USA', 'reporter_code'],
    ['anomalies_only=yes', 'anomalies_only'],
  ])('refuses %s', async (q, f) => {
    expectViolation(await app.get(`${T}/list-comtrade-flows?${q}`), f);
  });
});

describe('without snapshots', () => {
  it('every operation says so in-band and is not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const op of [
        'get-trade-restrictions',
        'get-trade-barriers',
        'get-customs-revenue',
        'list-comtrade-flows',
        'get-tariff-trends',
        'get-trade-flows',
      ]) {
        const res = await empty.get(`${T}/${op}`);
        expect(res.status).toBe(200);
        expect(res.body.upstreamUnavailable).toBe(true);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      expect((await empty.get(`${T}/get-tariff-trends`)).body.unavailableReason).toBe(
        'TARIFF_TREND_UNAVAILABLE_REASON_COVERAGE_UNKNOWN',
      );
    });
  });
});
