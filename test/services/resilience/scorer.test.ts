import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMPUTE,
  imputed,
  normalizeHigherBetter,
  normalizeLowerBetter,
  roundScore,
  weightedBlend,
} from '../../../src/services/resilience/scorer-blend.js';
import { DIMENSIONS, DOMAIN_WEIGHTS, WB, WHO } from '../../../src/services/resilience/scorer-dimensions.js';
import {
  buildDomains,
  buildPillars,
  coverageWeightedMean,
  penalizedPillarScore,
  toDimension,
  type Dimension,
} from '../../../src/services/resilience/scorer-aggregate.js';
import {
  dimensionFreshness,
  scoreAll,
  scoreCountry,
  stalenessOf,
} from '../../../src/services/resilience/scorer-model.js';

const YEAR = 365 * 86_400_000;
const AT = Date.UTC(2026, 10, 20, 12);
const fresh = { lastObservedAtMs: 0, staleness: '' as const };
const indicators = (o: Record<string, number>) =>
  new Map(Object.entries(o).map(([k, value]) => [k, { value, year: 2024 }]));

describe('normalisation (published anchors)', () => {
  it.each([
    // value, worst, best, score
    [70, 40, 100, 50], // electricity access
    [100, 40, 100, 100],
    [20, 40, 100, 0], // clamped below the worst anchor
    [1, -2.5, 2.5, 70], // a governance estimate
    [6.5, 1, 12, 50], // months of import cover
    [5, 5, 5, 50], // degenerate anchors
  ])('higher is better: %d on %d..%d scores %d', (v, w, b, s) => expect(normalizeHigherBetter(v, w, b)).toBe(s));

  it.each([
    [5, 0, 20, 75], // tariff rate
    [40, 0, 100, 60], // water stress
    [Math.log10(1_000_000), 0, 7, 14], // a million people in crisis: 100 × (7 − 6) / 7 = 14.3
    [3, 1, 5, 50], // IPC phase 3
  ])('lower is better: %d on best %d, worst %d scores %d', (v, b, w, s) =>
    expect(normalizeLowerBetter(v, b, w)).toBe(s),
  );

  it('rounds to an integer inside 0-100, and a non-finite value to 0', () => {
    expect([roundScore(67.4), roundScore(-3), roundScore(140), roundScore(Number.NaN)]).toEqual([67, 0, 100, 0]);
  });
});

