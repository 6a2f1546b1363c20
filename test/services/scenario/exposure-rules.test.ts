import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chapterExposure,
  EXPOSURE_CHAPTERS,
  exposureTable,
  fallbackScores,
  flowWeightedScores,
  routeCoverage,
  type ChokepointLanes,
  type HeadingImports,
} from '../../../src/services/scenario/exposure-rules.js';

/*
 * A hand-made lane model. Chokepoint A (shock-modelled) is passed by lanes r1 and r2, B by r2-r5,
 * C by none. The importer X sails r1; supplier P sails r2 and r3; supplier Q has no modelled lane.
 */
const A: ChokepointLanes = { id: 'A', routeIds: ['r1', 'r2'], shockSupported: true };
const B: ChokepointLanes = { id: 'B', routeIds: ['r2', 'r3', 'r4', 'r5'], shockSupported: false };
const C: ChokepointLanes = { id: 'C', routeIds: [], shockSupported: false };
const CHOKEPOINTS = [A, B, C];
const lanes: Record<string, string[]> = { X: ['r1'], P: ['r2', 'r3'], Q: [] };
const routesOf = (iso2: string) => new Set(lanes[iso2] ?? []);
const X = routesOf('X');

// Chapter 27: crude (300, 60% from P, 40% from Q) and gas (100, all from P). Chapter 85: chips (1000, all from P).
const HEADINGS: HeadingImports[] = [
  {
    hs4: '2709',
    totalValue: 300,
    topExporters: [
      { partnerIso2: 'P', share: 0.6 },
      { partnerIso2: 'Q', share: 0.4 },
    ],
  },
  { hs4: '2711', totalValue: 100, topExporters: [{ partnerIso2: 'P', share: 1 }] },
  { hs4: '8542', totalValue: 1000, topExporters: [{ partnerIso2: 'P', share: 1 }] },
];

describe('routeCoverage', () => {
  it.each([
    ['A from X and P: r1 by X, r2 by P', A, 'X', 'P', 1],
    ['B from X and P: r2 and r3 of four', B, 'X', 'P', 0.5],
    ['A from X and Q: r1 of two', A, 'X', 'Q', 0.5],
    ['B from X and Q: none of four', B, 'X', 'Q', 0],
    ['a chokepoint no lane passes', C, 'X', 'P', 0],
  ])('%s', (_name, cp, importer, exporter, expected) => {
    expect(routeCoverage(cp.routeIds, routesOf(importer), routesOf(exporter))).toBe(expected);
  });
});

describe('flowWeightedScores', () => {
  it('weighs coverage by supplier share and heading share of the chapter', () => {
    // Weights: crude 300/400 = 0.75, gas 100/400 = 0.25.
    // A: crude P 1 x 0.6 x 0.75 x 100 = 45, Q 0.5 x 0.4 x 0.75 x 100 = 15; gas P 1 x 1 x 0.25 x 100 = 25 -> 85.
    // B: crude P 0.5 x 0.6 x 0.75 x 100 = 22.5, Q 0; gas P 0.5 x 1 x 0.25 x 100 = 12.5 -> 35.
    const scores = flowWeightedScores(CHOKEPOINTS, X, HEADINGS.slice(0, 2), routesOf);
    expect(scores.get('A')).toBeCloseTo(85, 10);
    expect(scores.get('B')).toBeCloseTo(35, 10);
    expect(scores.get('C')).toBe(0);
  });

  it('skips suppliers without a code and gives zeros without imports', () => {
    const unnamed = [{ hs4: '2709', totalValue: 10, topExporters: [{ partnerIso2: '', share: 1 }] }];
    expect([...flowWeightedScores(CHOKEPOINTS, X, unnamed, routesOf).values()]).toEqual([0, 0, 0]);
    expect([...flowWeightedScores(CHOKEPOINTS, X, [], routesOf).values()]).toEqual([0, 0, 0]);
  });
});

