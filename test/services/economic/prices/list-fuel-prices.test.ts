import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { buildFuelPrices, fuelPricesDataset } from '../../../../src/services/economic/prices/datasets/fuel-prices.js';
import { fuelWow } from '../../../../src/services/economic/prices/rules.js';
import { parseOilBulletin } from '../../../../src/sources/eu-oil-bulletin/bulletin.js';
import { parseRoadFuel } from '../../../../src/sources/desnz/road-fuel.js';
import { writeXlsx } from '../../../../src/sources/formats/xlsx.js';

const PATH = '/api/economic/v1/list-fuel-prices';
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'economic', 'fuel', f));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [fuelPricesDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET list-fuel-prices', () => {
  it('lists pump prices per country in local currency and dollars per litre', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.countries.map((c: { code: string }) => c.code)).toEqual([
      'AT',
      'BE',
      'DE',
      'FR',
      'GB',
      'IT',
      'MY',
      'NL',
      'PL',
      'US',
    ]);
    expect(b).toMatchObject({
      fetchedAt: new Date(SAMPLE_NOW).toISOString(),
      cheapestGasoline: 'MY',
      mostExpensiveGasoline: 'NL',
      cheapestDiesel: 'MY',
      mostExpensiveDiesel: 'BE',
      wowAvailable: true,
      prevFetchedAt: '',
      sourceCount: 4,
      countryCount: 10,
    });
    const us = b.countries.find((c: { code: string }) => c.code === 'US');
    expect(us).toEqual({
      code: 'US',
      name: 'United States',
      currency: 'USD',
      flag: '🇺🇸',
      fxRate: 1,
      gasoline: {
        usdPrice: 0.7957,
        localPrice: 0.7957,
        grade: 'Regular',
        source: 'EIA',
        available: true,
        wowPct: -1.15,
        observedAt: '2026-11-17',
      },
      diesel: {
        usdPrice: 0.9732,
        localPrice: 0.9732,
        grade: 'Diesel (ULSD)',
        source: 'EIA',
        available: true,
        wowPct: -0.49,
        observedAt: '2026-11-17',
      },
    });
    const de = b.countries.find((c: { code: string }) => c.code === 'DE');
    expect(de).toMatchObject({
      currency: 'EUR',
      fxRate: 1.1583, // the EURUSD=X close of 19 Nov, as in the market samples; 1.7124 x 1.1583 = 1.9835
      gasoline: { localPrice: 1.7124, usdPrice: 1.9835, grade: 'Euro-super 95', observedAt: '2026-11-17' },
    });
    expect(de.gasoline.wowPct).toBeUndefined();
    expect(b.countries.find((c: { code: string }) => c.code === 'GB').gasoline).toMatchObject({
      localPrice: 1.3387,
      usdPrice: 1.7529, // 1.3387 x GBPUSD=X 1.3094
      wowPct: -0.18,
      source: 'DESNZ',
    });
    expect(b.countries.find((c: { code: string }) => c.code === 'MY').diesel).toMatchObject({
      localPrice: 2.88,
      wowPct: -1.71,
      grade: 'Diesel',
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });
});

describe('fuel price sources', () => {
  it('reads the Oil Bulletin workbook in euro per litre, skipping the EU average', () => {
    const { date, rows } = parseOilBulletin(sample('eu-weekly-oil-bulletin.xlsx'));
    expect(date).toBe('2026-11-17');
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.country === 'Austria')).toEqual({ country: 'Austria', gasoline: 1.552, diesel: 1.561 });
    expect(() => parseOilBulletin(writeXlsx([{ name: 'x', rows: [['nothing here']] }]))).toThrow(/Euro-super 95/);
  });

  it('reads the DESNZ CSV in pounds per litre, newest first', () => {
    expect(parseRoadFuel(sample('desnz-weekly-road-fuel-prices.csv'))[0]).toEqual({
      date: '2026-11-17',
      petrol: 1.3387,
      diesel: 1.4045,
    });
    expect(() => parseRoadFuel('Date,Price\n01/01/2026,1\n')).toThrow(/ULSP/);
  });

  it('drops a price outside the plausible dollar band and gives nothing for a currency without its rate', () => {
    const bulletinOnly = buildFuelPrices({
      eu: sample('eu-weekly-oil-bulletin.xlsx'),
      us: sample('eia-petroleum-pri-gnd.json'),
    });
    expect(bulletinOnly.records.map((r) => r.code)).toEqual(['US']);
    expect(bulletinOnly.info.failedSources).toEqual(['data.gov.my', 'EU Weekly Oil Bulletin', 'DESNZ']);
  });

  it.each([
    [{ price: 110, date: '2026-11-17' }, { price: 100, date: '2026-11-10' }, 10],
    [{ price: 120, date: '2026-11-17' }, { price: 100, date: '2026-11-10' }, undefined],
    [{ price: 101, date: '2026-11-17' }, { price: 100, date: '2026-11-14' }, undefined],
    [{ price: 101, date: '2026-11-17' }, undefined, undefined],
  ])('week-over-week of %j against %j is %s', (now, before, pct) => expect(fuelWow(now, before)).toBe(pct));
});

describe('list-fuel-prices without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({ countries: [], countryCount: 0, sourceCount: 0, wowAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