describe('weighted blend', () => {
  it('leaves gaps out of the score and counts them 0 in coverage', () => {
    // infrastructure: access 100 (w .3), roads 50 (w .3), outages missing (w .25), broadband 50 (w .15)
    // score (30 + 15 + 7.5) / .75 = 70; coverage .75 / 1 = .75
    expect(
      weightedBlend([
        { score: 100, weight: 0.3 },
        { score: 50, weight: 0.3 },
        { score: null, weight: 0.25 },
        { score: 50, weight: 0.15 },
      ]),
    ).toEqual({ score: 70, coverage: 0.75, observedWeight: 0.75, imputedWeight: 0, imputationClass: null });
  });

  it('counts an imputation at its certainty and names its class only when nothing was observed', () => {
    // food and water without an IPC listing: 88 imputed (w .6, certainty .7) and water stress 60 (w .4)
    // score 52.8 + 24 = 76.8 -> 77; coverage .42 + .4 = .82
    expect(weightedBlend([imputed(IMPUTE.ipcFood, 0.6), { score: 60, weight: 0.4 }])).toEqual({
      score: 77,
      coverage: 0.82,
      observedWeight: 0.4,
      imputedWeight: 0.6,
      imputationClass: null,
    });
    expect(weightedBlend([imputed(IMPUTE.ipcFood, 0.6), { score: null, weight: 0.4 }])).toEqual({
      score: 88,
      coverage: 0.42,
      observedWeight: 0,
      imputedWeight: 0.6,
      imputationClass: 'stable-absence',
    });
  });

  it('scores nothing when every metric is a gap', () => {
    expect(weightedBlend([{ score: null, weight: 1 }])).toMatchObject({ score: 0, coverage: 0, imputationClass: null });
  });

  it('stays within 0-100 and coverage within 0-1 for any metrics', () => {
    const metric = fc.record({
      score: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
      weight: fc.double({ min: 0.01, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(metric, { minLength: 1, maxLength: 8 }), (metrics) => {
        const d = weightedBlend(metrics);
        return d.score >= 0 && d.score <= 100 && d.coverage >= 0 && d.coverage <= 1;
      }),
    );
  });
});

describe('the 23 dimensions', () => {
  it('are the published ones, in the published order, in six domains whose weights sum to 1', () => {
    expect(DIMENSIONS).toHaveLength(23);
    expect(DIMENSIONS.map((d) => d.id).slice(0, 4)).toEqual([
      'macroFiscal',
      'currencyExternal',
      'tradePolicy',
      'financialSystemExposure',
    ]);
    expect(Object.values(DOMAIN_WEIGHTS).reduce((a, w) => a + w, 0)).toBeCloseTo(1, 10);
  });

  it.each([
    [
      'governanceInstitutional',
      { 'VA.EST': 1, 'PV.EST': 1, 'GE.EST': 1, 'RQ.EST': 1, 'RL.EST': 1, 'CC.EST': 1 },
      70,
      1,
    ],
    ['tradePolicy', { [WB.appliedTariff]: 5 }, 75, 0.4], // WTO slots (.3 + .3) not read
    ['currencyExternal', { [WB.reserveMonths]: 6.5 }, 50, 0.4], // reserves only: the published fixed coverage
    ['liquidReserveAdequacy', { [WB.reserveMonths]: 30 }, 100, 1], // capped at 12 months
    // energy: imports 20% -> 80 (w .25), 4,100 kWh a head -> 50 (w .3): (20 + 15) / .55 = 63.6
    ['energy', { [WB.energyImports]: 20, [WB.electricityUse]: 4100 }, 64, 0.55],
    // health: UHC 90 -> 100, measles 99 -> 100, beds 30 (per 10,000, against 0-8) -> 100, 25 physicians per 10,000
    // = 2.5 per 1,000 -> 50, 1,510 USD -> 50: 35 + 25 + 10 + 7.5 + 7.5 = 85
    [
      'healthPublicService',
      {
        [WHO.uhcIndex]: 90,
        [WHO.measlesCoverage]: 99,
        [WHO.hospitalBeds]: 30,
        [WHO.physiciansPer10k]: 25,
        [WHO.healthExpPerCapitaUsd]: 1510,
      },
      85,
      1,
    ],
    // IPC listing: 1,000,000 people -> 14 (w .45), phase 3 -> 50 (w .15), water stress 40% -> 60 (w .4)
    // (6.3 + 7.5 + 24) / 1 = 37.8
    ['foodWater', { IPC_PHASE3_PEOPLE: 1_000_000, IPC_PHASE: 3, [WB.waterStress]: 40 }, 38, 1],
    ['stateContinuity', { 'GE.EST': 0, 'RL.EST': 0 }, 50, 0.5], // WGI mean 0 -> 50; UCDP and displacement not read
  ])('%s from %j scores %d with coverage %d', (id, values, score, coverage) => {
    const d = DIMENSIONS.find((x) => x.id === id)!.score(indicators(values));
    expect([d.score, d.coverage]).toEqual([score, coverage]);
  });

  it('impute the recovery seeds this service does not read, as the published scorer does when they are absent', () => {
    for (const id of ['fiscalSpace', 'externalDebtCoverage', 'importConcentration', 'sovereignFiscalBuffer'])
      expect(DIMENSIONS.find((x) => x.id === id)!.score(new Map())).toEqual({
        score: 50,
        coverage: 0.3,
        observedWeight: 0,
        imputedWeight: 1,
        imputationClass: 'unmonitored',
      });
  });
});

describe('aggregation', () => {
  const dim = (id: string, score: number, coverage: number, imputationClass: Dimension['imputationClass'] = '') =>
    toDimension(
      id,
      { score, coverage, observedWeight: 1, imputedWeight: 0, imputationClass: imputationClass || null },
      fresh,
    );

  it('weighs a wholly imputed dimension at half and a dimension by its published multiplier', () => {
    // fiscalSpace 50 imputed (.3 × 1 × .5 = .15) and liquidReserveAdequacy 80 (1 × .5 = .5): (7.5 + 40) / .65
    expect(
      coverageWeightedMean([dim('fiscalSpace', 50, 0.3, 'unmonitored'), dim('liquidReserveAdequacy', 80, 1)]),
    ).toBeCloseTo(47.5 / 0.65, 10);
  });

  it('penalises the weakest pillar', () => {
    // 80 × .4 + 60 × .35 + 40 × .25 = 63; × (1 − .5 × (1 − .4)) = 44.1
    expect(
      penalizedPillarScore([
        { score: 80, weight: 0.4 },
        { score: 60, weight: 0.35 },
        { score: 40, weight: 0.25 },
      ]),
    ).toBe(44.1);
  });

  it('never rises above the best pillar nor leaves 0-100', () => {
    const pillar = fc.record({
      score: fc.double({ min: 0, max: 100, noNaN: true }),
      weight: fc.constantFrom(0.4, 0.35, 0.25),
    });
    fc.assert(
      fc.property(fc.array(pillar, { minLength: 1, maxLength: 3 }), (ps) => {
        const s = penalizedPillarScore(ps);
        const total = ps.reduce((a, p) => a + p.weight, 0);
        return s >= 0 && s <= Math.max(...ps.map((p) => p.score)) * total + 0.005;
      }),
    );
  });

  it('builds pillars from coverage-weighted domains', () => {
    const domains = buildDomains([dim('governanceInstitutional', 50, 1), dim('currencyExternal', 80, 0.5)]);
    const pillars = buildPillars(domains);
    // only the dimensions given count here: economic has one at coverage .5, social-governance one at 1
    const econ = domains.find((d) => d.id === 'economic')!;
    const social = domains.find((d) => d.id === 'social-governance')!;
    expect([econ.score, social.score]).toEqual([80, 50]);
    // (80 × .17 × .5 + 50 × .19 × 1) / (.17 × .5 + .19 × 1) = (6.8 + 9.5) / .275 = 59.27
    expect(pillars[0]).toMatchObject({ id: 'structural-readiness', score: 59.27, weight: 0.4, coverage: 0.75 });
  });
});

describe('freshness', () => {
  it.each([
    [0, 'fresh'],
    [1.4 * YEAR, 'fresh'],
    [2 * YEAR, 'aging'],
    [3 * YEAR, 'stale'],
  ])('an annual source %d ms old is %s', (age, s) => expect(stalenessOf(age, YEAR)).toBe(s));

  it('takes the oldest capture and the worst staleness among the sources read; a source not loaded is stale', () => {
    expect(dimensionFreshness(['worldbank', 'ipc'], { worldbank: AT - 2 * YEAR, ipc: AT }, AT)).toEqual({
      lastObservedAtMs: AT - 2 * YEAR,
      staleness: 'aging',
    });
    expect(dimensionFreshness(['ipc'], {}, AT)).toEqual({ lastObservedAtMs: 0, staleness: 'stale' });
    expect(dimensionFreshness([], {}, AT)).toEqual({ lastObservedAtMs: 0, staleness: '' });
  });
});

describe('a whole country, worked by hand from the published definitions', () => {
  // All WGI 0 (governance 50, state continuity 50 at coverage .5), reserves 6.5 months (50), tariff 5% (75),
  // roads 50%, electricity access 100%, broadband 20 per 100, energy imports 20%, 4,100 kWh a head, the WHO
  // values of the health case above (85), water stress 40%, no IPC listing (food and water 77 at .82).
  const country = indicators({
    'VA.EST': 0,
    'PV.EST': 0,
    'GE.EST': 0,
    'RQ.EST': 0,
    'RL.EST': 0,
    'CC.EST': 0,
    [WB.reserveMonths]: 6.5,
    [WB.appliedTariff]: 5,
    [WB.roadsPaved]: 50,
    [WB.electricityAccess]: 100,
    [WB.broadband]: 20,
    [WB.energyImports]: 20,
    [WB.electricityUse]: 4100,
    [WB.waterStress]: 40,
    [WB.population]: 5_000_000,
    [WHO.uhcIndex]: 90,
    [WHO.measlesCoverage]: 99,
    [WHO.hospitalBeds]: 30,
    [WHO.physiciansPer10k]: 25,
    [WHO.healthExpPerCapitaUsd]: 1510,
  });
  // Every source captured at AT (fresh); no event dataset lists the country's events here.
  const everySource = {
    worldbank: AT,
    who: AT,
    ipc: AT,
    ucdp: AT,
    displacement: AT,
    unrest: AT,
    outages: AT,
    cyber: AT,
    gps: AT,
    debt: AT,
    gasStorage: AT,
  };
  const r = scoreCountry('XX', country, everySource, AT);

  it('scores its domains', () => {
    expect(Object.fromEntries(r.domains.map((d) => [d.id, d.score]))).toEqual({
      // currency 50 (cov .4 × 1) and trade 75 (cov .4 × .5): (20 + 15) / .6
      economic: 58.33,
      // logistics 50 (cov .5) and infrastructure 70 (cov .75): (25 + 52.5) / 1.25
      infrastructure: 62,
      energy: 64,
      'social-governance': 50,
      // health 85 (cov 1) and food and water 77 (cov .82): (85 + 63.14) / 1.82
      'health-food': 81.4,
      recovery: 50,
    });
  });

  it('scores its pillars and the penalised overall score', () => {
    // structural: economic coverage (0 + .4 + .4 + 0) / 4 = .2, social (1 + 0 + 0 + 0 + 0) / 5 = .2:
    //   (58.33 × .17 + 50 × .19) / .36 = 53.93
    // live shock: coverages 1.25 / 3, .55, .91: (62 × .0625 + 64 × .0605 + 81.4 × .1183) / .2413 = 72.01
    // recovery: every dimension 50 -> 50, coverage 2.7 / 8 = .3375
    expect(r.pillars.map((p) => [p.id, p.score, p.coverage])).toEqual([
      ['structural-readiness', 53.93, 0.2],
      ['live-shock-exposure', 72.01, 0.6256],
      ['recovery-capacity', 50, 0.3375],
    ]);
    // (53.93 × .4 + 72.01 × .35 + 50 × .25) × (1 − .5 × (1 − .5)) = 59.2755 × .75 = 44.46
    expect(r.overallScore).toBe(44.46);
    expect(r.level).toBe('medium');
  });

  it('reports baseline, stress, imputation and confidence', () => {
    // baseline and mixed: 387.09 / 6.145 = 62.99; stress and mixed: 158.34 / 2.47 = 64.11
    expect([r.baselineScore, r.stressScore, r.stressFactor]).toEqual([62.99, 64.11, 0.3589]);
    // imputed 5.6 (food .6, education 1, four recovery seeds 4) over 17.7 weighed in all
    expect(r.imputationShare).toBe(0.3164);
    // mean coverage of the 21 dimensions that are not retired: 8.12 / 21 = .3867: below .55, low confidence
    expect(r.overallCoverage).toBeCloseTo(8.12 / 21, 10);
    expect([r.lowConfidence, r.headlineEligible, r.populationMillions]).toEqual([true, false, 5]);
  });

  it('scores every country with an indicator, and only those', () => {
    const all = scoreAll(
      {
        worldbank: [
          { countryCode: 'NO', indicator: 'GE.EST', year: 2023, value: 1.8 },
          { countryCode: 'DE', indicator: 'GE.EST', year: 2023, value: 1.3 },
        ],
        ipc: [],
      },
      { worldbank: AT },
      AT,
    );
    expect(all.map((c) => c.countryCode)).toEqual(['DE', 'NO']);
  });
});

describe('the event dimensions', () => {
  const none = { eventCount: 0, deaths: 0, typeWeight: 0 };
  const score = (id: string, c: Map<string, { value: number; year: number }>, e: object) =>
    DIMENSIONS.find((x) => x.id === id)!.score(c, e);
  const tenMillion = indicators({ [WB.population]: 10_000_000 });

  it.each([
    // 3 state-based events (6 + 6) and 100 deaths (10): 22 per 10 million people = 2.2 -> 85 (w .65);
    // 1,000 refugees hosted -> log10 3 -> 57 (w .35): 55.25 + 19.95 = 75.2
    [
      'borderSecurity',
      { ucdp: { eventCount: 3, deaths: 100, typeWeight: 6 }, displacement: { totalDisplaced: 0, hostTotal: 1000 } },
      75,
      1,
    ],
    // not listed by UNHCR: 85 imputed at .6 certainty
    ['borderSecurity', { ucdp: none, displacement: null }, 95, 0.86],
    // neither feed loaded: nothing scored
    ['borderSecurity', {}, 0, 0],
    // 100,000 displaced -> log10 5 -> 29 (w .25); 4 unrest points and 9 deaths: 7 per 10 million = .7 -> 93 (w .2)
    [
      'socialCohesion',
      { displacement: { totalDisplaced: 100_000, hostTotal: 0 }, unrest: { unrestCount: 4, fatalities: 9 } },
      // (7.25 + 18.6) / .45 = 57.4
      57,
      0.45,
    ],
    // one total (4) and one partial (1) outage: 5 against 0-20 -> 75 (w .35; the threat and GPS feeds not loaded)
    ['cyberDigital', { outages: { total: 1, major: 0, partial: 1 } }, 75, 0.35],
    // threats at the cap 8 against 0-25 -> 68 (w .45); no outage -> 100 (w .35); 2 high (6) and 3 medium (3)
    // GPS cells: 9 against 0-20 -> 55 (w .2): 30.6 + 35 + 11 = 76.6
    [
      'cyberDigital',
      { cyber: { weightedCount: 8 }, outages: { total: 0, major: 0, partial: 0 }, gps: { high: 2, medium: 3 } },
      77,
      1,
    ],
    // no threat -> 100 (w .45); 7 high GPS cells: 21, past the worst anchor -> 0 (w .2); outages not loaded:
    // 45 / .65 = 69.2
    ['cyberDigital', { cyber: { weightedCount: 0 }, gps: { high: 7, medium: 0 } }, 69, 0.65],
    // infrastructure reads the outage feed as cyber-digital does: none for the country -> 100 (w .25)
    ['infrastructure', { outages: { total: 0, major: 0, partial: 0 } }, 100, 0.25],
    // one major outage: 2 against 0-20 -> 90 (w .25 of the dimension)
    ['infrastructure', { outages: { total: 0, major: 1, partial: 0 } }, 90, 0.25],
    // debt ratio up 5% on the year before: 5 against 0-20 -> 75 (w .2; the IMF and BIS metrics not read)
    ['macroFiscal', { debtGrowth: 5 }, 75, 0.2],
    // a falling ratio counts as 0 growth -> 100; growth past 20% -> 0
    ['macroFiscal', { debtGrowth: -3 }, 100, 0.2],
    ['macroFiscal', { debtGrowth: 25 }, 0, 0.2],
    // a country the debt dataset does not list: a gap
    ['macroFiscal', { debtGrowth: null }, 0, 0],
    // gas storage 40% full: (80 - 40) / 80 = .5 stress -> 50 (w .1; no World Bank energy indicator here)
    ['energy', { gasFillPct: 40 }, 50, 0.1],
    // 20% full: .75 stress -> 25; above 80% full: no stress -> 100
    ['energy', { gasFillPct: 20 }, 25, 0.1],
    ['energy', { gasFillPct: 95 }, 100, 0.1],
    // UCDP raw 22 against 0-30 -> 27 (w .3), displaced 100,000 -> 29 (w .2), no WGI: (8.1 + 5.8) / .5 = 27.8
    [
      'stateContinuity',
      { ucdp: { eventCount: 3, deaths: 100, typeWeight: 6 }, displacement: { totalDisplaced: 100_000, hostTotal: 0 } },
      28,
      0.5,
    ],
  ])('%s from %j scores %d with coverage %d', (id, events, s, coverage) => {
    const d = score(id, tenMillion, events);
    expect([d.score, d.coverage]).toEqual([s, coverage]);
  });
});