describe('fallbackScores', () => {
  it("is the share of a chokepoint's lanes among the importer's own, x 100", () => {
    const D: ChokepointLanes = { id: 'D', routeIds: ['r1', 'r6', 'r7'], shockSupported: false };
    const s = fallbackScores([A, B, C, D], X);
    expect([s.get('A'), s.get('B'), s.get('C')]).toEqual([50, 0, 0]);
    expect(s.get('D')).toBeCloseTo(100 / 3, 10);
  });
});

describe('chapterExposure', () => {
  const at = (hs2: string, importer = 'X') =>
    chapterExposure({
      iso2: importer,
      hs2,
      chokepoints: CHOKEPOINTS,
      importerRoutes: routesOf(importer),
      headings: HEADINGS,
      routesOf,
    });

  it.each([
    [
      // A 85 x 1.5 = 127.5, capped at 100; B 35 (not shock-modelled); 0.5 x 100 + 0.3 x 35 = 60.5.
      'fuels: flow-weighted, the shock weighting capped at 100',
      '27',
      'X',
      {
        coverage: 'flow-weighted',
        tradeValueUsd: 400,
        primaryChokepointId: 'A',
        vulnerabilityIndex: 60.5,
        exposures: [
          { chokepointId: 'A', score: 100 },
          { chokepointId: 'B', score: 35 },
          { chokepointId: 'C', score: 0 },
        ],
      },
    ],
    [
      // Chips, all from P: A 1 x 100 = 100, B 0.5 x 100 = 50, no weighting outside chapter 27; 50 + 15 = 65.
      'electronics: flow-weighted, unweighted',
      '85',
      'X',
      {
        coverage: 'flow-weighted',
        tradeValueUsd: 1000,
        primaryChokepointId: 'A',
        vulnerabilityIndex: 65,
        exposures: [
          { chokepointId: 'A', score: 100 },
          { chokepointId: 'B', score: 50 },
          { chokepointId: 'C', score: 0 },
        ],
      },
    ],
    [
      // No imports in chapter 84: X's own lane r1 is one of A's two -> 50; 0.5 x 50 = 25.
      'a chapter without imports: the route fallback',
      '84',
      'X',
      {
        coverage: 'route-fallback',
        tradeValueUsd: 0,
        primaryChokepointId: 'A',
        vulnerabilityIndex: 25,
        exposures: [
          { chokepointId: 'A', score: 50 },
          { chokepointId: 'B', score: 0 },
          { chokepointId: 'C', score: 0 },
        ],
      },
    ],
    [
      // Q imports nothing modelled and has no lane: flow scores are all 0, so is the fallback.
      'no lane anywhere: all zero, no primary chokepoint',
      '84',
      'Q',
      {
        coverage: 'route-fallback',
        tradeValueUsd: 0,
        primaryChokepointId: '',
        vulnerabilityIndex: 0,
        exposures: [
          { chokepointId: 'A', score: 0 },
          { chokepointId: 'B', score: 0 },
          { chokepointId: 'C', score: 0 },
        ],
      },
    ],
  ])('%s', (_name, hs2, importer, expected) => {
    expect(at(hs2, importer)).toEqual({ iso2: importer, hs2, ...expected });
  });

  it('rounds scores to one decimal', () => {
    const D: ChokepointLanes = { id: 'D', routeIds: ['r1', 'r6', 'r7'], shockSupported: false };
    const row = chapterExposure({
      iso2: 'X',
      hs2: '84',
      chokepoints: [D],
      importerRoutes: X,
      headings: [],
      routesOf,
    });
    // 1/3 x 100 = 33.33 -> 33.3; vulnerability 0.5 x 33.3 = 16.65 -> 16.7 (a half rounds up).
    expect(row.exposures).toEqual([{ chokepointId: 'D', score: 33.3 }]);
    expect(row.vulnerabilityIndex).toBe(16.7);
  });
});

