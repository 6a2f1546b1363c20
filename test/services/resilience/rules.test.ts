import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildRanking, isRankStable } from '../../../src/services/resilience/rules.js';
import {
  isHeadlineEligible,
  isLowConfidence,
  levelOf,
  overallCoverageOf,
  toDimension,
} from '../../../src/services/resilience/scorer-aggregate.js';
import type { CountryResilience } from '../../../src/services/resilience/scorer-model.js';

describe('confidence and the headline gate (reference §3.8)', () => {
  it.each([
    [0.55, 0.4, false],
    [0.549, 0.1, true], // too little coverage
    [0.9, 0.41, true], // too much imputed
  ])('coverage %d, imputation %d: low confidence %s', (c, i, expected) => expect(isLowConfidence(c, i)).toBe(expected));

  it.each([
    [{ overallCoverage: 0.7, populationMillions: 5, lowConfidence: false }, true],
    [{ overallCoverage: 0.7, populationMillions: 5, lowConfidence: true }, false],
    [{ overallCoverage: 0.64, populationMillions: 500, lowConfidence: false }, false],
    [{ overallCoverage: 0.7, populationMillions: 0.1, lowConfidence: false }, false], // small and not very complete
    [{ overallCoverage: 0.86, populationMillions: 0.1, lowConfidence: false }, true], // small but very complete
    [{ overallCoverage: 0.7, populationMillions: null, lowConfidence: false }, false], // unknown size needs .85
  ])('%j -> %s', (input, expected) => expect(isHeadlineEligible(input)).toBe(expected));

  it('averages coverage over the dimensions that are not retired, derating stale observed data', () => {
    const dim = (id: string, coverage: number, staleness: '' | 'fresh' | 'aging' | 'stale', at: number) =>
      toDimension(
        id,
        { score: 50, coverage, observedWeight: 1, imputedWeight: 0, imputationClass: null },
        {
          lastObservedAtMs: at,
          staleness,
        },
      );
    // governance 1 (stale, observed: × .4), energy .5 (fresh), reserveAdequacy retired: (.4 + .5) / 2
    expect(
      overallCoverageOf([
        dim('governanceInstitutional', 1, 'stale', 1),
        dim('energy', 0.5, 'fresh', 1),
        dim('reserveAdequacy', 0, '', 0),
      ]),
    ).toBeCloseTo(0.45, 10);
  });

  it.each([
    [60, 'high'],
    [59.99, 'medium'],
    [30, 'medium'],
    [29.99, 'low'],
    [0, 'low'],
  ])('%d is %s (pillar formula)', (score, level) => expect(levelOf(score)).toBe(level));
});

describe('isRankStable', () => {
  it.each([
    [{ p05: 60, p95: 68 }, true],
    [{ p05: 60, p95: 68.01 }, false],
    [{ p05: 50, p95: 50 }, true],
    [null, false],
    [{ p05: Number.NaN, p95: 3 }, false],
  ])('%j -> %s', (interval, expected) => expect(isRankStable(interval)).toBe(expected));
});

const arbCountry: fc.Arbitrary<CountryResilience> = fc
  .record({
    countryCode: fc.stringMatching(/^[A-Z]{2}$/),
    overallScore: fc.double({ min: 0, max: 100, noNaN: true }).map((x) => Math.round(x * 100) / 100),
    overallCoverage: fc.double({ min: 0, max: 1, noNaN: true }),
    lowConfidence: fc.boolean(),
    headlineEligible: fc.boolean(),
  })
  .map((c) => ({
    ...c,
    level: levelOf(c.overallScore),
    headlineEligible: c.headlineEligible && !c.lowConfidence,
    baselineScore: 0,
    stressScore: 0,
    stressFactor: 0,
    imputationShare: 0,
    populationMillions: null,
    domains: [],
    pillars: [],
  }));
const uniqueCountries = fc.uniqueArray(arbCountry, { selector: (c) => c.countryCode, maxLength: 60 });

describe('buildRanking properties', () => {
  it('puts every country in exactly one list with its own score, eligible ones in items', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries);
        expect(r.items.length + r.greyedOut.length).toBe(countries.length);
        for (const c of countries) {
          const item = [...r.items, ...r.greyedOut].find((i) => i.countryCode === c.countryCode)!;
          expect(item.overallScore).toBe(c.overallScore);
          expect(r.items.includes(item)).toBe(c.headlineEligible);
        }
      }),
    );
  });

  it('orders both lists by score descending, then country code', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries);
        for (const list of [r.items, r.greyedOut])
          for (let k = 1; k < list.length; k++) {
            const [a, b] = [list[k - 1]!, list[k]!];
            expect(
              a.overallScore > b.overallScore || (a.overallScore === b.overallScore && a.countryCode < b.countryCode),
            ).toBe(true);
          }
      }),
    );
  });

  it('scores every country it ranks: complete, never partial unless empty', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        const r = buildRanking(countries);
        expect([r.scored, r.total]).toEqual([countries.length, countries.length]);
        expect(r.partial).toBe(countries.length === 0);
        expect([...r.items, ...r.greyedOut].every((i) => i.level !== 'unknown')).toBe(true);
      }),
    );
  });

  it('does not depend on the input order', () => {
    fc.assert(
      fc.property(uniqueCountries, (countries) => {
        expect(buildRanking([...countries].reverse())).toEqual(buildRanking(countries));
      }),
    );
  });
});
