import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildRanking,
  compareItems,
  imputationShare,
  isHeadlineEligible,
  isLowConfidence,
  isRankStable,
  levelOf,
  overallCoverage,
  type CountryScore,
  type DimensionData,
  type Formula,
} from '../../../src/services/resilience/rules.js';

const dim = (
  available: number,
  indicators: number,
  freshness: DimensionData['freshness'] = 'fresh',
  imputed = 0,
): DimensionData => ({
  indicators,
  available,
  imputed,
  freshness,
});

describe('overallCoverage', () => {
  it.each([
    ['no dimensions', [], 0],
    ['everything fresh and present', [dim(10, 10), dim(6, 6)], 1],
    ['half present', [dim(5, 10), dim(3, 6)], 0.5],
    ['aging data counts 0.7', [dim(10, 10, 'aging')], 0.7],
    ['stale data counts 0.4', [dim(10, 10, 'stale')], 0.4],
    ['mean across dimensions', [dim(10, 10, 'fresh'), dim(10, 10, 'stale')], 0.7],
    ['a dimension with no indicators counts as empty', [dim(0, 0), dim(4, 4)], 0.5],
  ])('%s', (_name, dims, expected) => {
    expect(overallCoverage(dims as DimensionData[])).toBeCloseTo(expected, 10);
  });
});

describe('imputationShare', () => {
  it.each([
    [[dim(10, 10, 'fresh', 0)], 0],
    [[dim(10, 10, 'fresh', 5)], 0.5],
    [[dim(4, 10, 'fresh', 1), dim(6, 6, 'fresh', 3)], 0.4],
    [[dim(0, 10)], 0],
  ])('%j -> %d', (dims, expected) => {
    expect(imputationShare(dims)).toBeCloseTo(expected, 10);
  });
});

describe('isLowConfidence', () => {
  it.each([
    [0.55, 0.4, false],
    [0.5499, 0, true],
    [1, 0.4001, true],
    [0.9, 0.1, false],
  ])('coverage %d, imputation %d -> %s', (cov, imp, expected) => {
    expect(isLowConfidence(cov, imp)).toBe(expected);
  });
});

describe('isHeadlineEligible', () => {
  it.each([
    [
      'confident, covered, populous',
      { scored: true, lowConfidence: false, coverage: 0.65, populationMillions: 0.2 },
      true,
    ],
    ['unscored', { scored: false, lowConfidence: false, coverage: 1, populationMillions: 50 }, false],
    ['low confidence', { scored: true, lowConfidence: true, coverage: 1, populationMillions: 50 }, false],
    [
      'coverage just below 0.65',
      { scored: true, lowConfidence: false, coverage: 0.6499, populationMillions: 50 },
      false,
    ],
    [
      'tiny country with 0.85 coverage',
      { scored: true, lowConfidence: false, coverage: 0.85, populationMillions: 0.01 },
      true,
    ],
    [
      'tiny country with 0.8499 coverage',
      { scored: true, lowConfidence: false, coverage: 0.8499, populationMillions: 0.01 },
      false,
    ],
    [
      'unknown population counts as small',
      { scored: true, lowConfidence: false, coverage: 0.7, populationMillions: null },
      false,
    ],
  ])('%s', (_n, input, expected) => {
    expect(isHeadlineEligible(input)).toBe(expected);
  });
});

describe('isRankStable', () => {
  it.each([
    [{ p05: 60, p95: 68 }, true],
    [{ p05: 60, p95: 68.01 }, false],
    [{ p05: 50, p95: 50 }, true],
    [null, false],
    [{ p05: Number.NaN, p95: 3 }, false],
  ])('%j -> %s', (interval, expected) => {
    expect(isRankStable(interval)).toBe(expected);
  });
});

