import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  healthStatus,
  normaliseIds,
  pegStatus,
  sectorChange,
  trimSparkline,
} from '../../../../src/services/market/crypto/rules.js';

describe('normaliseIds', () => {
  it('trims, lower-cases and keeps the first of duplicates', () => {
    expect(normaliseIds([' Bitcoin ', 'ETHEREUM', 'bitcoin', ''])).toEqual(['bitcoin', 'ethereum']);
  });
  it('is idempotent and never longer than its input', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (xs) => {
        const once = normaliseIds(xs);
        expect(normaliseIds(once)).toEqual(once);
        expect(once.length).toBeLessThanOrEqual(xs.length);
        expect(new Set(once).size).toBe(once.length);
      }),
    );
  });
});

describe('pegStatus', () => {
  it.each([
    [1, 'ON PEG'],
    [1.005, 'ON PEG'],
    [0.995, 'ON PEG'],
    [0.9931, 'SLIGHT DEPEG'],
    [1.0099, 'SLIGHT DEPEG'],
    [0.989, 'DEPEGGED'],
    [1.2, 'DEPEGGED'],
  ])('%s -> %s', (price, status) => expect(pegStatus(price)).toBe(status));
});

describe('healthStatus', () => {
  it.each([
    [0, 0, 'UNAVAILABLE'],
    [5, 0, 'HEALTHY'],
    [5, 1, 'CAUTION'],
    [5, 2, 'WARNING'],
  ])('%i coins, %i depegged -> %s', (n, d, s) => expect(healthStatus(n, d)).toBe(s));
});

describe('sectorChange', () => {
  it('averages the known changes only, 0 when none is known', () => {
    expect(sectorChange([1, undefined, 3])).toBe(2);
    expect(sectorChange([undefined])).toBe(0);
    expect(sectorChange([-1.2, -1.3, -1.31])).toBe(-1.27);
  });
  it('lies between the smallest and largest known change', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 1 }), (xs) => {
        const m = sectorChange(xs);
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs) - 0.005);
        expect(m).toBeLessThanOrEqual(Math.max(...xs) + 0.005);
      }),
    );
  });
});

describe('trimSparkline', () => {
  it('keeps the last 48 points of a long series and short ones whole', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { maxLength: 200 }), (xs) => {
        const out = trimSparkline(xs);
        if (xs.length > 24) expect(out).toEqual(xs.slice(-48));
        else expect(out).toEqual(xs);
      }),
    );
  });
});
