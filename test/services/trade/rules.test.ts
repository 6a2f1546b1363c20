import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  flowYears,
  isComtradeAnomaly,
  latestWithin,
  listLimit,
  tariffBand,
  tariffGap,
  yearWindow,
  yoyPercent,
  yoyRatio,
} from '../../../src/services/trade/rules.js';

describe('listLimit', () => {
  it.each([
    [undefined, 50],
    [0, 50],
    [-3, 50],
    [1, 1],
    [75, 75],
    [100, 100],
    [101, 100],
    [5000, 100],
  ])('%s -> %i', (limit, expected) => expect(listLimit(limit)).toBe(expected));
});

describe('tariffBand', () => {
  it.each([
    [0, 'low'],
    [5, 'low'],
    [5.01, 'moderate'],
    [10, 'moderate'],
    [10.01, 'high'],
    [-4, 'low'],
  ])('%d%% is %s', (r, band) => expect(tariffBand(r)).toBe(band));
});

describe('tariffGap', () => {
  it('describes India-like agricultural protection', () => {
    expect(tariffGap(39, 13.5)).toEqual({
      gap: 25.5,
      title: 'Agricultural tariff: 39.0% vs Non-agricultural: 13.5% (gap: +25.5 pp)',
      measureType: 'High agricultural protection',
      objective: 'Agricultural sector protection',
      status: 'high',
    });
  });
  it('describes a negative gap as uniform with a signed figure', () => {
    const g = tariffGap(8.3, 11.6);
    expect(g).toMatchObject({
      gap: -3.3,
      measureType: 'Low tariff gap',
      objective: 'Uniform tariff structure',
      status: 'low',
    });
    expect(g.title).toContain('(gap: -3.3 pp)');
  });
  it('moderate between 5 and 10 points', () =>
    expect(tariffGap(11, 4).measureType).toBe('Moderate agricultural protection'));
  it('band always agrees with the gap', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (a, n) => {
          const g = tariffGap(a, n);
          expect(g.status).toBe(tariffBand(g.gap));
          expect(Math.abs(g.gap - (a - n))).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });
});

describe('yoyPercent and yoyRatio', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [100, undefined, 0],
    [100, 0, 0],
    [1, 3, -66.67],
  ])('%d after %s is %d%%', (cur, prev, pct) => expect(yoyPercent(cur, prev as number | undefined)).toBe(pct));
  it('the ratio is the percent over 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (cur, prev) => {
        expect(Math.abs(yoyRatio(cur, prev) * 100 - yoyPercent(cur, prev))).toBeLessThan(0.02);
      }),
    );
  });
  it.each([
    [0.3, false],
    [0.31, true],
    [-0.31, true],
    [-0.3, false],
  ])('anomaly at %d is %s', (r, a) => expect(isComtradeAnomaly(r)).toBe(a));
});

describe('latestWithin', () => {
  it('takes each key’s newest year no older than span years before the overall newest', () => {
    const series = new Map([
      [
        'a',
        [
          { year: 2020, value: 1 },
          { year: 2025, value: 2 },
        ],
      ],
      ['b', [{ year: 2022, value: 3 }]],
      ['c', [{ year: 2021, value: 4 }]],
    ]);
    expect(latestWithin(series, 3)).toEqual(
      new Map([
        ['a', { year: 2025, value: 2 }],
        ['b', { year: 2022, value: 3 }],
      ]),
    );
  });
});

describe('flowYears', () => {
  it('keeps years with both legs and compares only with a kept previous year', () => {
    const x = new Map([
      [2019, 100],
      [2020, 80],
      [2021, 120],
      [2022, 132],
    ]);
    const m = new Map([
      [2019, 200],
      [2021, 300],
      [2022, 330],
    ]);
    expect(flowYears(x, m)).toEqual([
      { year: 2019, exports: 100, imports: 200, yoyExportChange: 0, yoyImportChange: 0 },
      { year: 2021, exports: 120, imports: 300, yoyExportChange: 0, yoyImportChange: 0 },
      { year: 2022, exports: 132, imports: 330, yoyExportChange: 10, yoyImportChange: 10 },
    ]);
  });
  it('returns ascending years present in both maps, for any input', () => {
    const yearMap = fc.dictionary(fc.integer({ min: 1990, max: 2030 }).map(String), fc.integer({ min: 1, max: 1e6 }));
    fc.assert(
      fc.property(yearMap, yearMap, (a, b) => {
        const x = new Map(Object.entries(a).map(([k, v]) => [Number(k), v]));
        const m = new Map(Object.entries(b).map(([k, v]) => [Number(k), v]));
        const ys = flowYears(x, m).map((f) => f.year);
        expect(ys).toEqual([...ys].sort((p, q) => p - q));
        for (const y of ys) expect(x.has(y) && m.has(y)).toBe(true);
      }),
    );
  });
});

describe('yearWindow', () => {
  const pts = [2010, 2014, 2015, 2020, 2024].map((year) => ({ year }));
  it.each([
    [10, [2014, 2015, 2020, 2024]],
    [4, [2020, 2024]],
    [0, [2024]],
  ])('%i years back', (n, ys) => {
    expect(yearWindow(pts, n).map((p) => p.year)).toEqual(ys);
  });
  it('is empty for an empty series', () => expect(yearWindow([], 5)).toEqual([]));
});
