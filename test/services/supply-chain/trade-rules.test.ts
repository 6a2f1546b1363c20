import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byPartner,
  chapterSuppliers,
  dependencyFlags,
  finalExposure,
  flowWeightedExposure,
  productImports,
  sectorCostShock,
  vulnerabilityIndex,
  type ImportRow,
} from '../../../src/services/supply-chain/trade/rules.js';

const flow = (partnerIso2: string, hsCode: string, valueUsd: number, year = 2023): ImportRow => ({
  partnerIso2,
  partnerCode: partnerIso2.charCodeAt(0),
  hsCode,
  year,
  valueUsd,
});
const world = (hsCode: string, valueUsd: number, year = 2023): ImportRow => ({
  partnerIso2: '',
  partnerCode: 0,
  hsCode,
  year,
  valueUsd,
});

describe('byPartner and productImports', () => {
  it('sums per partner, shares of the total, largest first', () => {
    const r = byPartner([flow('SA', '270900', 30), flow('AE', '270900', 50), flow('SA', '271111', 20)]);
    expect(r.total).toBe(100);
    expect(r.partners).toEqual([
      { partnerIso2: 'AE', partnerCode: 65, value: 50, share: 0.5 },
      { partnerIso2: 'SA', partnerCode: 83, value: 50, share: 0.5 },
    ]);
  });

  it('takes shares of a given total (the World row), never of less than the partners sum', () => {
    expect(byPartner([flow('SA', '2709', 30)], 120).partners[0]!.share).toBe(0.25);
    expect(byPartner([flow('SA', '2709', 30), flow('AE', '2709', 30)], 40)).toMatchObject({
      total: 60,
      partners: [{ share: 0.5 }, { share: 0.5 }],
    });
  });

  it('groups by heading, keeps the latest year and five suppliers', () => {
    const ps = productImports([
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((p, i) => flow(p, '270900', 10 + i)),
      flow('A', '270900', 999, 2021),
      flow('Z', '271111', 5),
    ]);
    expect(ps.map((p) => p.hs4)).toEqual(['2709', '2711']);
    expect(ps[0]!.topExporters.map((e) => e.partnerIso2)).toEqual(['F', 'E', 'D', 'C', 'B']);
    expect(ps[0]!.exporters).toHaveLength(6);
    expect(ps[0]!.totalValue).toBe(10 + 11 + 12 + 13 + 14 + 15);
  });

  it.each([
    [
      'the World row is the total',
      [world('2709', 200), flow('SA', '2709', 50), flow('AE', '2709', 30)],
      { totalValue: 200, top: ['SA', 0.25] },
    ],
    [
      'a heading wins over its subheadings in the same year',
      [
        world('2711', 100),
        flow('QA', '2711', 40),
        world('271111', 60),
        flow('QA', '271111', 35),
        flow('AU', '271111', 20),
      ],
      { totalValue: 100, top: ['QA', 0.4] },
    ],
    [
      'subheadings alone are summed',
      [world('271111', 60), world('271121', 40), flow('QA', '271111', 30), flow('QA', '271121', 20)],
      { totalValue: 100, top: ['QA', 0.5] },
    ],
    [
      'without a World row the partners make the total',
      [flow('SA', '2709', 30), flow('AE', '2709', 10)],
      { totalValue: 40, top: ['SA', 0.75] },
    ],
    [
      'a newer year with only the heading replaces an older subheading',
      [flow('SA', '270900', 90, 2023), world('2709', 50, 2024), flow('AE', '2709', 10, 2024)],
      { totalValue: 50, top: ['AE', 0.2] },
    ],
  ] as const)('%s', (_what, rows, expected) => {
    const [p] = productImports(rows);
    expect(p!.totalValue).toBe(expected.totalValue);
    expect([p!.topExporters[0]!.partnerIso2, p!.topExporters[0]!.share]).toEqual(expected.top);
  });

  it('leaves out codes shorter than a heading', () => {
    expect(productImports([flow('SA', '27', 100)])).toEqual([]);
  });

  it('never gives a heading shares above 1 in total, nor counts a subheading twice (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('', 'A', 'B'),
            fc.constantFrom('2711', '271111', '271121'),
            fc.integer({ min: 1, max: 1000 }),
          ),
          { minLength: 1 },
        ),
        (rows) => {
          for (const p of productImports(
            rows.map(([partner, hs, v]) => (partner === '' ? world(hs, v) : flow(partner, hs, v))),
          )) {
            expect(p.exporters.reduce((a, e) => a + e.share, 0)).toBeLessThanOrEqual(1 + 1e-9);
            const hasHeading = rows.some(([, hs]) => hs === '2711');
            if (hasHeading)
              expect(p.totalValue).toBeLessThanOrEqual(
                rows.filter(([, hs]) => hs === '2711').reduce((a, [, , v]) => a + v, 0) + 1e-9,
              );
          }
        },
      ),
    );
  });

  it('sums a chapter’s suppliers over its headings', () => {
    const ps = productImports([
      world('2709', 100),
      flow('SA', '2709', 50),
      world('2711', 100),
      flow('SA', '2711', 10),
      flow('QA', '2711', 60),
    ]);
    const { total, partners } = chapterSuppliers(ps);
    expect(total).toBe(200);
    expect(partners.map((p) => [p.partnerIso2, p.share])).toEqual([
      ['QA', 0.3],
      ['SA', 0.3],
    ]);
  });
});

