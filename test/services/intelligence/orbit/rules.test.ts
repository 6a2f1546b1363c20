import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifySatellite, orbitFigures } from '../../../../src/services/intelligence/orbit/rules.js';

const tle = (meanMotionRevPerDay: number) => ({
  name: 'X',
  noradId: 1,
  epoch: 0,
  inclinationDeg: 51.6,
  eccentricity: 0,
  meanMotionRevPerDay,
  raanDeg: 0,
  argPerigeeDeg: 0,
  meanAnomalyDeg: 0,
});

describe('classifySatellite', () => {
  it.each([
    ['YAOGAN-41', { country: 'CN', type: 'military' }],
    ['GAOFEN-3 02', { country: 'CN', type: 'sar' }],
    ['GAOFEN-11 04', { country: 'CN', type: 'optical' }],
    ['COSMOS 2558', { country: 'RU', type: 'military' }],
    ['SENTINEL-1C', { country: 'EU', type: 'sar' }],
    ['SENTINEL-2A', { country: 'EU', type: 'optical' }],
    ['usa 338', { country: 'US', type: 'military' }],
    ['KOMPSAT-5', { country: 'KR', type: 'sar' }],
    ['COSMOS 1408', undefined],
    ['STARLINK-1007', undefined],
    ['ISS (ZARYA)', undefined],
  ])('%s -> %o', (name, want) => {
    expect(classifySatellite(name)).toEqual(want);
  });
});

describe('orbitFigures', () => {
  it('gives the ISS-like orbit (15.5 rev/day) about 420 km at 7.66 km/s', () => {
    const o = orbitFigures(tle(15.5));
    expect(o.alt).toBeGreaterThan(400);
    expect(o.alt).toBeLessThan(440);
    expect(o.velocity).toBeCloseTo(7.66, 1);
    expect(o.inclination).toBe(51.6);
  });

  it('is higher and slower for fewer revolutions a day', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 16, noNaN: true }),
        fc.double({ min: 0.05, max: 3, noNaN: true }),
        (n, d) => {
          const fast = orbitFigures(tle(n + d));
          const slow = orbitFigures(tle(n));
          return slow.alt >= fast.alt && slow.velocity <= fast.velocity;
        },
      ),
    );
  });
});
