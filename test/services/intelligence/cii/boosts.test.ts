import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advisoryBoost,
  advisoryFloor,
  aisBoost,
  climateBoost,
  cyberBoost,
  displacementBoost,
  earthquakeBoost,
  fireBoost,
  newsUrgencyBoost,
  orefBlendBoost,
  sanctionsBoost,
  ucdpFloor,
} from '../../../../src/services/intelligence/cii/boosts.js';
import { climateSeverityValue } from '../../../../src/services/intelligence/cii/signals.js';

const ais = (high: number, elevated: number, low: number) => ({
  ownFlights: 0,
  foreignFlights: 0,
  ownVessels: 0,
  foreignVessels: 0,
  aisDisruptionHigh: high,
  aisDisruptionElevated: elevated,
  aisDisruptionLow: low,
});

describe('the eleven boosts', () => {
  it('climate: min(15, 3 x severity); an extreme label gives 15, a moderate one 8', () => {
    expect(climateBoost(2)).toBe(6);
    expect(climateBoost(6)).toBe(15);
    expect(climateBoost(climateSeverityValue('ANOMALY_SEVERITY_EXTREME'))).toBe(15);
    expect(climateBoost(climateSeverityValue('ANOMALY_SEVERITY_MODERATE'))).toBeCloseTo(8, 10);
    expect(climateBoost(climateSeverityValue('ANOMALY_SEVERITY_NORMAL'))).toBe(0);
  });

  it('cyber: min(12, 3 critical + 1.8 high + 0.9 medium)', () => {
    expect(cyberBoost({ cyberCritical: 1, cyberHigh: 1, cyberMedium: 0 })).toBeCloseTo(4.8, 10);
    // 6 + 5.4 + 0.9 = 12.3 -> 12
    expect(cyberBoost({ cyberCritical: 2, cyberHigh: 3, cyberMedium: 1 })).toBe(12);
  });

  it('fire: min(8, 1.5 high + 0.25 x min(20, all))', () => {
    expect(fireBoost({ fires: 10, firesHigh: 2 })).toBe(5.5);
    // 6 + 0.25 x 20 = 11 -> 8
    expect(fireBoost({ fires: 30, firesHigh: 4 })).toBe(8);
  });

  it.each([
    ['do-not-travel', 15, 60],
    ['reconsider', 10, 50],
    ['caution', 5, 0],
    [undefined, 0, 0],
  ] as const)('advisory %s: boost %i, floor %i', (level, boost, floor) => {
    expect(advisoryBoost(level)).toBe(boost);
    expect(advisoryFloor(level)).toBe(floor);
  });

  it.each([
    ['IL', 1, 12, 25],
    ['IL', 0, 3, 5],
    ['IL', 0, 2, 0],
    ['IL', 2, 0, 15],
    ['LB', 5, 40, 0],
  ])('OREF blend for %s with %i active and %i in 24 h: %i', (code, active, history, expected) => {
    expect(orefBlendBoost(code, { orefActiveAlerts: active, orefHistory24h: history })).toBe(expected);
  });

  it.each([
    [0, 0],
    // (log10 20,000 - 5) x 8 + 4 = -1.59 -> -2 -> 0
    [20_000, 0],
    [100_000, 4],
    // (5.699 - 5) x 8 + 4 = 9.59 -> 10
    [500_000, 10],
    [1_000_000, 12],
    // (6.699 - 5) x 8 + 4 = 17.59 -> 18
    [5_000_000, 18],
    [10_000_000, 20],
    [50_000_000, 20],
  ])('displacement of %i people: %i', (n, expected) => {
    expect(displacementBoost(n)).toBe(expected);
  });

  it('news urgency: 5 from 70, 3 from 50', () => {
    expect([newsUrgencyBoost(70), newsUrgencyBoost(69), newsUrgencyBoost(50), newsUrgencyBoost(49.9)]).toEqual([
      5, 3, 3, 0,
    ]);
  });

  it('earthquakes: min(25, 10 severe + 5 major + 2 significant)', () => {
    expect(earthquakeBoost({ quakesSevere: 0, quakesMajor: 1, quakesSignificant: 0 })).toBe(5);
    // 10 + 10 + 6 = 26 -> 25
    expect(earthquakeBoost({ quakesSevere: 1, quakesMajor: 2, quakesSignificant: 3 })).toBe(25);
  });

  it.each([
    [2000, 0, 12],
    [1999, 0, 8],
    [501, 1, 10],
    [500, 0, 5],
    [101, 0, 5],
    [100, 3, 5],
    [1, 0, 3],
    [0, 5, 0],
  ])('sanctions: %i entries, %i new: %i', (entries, fresh, expected) => {
    expect(sanctionsBoost(entries, fresh)).toBe(expected);
  });

  it('AIS: min(10, 2.5 high + 1.5 elevated + 0.5 low)', () => {
    expect(aisBoost(ais(2, 1, 1))).toBe(7);
    expect(aisBoost(ais(4, 1, 0))).toBe(10);
  });

  it('UCDP floors: war 70, minor 50', () => {
    expect([ucdpFloor('war'), ucdpFloor('minor'), ucdpFloor(undefined)]).toEqual([70, 50, 0]);
  });

  it('displacement and sanctions boosts stay in range and never fall as counts grow', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(displacementBoost(lo)).toBeLessThanOrEqual(displacementBoost(hi));
          expect(displacementBoost(hi)).toBeLessThanOrEqual(20);
          expect(sanctionsBoost(lo, 0)).toBeLessThanOrEqual(sanctionsBoost(hi, 0));
          expect(sanctionsBoost(hi, 1)).toBeLessThanOrEqual(14);
        },
      ),
    );
  });
});
