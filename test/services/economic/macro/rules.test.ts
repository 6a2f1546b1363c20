import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blsObservation,
  computeStressIndex,
  newest,
  observationLimit,
  STRESS_COMPONENTS,
  stressLabel,
} from '../../../../src/services/economic/macro/rules.js';

const calm = new Map<string, number>([
  ['T10Y2Y', 1.0],
  ['T10Y3M', 1.0],
  ['VIXCLS', 12],
  ['STLFSI4', -1.5],
  ['GSCPI', -2.5],
  ['ICSA', 150_000],
]);

describe('stress index', () => {
  it.each([
    ['T10Y2Y', -1.5, 100],
    ['T10Y2Y', -0.5, 50],
    ['T10Y2Y', 0.5, 0],
    ['T10Y3M', -0.25, 50],
    ['VIXCLS', 47.5, 50],
    ['VIXCLS', 80, 100],
    ['STLFSI4', 2, 50],
    ['GSCPI', 1, 50],
    ['ICSA', 340_000, 50],
    ['ICSA', 900_000, 100],
  ])('%s at %d scores %d', (id, raw, score) => {
    const index = computeStressIndex(new Map(calm).set(id, raw))!;
    expect(index.components.find((c) => c.id === id)!.score).toBe(score);
  });

  it('is 0 and Low when every input is calm, 100 and Critical when every input is extreme', () => {
    expect(computeStressIndex(calm)).toMatchObject({ compositeScore: 0, label: 'Low' });
    const extreme = new Map([
      ['T10Y2Y', -3],
      ['T10Y3M', -3],
      ['VIXCLS', 90],
      ['STLFSI4', 6],
      ['GSCPI', 5],
      ['ICSA', 600_000],
    ]);
    expect(computeStressIndex(extreme)).toMatchObject({ compositeScore: 100, label: 'Critical' });
  });

  it('needs every input but the supply-chain index', () => {
    for (const c of STRESS_COMPONENTS) {
      const without = new Map(calm);
      without.delete(c.id);
      const index = computeStressIndex(without);
      if (c.optional)
        expect(index?.components.find((x) => x.id === c.id)).toMatchObject({ missing: true, rawValue: 0, score: 0 });
      else expect(index).toBeUndefined();
    }
  });

  it.each([
    [0, 'Low'],
    [19.9, 'Low'],
    [20, 'Moderate'],
    [39.9, 'Moderate'],
    [40, 'Elevated'],
    [60, 'Severe'],
    [79.9, 'Severe'],
    [80, 'Critical'],
  ])('a composite of %d is %s', (score, label) => expect(stressLabel(score)).toBe(label));

  it('always stays within 0-100 and between the lowest and highest component score', () => {
    const reading = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(fc.tuple(reading, reading, reading, reading, fc.option(reading), reading), ([a, b, c, d, e, f]) => {
        const latest = new Map<string, number>([
          ['T10Y2Y', a],
          ['T10Y3M', b],
          ['VIXCLS', c],
          ['STLFSI4', d],
          ['ICSA', f],
        ]);
        if (e !== null) latest.set('GSCPI', e);
        const index = computeStressIndex(latest)!;
        const scores = index.components.filter((x) => !x.missing).map((x) => x.score);
        expect(index.compositeScore).toBeGreaterThanOrEqual(0);
        expect(index.compositeScore).toBeLessThanOrEqual(100);
        expect(index.compositeScore).toBeGreaterThanOrEqual(Math.min(...scores) - 0.1);
        expect(index.compositeScore).toBeLessThanOrEqual(Math.max(...scores) + 0.1);
      }),
    );
  });
});

describe('observation limits', () => {
  it.each([
    [undefined, 120],
    [0, 120],
    [-3, 120],
    [5, 5],
    [1000, 1000],
    [1001, 1000],
  ])('limit %s means %d', (limit, n) => expect(observationLimit(limit, 120, 1000)).toBe(n));

  it('keeps the newest items in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 0, max: 50 }), (items, n) => {
        const kept = newest(items, n);
        expect(kept).toEqual(items.slice(items.length - Math.min(n, items.length)));
      }),
    );
  });
});

describe('BLS observation form', () => {
  it.each([
    ['2026-10-01', 136042, { year: '2026', period: 'M10', periodName: 'October', value: '136042' }],
    ['2025-01-01', 175.3, { year: '2025', period: 'M01', periodName: 'January', value: '175.3' }],
  ])('%s', (date, value, expected) => expect(blsObservation({ date, value })).toEqual(expected));
});
