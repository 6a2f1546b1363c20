import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacitySeries, pctChange, weeklyLevels } from '../../../../src/services/economic/energy/rules.js';

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
