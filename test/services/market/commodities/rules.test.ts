import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeOver,
  correlation,
  normaliseCommoditySymbols,
  rangePosition,
} from '../../../../src/services/market/commodities/rules.js';

describe('normaliseCommoditySymbols', () => {
  it('normalises, de-duplicates and separates unsupported symbols', () => {
    expect(normaliseCommoditySymbols([' gc=f', 'GC=F', 'si = f', 'AAPL', ' '])).toEqual({
      symbols: ['GC=F', 'SI=F'],
      unsupported: ['AAPL', '<blank>'],
    });
  });
});

describe('gold figures', () => {
  it('changeOver looks back a number of closes', () => {
    expect(changeOver([100, 105, 110], 2)).toBeCloseTo(10, 9);
    expect(changeOver([100], 5)).toBeUndefined();
  });
  it('correlation is 1 for proportional series, -1 for mirrored, undefined when flat, and within [-1, 1]', () => {
    expect(correlation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 9);
    expect(correlation([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 9);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeUndefined();
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true })),
          { minLength: 3, maxLength: 40 },
        ),
        (pairs) => {
          const c = correlation(
            pairs.map((p) => p[0]),
            pairs.map((p) => p[1]),
          );
          if (c !== undefined) {
            expect(c).toBeGreaterThanOrEqual(-1 - 1e-9);
            expect(c).toBeLessThanOrEqual(1 + 1e-9);
          }
        },
      ),
    );
  });
  it('range position', () => {
    expect(rangePosition(150, 100, 200)).toBe(50);
    expect(rangePosition(5, 5, 5)).toBe(50);
  });
});
