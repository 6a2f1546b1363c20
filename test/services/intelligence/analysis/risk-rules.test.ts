import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advisoryBoost,
  advisoryFloor,
  combinedScore,
  dailyChange,
  eventScore,
  sanctionsBoost,
  strategicRisk,
  trendOf,
  type RiskInputs,
} from '../../../../src/services/intelligence/analysis/risk-rules.js';

const comps = (u: number, c: number, s: number, i: number) => ({
  ciiContribution: u,
  geoConvergence: c,
  militaryActivity: s,
  newsActivity: i,
});
const pct = fc.double({ min: 0, max: 100, noNaN: true });
const inputs = fc.record({
  baseline: pct,
  components: fc.record({ ciiContribution: pct, geoConvergence: pct, militaryActivity: pct, newsActivity: pct }),
  advisoryLevel: fc.integer({ min: 0, max: 4 }),
  sanctionsCount: fc.integer({ min: 0, max: 5000 }),
});

describe('instability score', () => {
  it.each([
    // baseline, components, advisory, sanctions -> combined
    [70, comps(97.2, 72.9, 88.2, 98.9), 4, 0, 96],
    [10, comps(0, 0, 0, 0), 0, 0, 4],
    [10, comps(0, 0, 0, 0), 4, 0, 60],
    [10, comps(0, 0, 0, 0), 3, 0, 50],
    [10, comps(0, 0, 0, 0), 2, 0, 9],
    [10, comps(0, 0, 0, 0), 0, 150, 9],
    [100, comps(100, 100, 100, 100), 4, 3000, 100],
  ])(
    'baseline %d, %o, advisory %d, sanctions %d -> %d',
    (baseline, components, advisoryLevel, sanctionsCount, expected) => {
      expect(combinedScore({ baseline, components, advisoryLevel, sanctionsCount })).toBe(expected);
    },
  );

  it.each([
    [0, 0],
    [1, 0],
    [2, 5],
    [3, 10],
    [4, 15],
  ])('advisory level %d boosts %d', (level, boost) => expect(advisoryBoost(level)).toBe(boost));

  it.each([
    [0, 0],
    [1, 3],
    [100, 3],
    [101, 5],
    [500, 5],
    [501, 8],
    [1999, 8],
    [2000, 12],
  ])('%d sanctions entries boost %d', (n, boost) => expect(sanctionsBoost(n)).toBe(boost));

  it('weights the components 0.25 / 0.30 / 0.20 / 0.25', () => {
    expect(eventScore(comps(100, 0, 0, 0))).toBeCloseTo(25);
    expect(eventScore(comps(0, 100, 0, 0))).toBeCloseTo(30);
    expect(eventScore(comps(0, 0, 100, 0))).toBeCloseTo(20);
    expect(eventScore(comps(0, 0, 0, 100))).toBeCloseTo(25);
  });

  it('is an integer in [floor, 100] and never falls when an input rises', () => {
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 50, noNaN: true }), (i: RiskInputs, bump) => {
        const s = combinedScore(i);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(advisoryFloor(i.advisoryLevel));
        expect(s).toBeLessThanOrEqual(100);
        const higher = {
          ...i,
          components: { ...i.components, geoConvergence: Math.min(100, i.components.geoConvergence + bump) },
        };
        expect(combinedScore(higher)).toBeGreaterThanOrEqual(s);
        expect(combinedScore({ ...i, advisoryLevel: Math.min(4, i.advisoryLevel + 1) })).toBeGreaterThanOrEqual(s);
      }),
    );
  });
});

describe('24 h change and trend', () => {
  const base: RiskInputs = { baseline: 10, components: comps(0, 0, 0, 0), advisoryLevel: 4, sanctionsCount: 0 };
  it.each([
    [base, 4, 18.4, 18.4],
    [base, 0, 0, 56],
    [{ ...base, advisoryLevel: 0 }, 4, 2, -54],
    [base, 4, -0.04, 0],
  ])('%o, advisory a day ago %d, model change %d -> %d', (now, dayAgo, model, expected) =>
    expect(dailyChange(now, dayAgo, model)).toBe(expected),
  );

  it.each([
    [1.1, 'TREND_DIRECTION_RISING'],
    [1, 'TREND_DIRECTION_STABLE'],
    [-1, 'TREND_DIRECTION_STABLE'],
    [-1.1, 'TREND_DIRECTION_FALLING'],
  ] as const)('change %d is %s', (d, trend) => expect(trendOf(d)).toBe(trend));

  it('stays within -100..100 on a 0.1 grid', () => {
    fc.assert(
      fc.property(
        inputs,
        fc.integer({ min: 0, max: 4 }),
        fc.double({ min: -300, max: 300, noNaN: true }),
        (i, dayAgo, model) => {
          const d = dailyChange(i, dayAgo, model);
          expect(Math.abs(d)).toBeLessThanOrEqual(100);
          expect(Math.abs(d * 10 - Math.round(d * 10))).toBeLessThan(1e-6);
        },
      ),
    );
  });
});

describe('strategic risk', () => {
  it('weights the five highest scores', () => {
    const scores = [90, 80, 70, 60, 50, 10].map((combinedScore, i) => ({
      region: String.fromCharCode(65 + i) + 'X',
      combinedScore,
    }));
    // weighted avg = (90 + 68 + 49 + 33 + 20) / 3.5 = 74.2857 -> round(0.7 * 74.29 + 15) = 67
    expect(strategicRisk(scores)).toEqual({
      score: 67,
      level: 'SEVERITY_LEVEL_MEDIUM',
      factors: ['AX', 'BX', 'CX', 'DX', 'EX'],
    });
    expect(strategicRisk([{ region: 'UA', combinedScore: 100 }])).toEqual({
      score: 85,
      level: 'SEVERITY_LEVEL_HIGH',
      factors: ['UA'],
    });
    expect(strategicRisk([])).toBeUndefined();
  });

  it('is in [15, 100] and HIGH exactly from 70', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 }), (values) => {
        const r = strategicRisk(values.map((combinedScore, i) => ({ region: `R${i}`, combinedScore })))!;
        expect(r.score).toBeGreaterThanOrEqual(15);
        expect(r.score).toBeLessThanOrEqual(85);
        expect(r.level === 'SEVERITY_LEVEL_HIGH').toBe(r.score >= 70);
        expect(r.factors.length).toBe(Math.min(5, values.length));
      }),
    );
  });
});