describe('exposureTable', () => {
  const model = {
    countries: new Map([
      ['X', { nearestRouteIds: ['r1'] }],
      ['P', { nearestRouteIds: ['r2', 'r3'] }],
    ]),
    chokepointRoutes: new Map([
      ['A', ['r1', 'r2']],
      ['B', ['r2', 'r3', 'r4', 'r5']],
    ]),
    shockModelChokepoints: ['A', 'S'],
  };

  it('has a row per chapter for each modelled country, and for an unmodelled importer only in the chapters it imports', () => {
    const rows = exposureTable(model, new Map([['TW', HEADINGS.slice(2)]]));
    expect(rows).toHaveLength(EXPOSURE_CHAPTERS.length * 2 + 1);
    expect(rows.filter((r) => r.iso2 === 'TW').map((r) => r.hs2)).toEqual(['85']);
    // TW has no lane of its own; its chips come from P, whose lanes r2, r3 pass A (1 of 2) and B (2 of 4).
    expect(rows.find((r) => r.iso2 === 'TW')!.exposures).toEqual([
      { chokepointId: 'A', score: 50 },
      { chokepointId: 'B', score: 50 },
      { chokepointId: 'S', score: 0 },
    ]);
    // A shock-modelled chokepoint no lane passes is listed, at 0.
    expect(rows[0]!.exposures.map((e) => e.chokepointId).sort()).toEqual(['A', 'B', 'S']);
  });

  it('keeps chapter order, then importer order', () => {
    const rows = exposureTable(model, new Map());
    expect(rows.slice(0, 4).map((r) => `${r.hs2}:${r.iso2}`)).toEqual(['27:P', '27:X', '84:P', '84:X']);
  });
});

describe('properties', () => {
  const ids = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
  const laneSet = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 6 });
  const chokepoints = fc.uniqueArray(
    fc.record({ id: fc.constantFrom('A', 'B', 'C', 'D'), routeIds: laneSet, shockSupported: fc.boolean() }),
    { minLength: 1, maxLength: 4, selector: (c) => c.id },
  );
  // Supplier shares of a heading add up to at most 1, as shares of the heading's imports do.
  const heading = fc
    .record({
      chapter: fc.constantFrom('27', '84', '85'),
      totalValue: fc.double({ min: 0, max: 1e12, noNaN: true }),
      weights: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
      suppliers: fc.array(fc.constantFrom('P', 'Q', 'R'), { minLength: 5, maxLength: 5 }),
    })
    .map(({ chapter, totalValue, weights, suppliers }) => {
      const sum = weights.reduce((a, b) => a + b, 0);
      return {
        hs4: `${chapter}01`,
        totalValue,
        topExporters: weights.map((w, i) => ({ partnerIso2: suppliers[i]!, share: sum > 1 ? w / sum : w })),
      };
    });
  const supplierLanes = fc.record({ P: laneSet, Q: laneSet, R: laneSet });

  it('scores and vulnerability stay within 0-100, highest first, vulnerability at most the highest score', () => {
    fc.assert(
      fc.property(
        chokepoints,
        laneSet,
        fc.array(heading, { maxLength: 4 }),
        supplierLanes,
        fc.constantFrom('27', '84', '85'),
        (cps, mine, headings, sup, hs2) => {
          const row = chapterExposure({
            iso2: 'X',
            hs2,
            chokepoints: cps,
            importerRoutes: new Set(mine),
            headings,
            routesOf: (iso2) => new Set(sup[iso2 as 'P'] ?? []),
          });
          const scores = row.exposures.map((e) => e.score);
          for (const s of scores) expect(s >= 0 && s <= 100).toBe(true);
          for (let k = 1; k < scores.length; k++) expect(scores[k - 1]!).toBeGreaterThanOrEqual(scores[k]!);
          expect(row.vulnerabilityIndex).toBeGreaterThanOrEqual(0);
          expect(row.vulnerabilityIndex).toBeLessThanOrEqual(scores[0]! + 1e-9);
          expect(row.primaryChokepointId === '').toBe(scores[0] === 0);
        },
      ),
    );
  });

  it("more lanes for the importer never lower a chokepoint's fallback score", () => {
    fc.assert(
      fc.property(chokepoints, laneSet, laneSet, (cps, mine, more) => {
        const before = fallbackScores(cps, new Set(mine));
        const after = fallbackScores(cps, new Set([...mine, ...more]));
        for (const c of cps) expect(after.get(c.id)!).toBeGreaterThanOrEqual(before.get(c.id)!);
      }),
    );
  });
});
