import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { eiaWeeklyDataset } from '../../../../src/services/economic/energy/datasets/eia-weekly.js';
import { gieStorageDataset } from '../../../../src/services/economic/energy/datasets/gie-storage.js';
import { ieaOilStocksDataset } from '../../../../src/services/economic/energy/datasets/iea-oil-stocks.js';

const PATH = '/api/economic/v1/get-oil-inventories';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    samples: [eiaWeeklyDataset, gieStorageDataset, ieaOilStocksDataset],
    clock: new ManualClock(SAMPLE_NOW),
  });
});
afterAll(() => app.close());

describe('GET get-oil-inventories', () => {
  it('combines US crude, SPR, refinery and gas, EU gas and IEA stocks', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.crudeWeeks).toEqual((await app.get('/api/economic/v1/get-crude-inventories')).body.weeks);
    expect(b.natGasWeeks).toEqual((await app.get('/api/economic/v1/get-nat-gas-storage')).body.weeks);
    expect(b.spr).toMatchObject({ latestStocksMb: 411.862, changeWow: -0.313 });
    expect(b.spr.weeks[0]).toEqual({ period: '2026-11-13', stocksMb: 411.862 });
    expect(b.refinery).toEqual({ inputsMbpd: 16.284, period: '2026-11-13' });
    expect(b.euGas).toMatchObject({ fillPct: 88.74, fillPctChange1d: -0.38, trend: 'withdrawing' });
    expect(b.euGas.history[0]).toEqual({ date: '2026-11-19', fillPct: 88.74 });
    expect(b.ieaStocks.dataMonth).toBe('2026-08');
    expect(b.ieaStocks.members[0]).toEqual({
      iso2: 'JP',
      daysOfCover: 221,
      netExporter: false,
      belowObligation: false,
    });
    expect(b.ieaStocks.members.find((m: { iso2: string }) => m.iso2 === 'US')).toEqual({
      iso2: 'US',
      netExporter: true,
      belowObligation: false,
    });
    expect(b.ieaStocks.europe).toEqual({ avgDays: 110, minDays: 89, countBelowObligation: 1 });
    expect(b.ieaStocks.northAmerica).toEqual({ avgDays: 28, minDays: 28, countBelowObligation: 1 });
    expect(b.updatedAt).toBe(new Date(SAMPLE_NOW).toISOString());
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });
});

describe('get-oil-inventories with inputs missing', () => {
  it('drops the blocks of a missing input and stays cacheable', async () => {
    await withTestApp({ samples: [gieStorageDataset] }, async (partial) => {
      const res = await partial.get(PATH);
      expect(Object.keys(res.body).sort()).toEqual(['crudeWeeks', 'euGas', 'natGasWeeks', 'updatedAt']);
      expect(res.body.crudeWeeks).toEqual([]);
      expect(res.headers.get('cache-control')).not.toBe('no-store');
    });
  });

  it('is empty and uncached when every input is missing', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ crudeWeeks: [], natGasWeeks: [], updatedAt: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
