import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byPartner, dependencyFlags, finalExposure, flowWeightedExposure, productImports, sectorCostShock, vulnerabilityIndex } from '../../../src/services/supply-chain/trade/rules.js';
import type { TradeFlowRecord } from '../../../src/services/supply-chain/trade/datasets/trade-flows.js';

const flow = (partnerIso2: string, hsCode: string, valueUsd: number, year = 2023): TradeFlowRecord => ({ reporterIso2: 'JP', partnerIso2, hsCode, year, flow: 'import', valueUsd });

describe('byPartner and productImports', () => {
  it('sums per partner, shares of the total, largest first', () => {
    const r = byPartner([flow('SA', '270900', 30), flow('AE', '270900', 50), flow('SA', '271111', 20)]);
    expect(r.total).toBe(100);
    expect(r.partners).toEqual([
      { partnerIso2: 'AE', value: 50, share: 0.5 },
      { partnerIso2: 'SA', value: 50, share: 0.5 },
    ]);
  });

  it('groups by heading, keeps the latest year and five suppliers', () => {
    const ps = productImports([
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((p, i) => flow(p, '270900', 10 + i)),
      flow('A', '270900', 999, 2021),
      flow('Z', '271111', 5),
    ]);
    expect(ps.map((p) => p.hs4)).toEqual(['2709', '2711']);
    expect(ps[0]!.topExporters.map((e) => e.partnerIso2)).toEqual(['F', 'E', 'D', 'C', 'B']);
    expect(ps[0]!.totalValue).toBe(10 + 11 + 12 + 13 + 14 + 15);
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
      fc.property(fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C'), fc.constantFrom('270900', '271111'), fc.integer({ min: 1, max: 1000 })), { minLength: 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (rows, k) => {
        const ps = productImports(rows.map(([p, hs, v]) => flow(p, hs, v)));
        const lo = flowWeightedExposure(ps, () => k / 2);
        const hi = flowWeightedExposure(ps, () => k);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(100 + 1e-9);
        expect(hi).toBeGreaterThanOrEqual(lo - 1e-9);
      }),
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
  ])('%d in chapter %s (shock model %s) -> %d', (score, hs2, shock, expected) => expect(finalExposure(score, hs2, shock)).toBe(expected));

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
  ])('share %d, exposure %d, bypass %s', (exporterShare, exposure, hasBypass, flags) => expect(dependencyFlags({ exporterShare, exposure, hasBypass })).toEqual(flags));

  it('never gives more than one flag (property)', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), fc.boolean(), (s, e, b) => {
      expect(dependencyFlags({ exporterShare: s, exposure: e, hasBypass: b }).length).toBeLessThanOrEqual(1);
    }));
  });
});

describe('sectorCostShock', () => {
  it('charges the exposed imports the bypass uplift plus the premium, spread over the year', () => {
    // 365 M a year exposed, +10% freight, 300 bps: 1 M x (0.10 + 0.03) = 130 000 a day.
    expect(sectorCostShock({ exposedImports: 365_000_000, bypassMultiplier: 1.1, warRiskPremiumBps: 300, closureDays: 7 })).toEqual({
      freightAddedPct: 10,
      perDay: 130_000,
      days30: 3_900_000,
      days90: 11_700_000,
      closure: 910_000,
    });
  });

  it('is zero without exposed imports and never negative (property)', () => {
    expect(sectorCostShock({ exposedImports: 0, bypassMultiplier: 2, warRiskPremiumBps: 300, closureDays: 30 }).closure).toBe(0);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 365 }), (v, m, bps, d) => {
        const s = sectorCostShock({ exposedImports: v, bypassMultiplier: m, warRiskPremiumBps: bps, closureDays: d });
        expect(s.perDay).toBeGreaterThanOrEqual(0);
        expect(s.days90).toBeGreaterThanOrEqual(s.days30);
      }),
    );
  });
});