describe('flowWeightedExposure', () => {
  const products = productImports([flow('SA', '270900', 60), flow('US', '270900', 40), flow('QA', '271111', 100)]);
  it.each([
    ['every lane through the chokepoint', () => 1, 100],
    ['no lane through it', () => 0, 0],
    ['only Saudi crude', (e: string) => (e === 'SA' ? 1 : 0), 30],
    ['half of every lane', () => 0.5, 50],
  ])('%s', (_what, coverage, expected) => expect(flowWeightedExposure(products, coverage)).toBeCloseTo(expected, 6));

  it('stays within 0-100 and grows with coverage (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('A', 'B', 'C'),
            fc.constantFrom('270900', '271111'),
            fc.integer({ min: 1, max: 1000 }),
          ),
          { minLength: 1 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rows, k) => {
          const ps = productImports(rows.map(([p, hs, v]) => flow(p, hs, v)));
          const lo = flowWeightedExposure(ps, () => k / 2);
          const hi = flowWeightedExposure(ps, () => k);
          expect(lo).toBeGreaterThanOrEqual(0);
          expect(hi).toBeLessThanOrEqual(100 + 1e-9);
          expect(hi).toBeGreaterThanOrEqual(lo - 1e-9);
        },
      ),
    );
  });
});

describe('finalExposure and vulnerabilityIndex', () => {
  it.each([
    [50, '27', true, 75],
    [80, '27', true, 100],
    [50, '27', false, 50],
    [50, '85', true, 50],
    [33.333, '10', false, 33.3],
  ])('%d in chapter %s (shock model %s) -> %d', (score, hs2, shock, expected) =>
    expect(finalExposure(score, hs2, shock)).toBe(expected),
  );

  it.each([
    [[100, 50, 10], 67],
    [[10, 100, 50], 67],
    [[40], 20],
    [[], 0],
  ])('%j -> %d', (scores, expected) => expect(vulnerabilityIndex(scores)).toBe(expected));
});

describe('dependencyFlags', () => {
  it.each([
    [0.9, 90, false, ['DEPENDENCY_FLAG_COMPOUND_RISK']],
    [0.9, 90, true, ['DEPENDENCY_FLAG_SINGLE_SOURCE_CRITICAL']],
    [0.5, 90, false, ['DEPENDENCY_FLAG_SINGLE_CORRIDOR_CRITICAL']],
    [0.5, 90, true, ['DEPENDENCY_FLAG_DIVERSIFIABLE']],
    [0.8, 80, false, []],
  ])('share %d, exposure %d, bypass %s', (exporterShare, exposure, hasBypass, flags) =>
    expect(dependencyFlags({ exporterShare, exposure, hasBypass })).toEqual(flags),
  );

  it('never gives more than one flag (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.boolean(),
        (s, e, b) => {
          expect(dependencyFlags({ exporterShare: s, exposure: e, hasBypass: b }).length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('sectorCostShock', () => {
  it('charges the exposed imports the bypass uplift plus the premium, spread over the year', () => {
    // 365 M a year exposed, +10% freight, 300 bps: 1 M x (0.10 + 0.03) = 130 000 a day.
    expect(
      sectorCostShock({ exposedImports: 365_000_000, bypassMultiplier: 1.1, warRiskPremiumBps: 300, closureDays: 7 }),
    ).toEqual({
      freightAddedPct: 10,
      perDay: 130_000,
      days30: 3_900_000,
      days90: 11_700_000,
      closure: 910_000,
    });
  });

  it('is zero without exposed imports and never negative (property)', () => {
    expect(
      sectorCostShock({ exposedImports: 0, bypassMultiplier: 2, warRiskPremiumBps: 300, closureDays: 30 }).closure,
    ).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 365 }),
        (v, m, bps, d) => {
          const s = sectorCostShock({ exposedImports: v, bypassMultiplier: m, warRiskPremiumBps: bps, closureDays: d });
          expect(s.perDay).toBeGreaterThanOrEqual(0);
          expect(s.days90).toBeGreaterThanOrEqual(s.days30);
        },
      ),
    );
  });
});
