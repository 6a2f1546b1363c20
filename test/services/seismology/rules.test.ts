import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  concernLevel,
  duplicateIndices,
  sameEvent,
  testSiteConcern,
  TEST_SITES,
} from '../../../src/services/seismology/rules.js';

describe('concernLevel', () => {
  it.each([
    [0, 'low'],
    [24, 'low'],
    [25, 'moderate'],
    [49, 'moderate'],
    [50, 'elevated'],
    [74, 'elevated'],
    [75, 'critical'],
    [100, 'critical'],
  ])('score %i is %s', (score, level) => {
    expect(concernLevel(score)).toBe(level);
  });
});

describe('testSiteConcern', () => {
  it('scores an event on top of a site from magnitude, closeness and depth', () => {
    const site = TEST_SITES.find((s) => s.name === 'Punggye-ri')!;
    // 0.6*4.5/9 + 0.25*1 + 0.15*1 = 0.7 -> 70
    expect(testSiteConcern(site.lat, site.lon, 4.5, 0)).toEqual({
      nearTestSite: true,
      testSiteName: 'Punggye-ri',
      concernScore: 70,
      concernLevel: 'elevated',
    });
  });

  it('is zero and low away from every site', () => {
    expect(testSiteConcern(0.5, -30, 7.5, 10)).toEqual({
      nearTestSite: false,
      testSiteName: '',
      concernScore: 0,
      concernLevel: 'low',
    });
  });

  it('stays within 0..100 and agrees with its level for any event', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEST_SITES),
        fc.double({ min: -0.8, max: 0.8, noNaN: true }),
        fc.double({ min: -0.8, max: 0.8, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 700, noNaN: true }),
        (site, dLat, dLon, mag, depth) => {
          const c = testSiteConcern(site.lat + dLat, Math.max(-180, Math.min(180, site.lon + dLon)), mag, depth);
          expect(c.concernScore).toBeGreaterThanOrEqual(0);
          expect(c.concernScore).toBeLessThanOrEqual(100);
          expect(c.concernLevel).toBe(concernLevel(c.concernScore));
          if (!c.nearTestSite) expect(c.concernScore).toBe(0);
        },
      ),
    );
  });
});

describe('cross-agency matching', () => {
  const base = { occurredAt: 1_000_000, magnitude: 5.0, lat: 50, lon: -128 };
  it.each([
    ['60 s apart', { occurredAt: base.occurredAt + 60_000 }, true],
    ['61 s apart', { occurredAt: base.occurredAt + 61_000 }, false],
    ['0.1 magnitude apart', { magnitude: 5.1 }, true],
    ['0.2 magnitude apart', { magnitude: 5.2 }, false],
    ['about 9 km apart', { lat: 50.08 }, true],
    ['about 11 km apart', { lat: 50.1 }, false],
  ])('%s: same event is %s', (_l, change, expected) => {
    expect(sameEvent(base, { ...base, ...change })).toBe(expected);
  });

  it('drops only unambiguous one-to-one duplicates', () => {
    const primary = [base, { ...base, occurredAt: base.occurredAt + 30_000 }];
    // One secondary near both primaries (ambiguous), one clearly matching nothing.
    const secondary = [
      { ...base, occurredAt: base.occurredAt + 15_000 },
      { ...base, lat: 10 },
    ];
    expect(duplicateIndices(primary, secondary)).toEqual(new Set());
    expect(duplicateIndices([base], [{ ...base, magnitude: 5.1 }])).toEqual(new Set([0]));
    // Two secondaries claiming the same primary are both kept.
    expect(duplicateIndices([base], [base, { ...base, occurredAt: base.occurredAt + 1000 }])).toEqual(new Set());
  });
});