describe('levelOf', () => {
  it.each<[number | null, Formula, string]>([
    [70, 'default', 'high'],
    [69.99, 'default', 'medium'],
    [40, 'default', 'medium'],
    [39.99, 'default', 'low'],
    [0, 'default', 'low'],
    [60, 'pillar', 'high'],
    [59.9, 'pillar', 'medium'],
    [30, 'pillar', 'medium'],
    [29.9, 'pillar', 'low'],
    [null, 'default', 'unknown'],
    [-1, 'pillar', 'unknown'],
  ])('%s under %s -> %s', (score, formula, expected) => {
    expect(levelOf(score, formula)).toBe(expected);
  });
});

const arbDim = fc
  .record({
    indicators: fc.integer({ min: 0, max: 20 }),
    a: fc.double({ min: 0, max: 1, noNaN: true }),
    i: fc.double({ min: 0, max: 1, noNaN: true }),
    freshness: fc.constantFrom('fresh', 'aging', 'stale') as fc.Arbitrary<DimensionData['freshness']>,
  })
  .map(({ indicators, a, i, freshness }) => {
    const available = Math.round(indicators * a);
    return { indicators, available, imputed: Math.round(available * i), freshness };
  });

const arbCountry: fc.Arbitrary<CountryScore> = fc.record({
  countryCode: fc.stringMatching(/^[A-Z]{2}$/),
  overallScore: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  populationMillions: fc.option(fc.double({ min: 0, max: 1500, noNaN: true }), { nil: null }),
  interval: fc.option(
    fc
      .tuple(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }))
      .map(([p05, w]) => ({ p05, p95: p05 + w })),
    { nil: null },
  ),
  dimensions: fc.array(arbDim, { maxLength: 8 }),
});

const uniqueCountries = fc.uniqueArray(arbCountry, { selector: (c) => c.countryCode, maxLength: 60 });

describe('buildRanking properties', () => {
  it('puts every country in exactly one list, eligible ones in items', () => {
    fc.assert(
      fc.property(uniqueCountries, fc.constantFrom<Formula>('default', 'pillar'), (countries, formula) => {
        const r = buildRanking(countries, formula);
        expect(r.items.length + r.greyedOut.length).toBe(countries.length);
        expect(new Set([...r.items, ...r.greyedOut].map((i) => i.countryCode)).size).toBe(countries.length);
        for (const i of r.items) expect(i.headlineEligible).toBe(true);
        for (const i of r.greyedOut) expect(i.headlineEligible).toBe(false);
      }),
    );
  });

  it('orders both lists by score descending, then country code', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries, 'default');
        for (const list of [r.items, r.greyedOut]) {
          for (let k = 1; k < list.length; k++) expect(compareItems(list[k - 1], list[k])).toBeLessThan(0);
        }
      }),
    );
  });

  it('never headlines an unscored or low-confidence country, and unscored ones read -1/unknown', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries, 'default');
        for (const i of r.items) {
          expect(i.lowConfidence).toBe(false);
          expect(i.overallScore).toBeGreaterThanOrEqual(0);
          expect(i.overallCoverage).toBeGreaterThanOrEqual(0.65);
        }
        for (const i of r.greyedOut.filter((g) => g.overallScore === -1)) {
          expect(i.level).toBe('unknown');
          expect(i.rankStable).toBe(false);
        }
      }),
    );
  });

  it('reports scored/total, coverage to 4 decimals and partial below 95%', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries, 'default');
        const scored = countries.filter((c) => c.overallScore !== null).length;
        expect(r.scored).toBe(scored);
        expect(r.total).toBe(countries.length);
        expect(r.coverage).toBe(countries.length ? Math.round((scored / countries.length) * 10_000) / 10_000 : 0);
        expect(r.partial).toBe(countries.length === 0 || r.coverage < 0.95);
      }),
    );
  });

  it('does not depend on the input order', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const forward = buildRanking(countries, 'pillar');
        const backward = buildRanking([...countries].reverse(), 'pillar');
        expect(backward).toEqual(forward);
      }),
    );
  });
});
