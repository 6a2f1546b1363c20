import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../../src/services/supply-chain/datasets/index.js';
import { ENERGY_DATASETS } from '../../../../src/services/economic/energy/datasets/index.js';
import { comtradeFlowsDataset } from '../../../../src/services/trade/datasets/comtrade-flows.js';
import { ENERGY_SHOCK_DATASETS } from '../../../../src/services/intelligence/energy/queries.js';
import { oilShock } from '../../../../src/services/intelligence/energy/rules.js';

const PROFILE = '/api/intelligence/v1/get-country-energy-profile';
const SHOCK = '/api/intelligence/v1/compute-energy-shock';
const SAMPLES = [...SUPPLY_CHAIN_DATASETS, ...ENERGY_DATASETS, comtradeFlowsDataset].filter((d) =>
  (ENERGY_SHOCK_DATASETS as readonly string[]).includes(d.name),
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: SAMPLES });
});
afterAll(() => app.close());

describe('GET get-country-energy-profile', () => {
  it('answers the empty request with the largest crude importer (China in the samples)', async () => {
    const res = await app.get(PROFILE);
    expect(res.status).toBe(200);
    expect(res.body.electricityAvailable).toBe(false);
    expect(res.body).toMatchObject({
      mixAvailable: true,
      mixYear: 2024,
      coalShare: 53,
      jodiOilAvailable: true,
      sprRegime: 'government_spr',
      sprIeaMember: false,
      ieaStocksAvailable: false,
    });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('joins every energy source for a European country', async () => {
    const b = (await app.get(`${PROFILE}?country_code=de`)).body;
    expect(b).toMatchObject({
      mixYear: 2024,
      oilShare: 34.7,
      importShare: 4.9,
      gasStorageAvailable: true,
      gasStorageFillPct: 89.9,
      gasStorageTrend: 'withdrawing',
      gasStorageDate: '2026-11-19',
      electricityAvailable: true,
      electricitySource: 'entsoe',
      electricityDate: '2026-11-19',
      jodiGasAvailable: true,
      jodiGasDataMonth: '2026-08',
      gasTotalDemandTj: 230000,
      gasLngShare: 7.8,
      ieaStocksAvailable: true,
      ieaDaysOfCover: 118,
      ieaBelowObligation: false,
      emberAvailable: true,
      emberDataMonth: '2026-08',
      emberFossilShare: 36.2,
      sprRegime: 'agency',
      sprOperator: 'Erdölbevorratungsverband (EBV)',
      jodiGasObservedMeasurements: ['IMPLNG', 'IMPPIP', 'INDPROD', 'TOTDEMC'],
    });
    expect(b.jodiOilObservedMeasurements).toContain('CRUDEOIL.IMPORTS');
    expect(b.electricityPriceMwh).toBeCloseTo(98.4, 0);
  });

  it('flags an IEA member under the 90-day obligation and a net exporter', async () => {
    expect((await app.get(`${PROFILE}?country_code=GB`)).body).toMatchObject({
      ieaStocksAvailable: true,
      ieaDaysOfCover: 89,
      ieaBelowObligation: true,
      sprRegime: 'industry_obligation',
    });
    expect((await app.get(`${PROFILE}?country_code=US`)).body).toMatchObject({
      ieaNetExporter: true,
      ieaBelowObligation: false,
      jodiOilAvailable: false,
    });
  });

  it('answers zeros and unknown for a country no source covers, or a malformed code', async () => {
    for (const q of ['country_code=IS', 'country_code=ABC']) {
      const b = (await app.get(`${PROFILE}?${q}`)).body;
      expect(b).toMatchObject({
        mixAvailable: false,
        mixYear: 0,
        jodiOilAvailable: false,
        sprRegime: 'unknown',
        sprAvailable: false,
        emberAvailable: false,
        jodiOilObservedMeasurements: [],
      });
    }
  });

  it('is not cached before any energy snapshot is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(`${PROFILE}?country_code=DE`);
      expect(res.status).toBe(200);
      expect(res.body.mixAvailable).toBe(false);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('GET compute-energy-shock', () => {
  let hormuzRatio: number;
  beforeAll(async () => {
    // The live flow the shock scales by, as the chokepoint status reports it.
    const status = await app.get('/api/supply-chain/v1/get-chokepoint-status');
    hormuzRatio = status.body.chokepoints.find((c: any) => c.id === 'hormuz_strait').flowEstimate.flowRatio;
  });

  it('answers the empty request: a full Hormuz closure for the largest crude importer', async () => {
    const res = await app.get(SHOCK);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'CN',
      chokepointId: 'hormuz_strait',
      disruptionPct: 100,
      dataAvailable: true,
      comtradeCoverage: true,
      degraded: false,
      chokepointConfidence: 'high',
    });
    expect(res.body.products.map((p: any) => p.product)).toEqual(['Gasoline', 'Diesel', 'Jet fuel', 'LPG']);
  });

  it('measures China’s Gulf share from trade’s Comtrade flows (Gulf crude over the World total), not the 40% proxy', async () => {
    const b = (await app.get(`${SHOCK}?country_code=CN`)).body;
    // 2024 in the sample: Saudi Arabia 50.91, Iraq 35.0, UAE 14.9, Kuwait 12.4 (bn USD) of 324.0 bn.
    expect(b.gulfCrudeShare).toBeCloseTo(((50.91 + 35.0 + 14.9 + 12.4) / 324.0) * hormuzRatio, 2);
    expect(b.limitations.join(' ')).not.toMatch(/proxy/);
  });

  it('models Japan from its Comtrade flows, JODI and IEA stocks with full coverage', async () => {
    const b = (await app.get(`${SHOCK}?country_code=JP`)).body;
    const expected = oilShock({
      chokepointId: 'hormuz_strait',
      disruptionPct: 100,
      liveFlowRatio: hormuzRatio,
      gulfShare: (29.7 + 30.1 + 6.6) / (29.7 + 30.1 + 6.6 + 5.2 + 1.3),
      crudeImportsKbd: 2380,
      demandKbd: { GASOLINE: 820, GASDIES: 640, JETKERO: 330, LPG: 370 },
      daysOfCover: 221,
      netExporter: false,
    });
    expect(b).toMatchObject({
      ...expected,
      coverageLevel: 'full',
      jodiOilCoverage: true,
      ieaStocksCoverage: true,
      portwatchCoverage: true,
      liveFlowRatio: hormuzRatio,
    });
    // Japan's rows carry a World total, so the share is measured over it: neither proxy nor partner sum.
    expect(b.limitations.join(' ')).not.toMatch(/proxy|partners listed/);
  });

  it('uses the 40% proxy where no bundled flow has the country, and says so', async () => {
    const b = (await app.get(`${SHOCK}?country_code=KR&chokepoint_id=malacca_strait&disruption_pct=50`)).body;
    expect(b).toMatchObject({
      countryCode: 'KR',
      chokepointId: 'malacca_strait',
      disruptionPct: 50,
      comtradeCoverage: false,
      coverageLevel: 'partial',
    });
    expect(b.limitations[0]).toMatch(/proxy of 40%/);
    const ratio = (await app.get('/api/supply-chain/v1/get-chokepoint-status')).body.chokepoints.find(
      (c: any) => c.id === 'malacca_strait',
    ).flowEstimate.flowRatio;
    expect(b.gulfCrudeShare).toBeCloseTo(Math.round(0.4 * 0.7 * Math.min(1.5, ratio) * 1000) / 1000, 3);
  });

  it('answers a net exporter with no import gap', async () => {
    const b = (await app.get(`${SHOCK}?country_code=SA`)).body;
    expect(b).toMatchObject({ countryCode: 'SA', crudeLossKbd: 0, effectiveCoverDays: -1, dataAvailable: true });
    expect(b.assessment).toMatch(/^SA is a net oil exporter/);
  });

  it('holds the disruption to 10-100 as published', async () => {
    expect((await app.get(`${SHOCK}?country_code=JP&disruption_pct=0`)).body.disruptionPct).toBe(10);
    expect((await app.get(`${SHOCK}?country_code=JP&disruption_pct=3`)).body.disruptionPct).toBe(10);
  });

  it('adds the LNG loss and the European storage buffer in gas mode, zeroing the oil side', async () => {
    const b = (await app.get(`${SHOCK}?country_code=DE&fuel_mode=gas`)).body;
    expect(b).toMatchObject({ crudeLossKbd: 0, products: [], dataAvailable: true, coverageLevel: 'full' });
    expect(b.gasImpact).toMatchObject({
      lngImportsTj: 22000,
      totalDemandTj: 230000,
      dataAvailable: true,
      dataSource: 'gie_daily',
    });
    expect(b.gasImpact.lngDisruptionTj).toBeCloseTo(22000 * 0.3 * hormuzRatio, 0);
    expect(b.gasImpact.storage).toMatchObject({ fillPct: 89.9, gasTwh: 221.5, scope: 'europe', trend: 'withdrawing' });
    const both = (await app.get(`${SHOCK}?country_code=JP&fuel_mode=both`)).body;
    expect(both.gasImpact).toMatchObject({ lngShareOfImports: 1, dataSource: 'jodi_monthly', dataAvailable: true });
    expect(both.gasImpact.storage).toBeUndefined();
    expect(both.crudeLossKbd).toBeGreaterThan(0);
  });

  it('answers a country without JODI oil as unsupported and uncached', async () => {
    const res = await app.get(`${SHOCK}?country_code=US`);
    expect(res.body).toMatchObject({ dataAvailable: false, coverageLevel: 'unsupported', crudeLossKbd: 0 });
    expect(res.body.assessment).toMatch(/^Insufficient data/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an unknown chokepoint, fuel mode or an out-of-range disruption', async () => {
    expectViolation(await app.get(`${SHOCK}?chokepoint_id=panama`), 'chokepoint_id');
    expectViolation(await app.get(`${SHOCK}?fuel_mode=coal`), 'fuel_mode');
    expectViolation(await app.get(`${SHOCK}?disruption_pct=101`), 'disruption_pct');
    expectViolation(await app.get(`${SHOCK}?disruption_pct=ten`), 'disruption_pct');
  });

  it('is degraded (not cached) without live chokepoint flows', async () => {
    const oilOnly = SAMPLES.filter((d) => ['supply-chain.oil-balances', 'economic.iea-oil-stocks'].includes(d.name));
    await withTestApp({ samples: oilOnly }, async (partial) => {
      const res = await partial.get(`${SHOCK}?country_code=JP`);
      expect(res.body).toMatchObject({
        degraded: true,
        portwatchCoverage: false,
        chokepointConfidence: 'none',
        comtradeCoverage: false,
        coverageLevel: 'partial',
      });
      expect(res.body.liveFlowRatio).toBeUndefined();
      expect(res.body.limitations).toContain(
        'Live chokepoint flow unavailable (PortWatch): exposure assumes normal flows.',
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
