import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { commoditiesDataset } from '../../../../src/services/market/commodities/datasets/commodities.js';
import { cotDataset } from '../../../../src/services/market/flows/datasets/cot.js';
import { gldHoldingsDataset } from '../../../../src/services/market/commodities/datasets/gld-holdings.js';
import { cbGoldReservesDataset } from '../../../../src/services/market/commodities/datasets/cb-gold-reserves.js';
import { centralBankGold } from '../../../../src/services/market/commodities/rules.js';
import { parseGldArchive } from '../../../../src/sources/spdr/gld.js';
import { writeXlsx } from '../../../../src/sources/formats/xlsx.js';

const PATH = '/api/market/v1/get-gold-intelligence';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [commoditiesDataset, cotDataset, gldHoldingsDataset, cbGoldReservesDataset] });
});
afterAll(() => app.close());

describe('GET get-gold-intelligence', () => {
  it('joins prices, ratios, currencies, returns, drivers and positioning', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.unavailable).toBe(false);
    expect(b).toMatchObject({ goldPrice: 4065.3, silverPrice: 50.41, platinumPrice: 1541.2, palladiumPrice: 1395.5 });
    expect(b.goldSilverRatio).toBeCloseTo(4065.3 / 50.41, 2);
    expect(b.goldPlatinumPremiumPct).toBeCloseTo(((4065.3 - 1541.2) / 1541.2) * 100, 2);
    const cross = Object.fromEntries(
      b.crossCurrencyPrices.map((c: { currency: string; price: number }) => [c.currency, c.price]),
    );
    expect(cross.EUR).toBeCloseTo(4065.3 / 1.1583, 1);
    expect(cross.JPY).toBeCloseTo(4065.3 * 155.21, 0);
    expect(cross.CHF).toBeCloseTo(4065.3 * 0.8031, 1);
    expect(b.goldSparkline).toHaveLength(22);
    expect(b.range52w.lo).toBeLessThanOrEqual(4065.3);
    expect(b.range52w.hi).toBeGreaterThanOrEqual(4065.3);
    expect(b.range52w.positionPct).toBeGreaterThanOrEqual(0);
    expect(b.range52w.positionPct).toBeLessThanOrEqual(100);
    expect(b.session.dayHigh).toBeGreaterThanOrEqual(b.session.dayLow);
    expect(b.drivers.map((d: { symbol: string }) => d.symbol)).toEqual(['^TNX', 'DX-Y.NYB']);
    for (const d of b.drivers) expect(Math.abs(d.correlation30d)).toBeLessThanOrEqual(1);
    expect(b.cot).toMatchObject({ reportDate: '2026-11-10', nextReleaseDate: '2026-11-13' });
    expect(Number(b.cot.managedMoney.longPositions)).toBeGreaterThan(0);
    // Managed money added longs between the two sample weeks.
    expect(Number(b.cot.managedMoney.wowNetDelta)).toBeGreaterThan(0);
    expect(b.etfFlows).toMatchObject({ asOfDate: '2026-11-19' });
    expect(b.etfFlows.tonnes).toBeGreaterThan(800);
    expect(b.etfFlows.sparkline90d).toHaveLength(90);
    expect(b.etfFlows.sparkline90d.at(-1)).toBe(b.etfFlows.tonnes);
    expect(b.etfFlows.changeW1Tonnes).toBeCloseTo(b.etfFlows.tonnes - b.etfFlows.sparkline90d.at(-6), 1);
    const cb = b.cbReserves;
    expect(cb.asOfMonth).toBe('2026-10');
    expect(cb.topHolders).toHaveLength(20);
    expect(cb.topHolders[0]).toMatchObject({ iso3: 'USA', name: 'United States' });
    expect(cb.topHolders[0].tonnes).toBeCloseTo(8133.5, 0);
    expect(cb.topHolders[0].pctOfReserves).toBeGreaterThan(50);
    expect(cb.totalTonnes).toBeCloseTo(
      cb.topHolders.reduce((s: number, h: { tonnes: number }) => s + h.tonnes, 0),
      0,
    );
    expect(cb.topBuyers12m[0]).toMatchObject({ iso3: 'POL' });
    expect(cb.topBuyers12m[0].deltaTonnes12m).toBeCloseTo(92, 0);
    expect(cb.topSellers12m[0]).toMatchObject({ iso3: 'UZB' });
    // Kazakhstan has not reported the latest month: ranked at its own latest (September), and with no
    // report twelve months before that in the data, it is not counted among the movers.
    expect(cb.topHolders.map((h: { iso3: string }) => h.iso3)).toContain('KAZ');
    expect(cb.topBuyers12m.map((m: { iso3: string }) => m.iso3)).not.toContain('KAZ');
    expect(b.updatedAt).toMatch(/^2026-11-19T/);
  });

  it('reads the GLD archive: the sheet with the tonnes column, dates as serials or text', () => {
    const header = ['Date', 'NAV', 'Total Net Asset Value Tonnes in the Trust', 'Total Net Asset Value in the Trust'];
    const book = writeXlsx([
      { name: 'Notes', rows: [['nothing here']] },
      {
        name: 'GLD',
        rows: [['title'], header, [46345, 370.1, 880.5, 1e11], ['18-Nov-2026', 369, 879, 9.9e10], ['n/a', 1, 0, 0]],
      },
    ]);
    expect(parseGldArchive(book)).toEqual([
      { date: '2026-11-18', tonnes: 879, nav: 369, aumUsd: 9.9e10 },
      { date: '2026-11-19', tonnes: 880.5, nav: 370.1, aumUsd: 1e11 },
    ]);
    expect(() => parseGldArchive(writeXlsx([{ name: 'x', rows: [['a']] }]))).toThrow(/tonnes/);
  });

  it('central-bank gold: a late reporter at its own latest month, movers over twelve months', () => {
    const c = (iso3: string, months: Record<string, number>) => ({
      iso3,
      name: iso3,
      months: Object.fromEntries(Object.entries(months).map(([m, moz]) => [m, { goldMoz: moz }])),
    });
    const r = centralBankGold([
      c('AAA', { '2025-10': 10, '2026-10': 12 }),
      c('BBB', { '2025-09': 5, '2026-09': 4 }),
      c('CCC', { '2026-10': 1 }),
    ])!;
    expect(r.asOfMonth).toBe('2026-10');
    expect(r.topBuyers12m).toEqual([{ iso3: 'AAA', name: 'AAA', deltaTonnes12m: 62.2 }]);
    expect(r.topSellers12m).toEqual([{ iso3: 'BBB', name: 'BBB', deltaTonnes12m: -31.1 }]);
    expect(centralBankGold([])).toBeUndefined();
  });

  it('omits positioning, ETF holdings and reserves without their snapshots', async () => {
    await withTestApp({ samples: [commoditiesDataset] }, async (only) => {
      const res = await only.get(PATH);
      expect(res.body.unavailable).toBe(false);
      expect(res.body.cot).toBeUndefined();
      expect(res.body.etfFlows).toBeUndefined();
      expect(res.body.cbReserves).toBeUndefined();
    });
  });

  it('is unavailable and not cached without a gold price', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({ unavailable: true, goldPrice: 0, drivers: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
