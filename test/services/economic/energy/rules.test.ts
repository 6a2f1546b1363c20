import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseOilStocks,
  capacitySeries,
  gasTrend,
  pctChange,
  weeklyLevels,
  type MemberStocks,
} from '../../../../src/services/economic/energy/rules.js';

describe('weekly levels', () => {
  it('orders newest first and gives each week its change from the one before', () => {
    const points = [
      { period: '2026-10-30', value: 1000 },
      { period: '2026-11-13', value: 1500 },
      { period: '2026-11-06', value: 1200 },
    ];
    expect(weeklyLevels(points, 2, 1000)).toEqual([
      { period: '2026-11-13', level: 1.5, change: 0.3 },
      { period: '2026-11-06', level: 1.2, change: 0.2 },
    ]);
    expect(weeklyLevels(points, 5, 1).at(-1)).toEqual({ period: '2026-10-30', level: 1000 });
  });

  it('changes add up to the difference between the first and last level listed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 12 }), (values) => {
        const points = values.map((value, i) => ({ period: `2026-${String(i + 1).padStart(2, '0')}-01`, value }));
        const weeks = weeklyLevels(points, values.length, 1);
        const sum = weeks.reduce((s, w) => s + (w.change ?? 0), 0);
        expect(sum).toBe(values.at(-1)! - values[0]);
      }),
    );
  });
});

describe('percent change', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [5, 0, 0],
    [5, undefined, 0],
  ])('%d from %s is %d%%', (a, b, pct) => expect(pctChange(a, b)).toBeCloseTo(pct, 9));
});

describe('capacity series', () => {
  it('sums states per year and falls back to coal sub-types per state-year', () => {
    const rows = [
      { year: 2024, state: 'TX', energySource: 'COL', capabilityMw: 100 },
      { year: 2024, state: 'TX', energySource: 'SUB', capabilityMw: 999 },
      { year: 2024, state: 'WY', energySource: 'SUB', capabilityMw: 40 },
      { year: 2024, state: 'WY', energySource: 'LIG', capabilityMw: 2 },
      { year: 2023, state: 'TX', energySource: 'SUN', capabilityMw: 5 },
    ];
    expect(capacitySeries(rows)).toEqual([
      { energySource: 'SUN', name: 'Solar', data: [{ year: 2023, capacityMw: 5 }] },
      { energySource: 'COL', name: 'Coal', data: [{ year: 2024, capacityMw: 142 }] },
    ]);
  });
});

describe('gas storage trend', () => {
  it.each([
    [0.06, 'injecting'],
    [0.05, 'stable'],
    [0, 'stable'],
    [-0.05, 'stable'],
    [-0.06, 'withdrawing'],
  ])('a daily change of %d points is %s', (change, trend) => expect(gasTrend(change)).toBe(trend));
});

describe('oil stocks analysis', () => {
  it.each([
    [89, true, false, -1],
    [90, false, true, 0],
    [91, false, true, 1],
  ])('%d days: below %s, met %s, %d vs obligation', (days, below, met, vs) => {
    const [m] = analyseOilStocks([{ iso2: 'DE', region: 'europe', daysOfCover: days, netExporter: false }]).members;
    expect(m).toMatchObject({ belowObligation: below, obligationMet: met, vsObligation: vs, rank: 1 });
  });

  it('averages and bounds a region over its importers only', () => {
    const a = analyseOilStocks([
      { iso2: 'NO', region: 'europe', netExporter: true },
      { iso2: 'DE', region: 'europe', daysOfCover: 100, netExporter: false },
      { iso2: 'FR', region: 'europe', daysOfCover: 81, netExporter: false },
    ]);
    expect(a.regions.europe).toEqual({ avgDays: 91, minDays: 81, countBelowObligation: 1, netExporters: 1 });
    expect(a.regions.asiaPacific).toEqual({ countBelowObligation: 0, netExporters: 0 });
  });

  const member = fc
    .record({
      iso2: fc.stringMatching(/^[A-Z]{2}$/),
      region: fc.constantFrom('europe' as const, 'asiaPacific' as const, 'northAmerica' as const),
      netExporter: fc.boolean(),
      days: fc.integer({ min: 0, max: 500 }),
    })
    .map(({ days, ...m }): MemberStocks => (m.netExporter ? m : { ...m, daysOfCover: days }));

  it('ranks 1..n with importers by days, most first, and every exporter after every importer', () => {
    fc.assert(
      fc.property(fc.uniqueArray(member, { selector: (m) => m.iso2, maxLength: 32 }), (stocks) => {
        const { members, belowObligation } = analyseOilStocks(stocks);
        expect(members.map((m) => m.rank)).toEqual(stocks.map((_, i) => i + 1));
        const firstExporter = members.findIndex((m) => m.netExporter);
        if (firstExporter >= 0) expect(members.slice(firstExporter).every((m) => m.netExporter)).toBe(true);
        const importerDays = members.filter((m) => !m.netExporter).map((m) => m.daysOfCover!);
        expect(importerDays).toEqual([...importerDays].sort((a, b) => b - a));
        expect(belowObligation).toEqual(
          members.filter((m) => !m.netExporter && m.daysOfCover! < 90).map((m) => m.iso2),
        );
      }),
    );
  });
});
