import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brier,
  bucketOf,
  completionStatus,
  logScore,
  marketProbability,
  scorecard,
  simulateTheater,
  type LedgerEntry,
} from '../../../src/services/forecast/rules.js';

const DAY = 86_400_000;
const AS_OF = Date.UTC(2026, 10, 20);
const entry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  forecastId: 'f',
  domain: 'conflict',
  generationOrigin: 'detector',
  probability: 0.7,
  marketProbability: null,
  published: true,
  publishedAt: AS_OF - 10 * DAY,
  deadline: AS_OF - 3 * DAY,
  status: 'resolved',
  outcome: 'yes',
  resolvedAt: AS_OF - 2 * DAY,
  ...over,
});

describe('scoring formulas', () => {
  it.each([
    [0.7, true, 0.09],
    [0.7, false, 0.49],
    [0, false, 0],
    [1, false, 1],
  ])('brier(%d, %s) = %d', (p, y, b) => expect(brier(p, y)).toBeCloseTo(b, 12));

  it.each([
    [0.5, true, Math.LN2],
    [1, true, -Math.log(1 - 1e-6)],
    [1, false, -Math.log(1e-6)],
  ])('logScore(%d, %s) is finite and as defined', (p, y, l) => expect(logScore(p, y)).toBeCloseTo(l, 9));

  it.each([
    [0, 0],
    [0.099, 0],
    [0.1, 1],
    [0.95, 9],
    [1, 9],
  ])('bucketOf(%d) = %d', (p, b) => expect(bucketOf(p)).toBe(b));

  it('reads market prices quoted in percent', () => {
    expect(marketProbability(62)).toBe(0.62);
    expect(marketProbability(0.62)).toBe(0.62);
  });

  it('brier stays in [0, 1] and log loss is non-negative for any probability', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (p, y) => {
        const b = brier(p, y);
        expect(b >= 0 && b <= 1 && logScore(p, y) >= 0 && Number.isFinite(logScore(p, y))).toBe(true);
      }),
    );
  });
});

describe('scorecard', () => {
  it('tallies statuses, leaves out entries older than the window, and scores only yes/no', () => {
    const card = scorecard(
      [
        entry(),
        entry({ outcome: 'no', probability: 0.2 }),
        entry({ status: 'void', outcome: null }),
        entry({ status: 'pending', outcome: null, resolvedAt: null, publishedAt: AS_OF - DAY }),
        entry({ status: 'pending_judge', outcome: null, resolvedAt: null }),
        entry({ resolvedAt: AS_OF - 200 * DAY }),
      ],
      AS_OF,
    );
    expect(card.totals).toEqual({
      entries: 5,
      resolved: 3,
      pending: 1,
      pendingJudge: 1,
      scored: 2,
      void: 1,
      voidRate: 0.333333,
      // scored / entries, the published formula: 2 of the 5 entries in the window resolved yes/no.
      publicationCoverage: 0.4,
    });
    expect(card.overall).toEqual({ count: 2, brier: 0.065, logScore: expect.any(Number) });
    expect(card.calibration[7]).toMatchObject({ count: 1, predictedMean: 0.7, realizedRate: 1 });
    expect(card.calibration[2]).toMatchObject({ count: 1, realizedRate: 0 });
    expect(card.calibration[5]).toEqual({ bucket: '50-60', minProbability: 0.5, maxProbability: 0.6, count: 0 });
  });

  it('compares with the market and excludes non-independent origins from skill', () => {
    const card = scorecard([entry({ marketProbability: 50 }), entry({ generationOrigin: 'bet_engine' })], AS_OF);
    expect(card.vsMarketSkill).toEqual({ count: 1, forecastBrier: 0.09, marketBrier: 0.25, brierDelta: -0.16 });
    expect(card.skill).toMatchObject({ count: 1, excludedScored: 1, brier: 0.09 });
  });

  it('has no overall, market or skill summary when nothing is scored', () => {
    const card = scorecard([entry({ status: 'pending', outcome: null, resolvedAt: null })], AS_OF);
    expect(card.overall).toBeUndefined();
    expect(card.vsMarketSkill).toBeUndefined();
    expect(card.skill).toBeUndefined();
    expect(card.calibration).toHaveLength(10);
  });

  it('always has calibration counts summing to scored, and a mean Brier within [0, 1]', () => {
    const arb = fc.array(
      fc.record({
        p: fc.double({ min: 0, max: 1, noNaN: true }),
        yes: fc.boolean(),
        status: fc.constantFrom('resolved', 'void', 'pending', 'pending_judge') as fc.Arbitrary<LedgerEntry['status']>,
      }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const card = scorecard(
          rows.map((r) =>
            entry({
              probability: r.p,
              status: r.status,
              outcome: r.status === 'resolved' ? (r.yes ? 'yes' : 'no') : null,
            }),
          ),
          AS_OF,
        );
        expect(card.calibration.reduce((a, b) => a + b.count, 0)).toBe(card.totals.scored);
        if (card.overall) expect(card.overall.brier >= 0 && card.overall.brier <= 1).toBe(true);
      }),
    );
  });
});

describe('simulation', () => {
  const cards = new Map([
    ['a', { id: 'a', title: 'A', probability: 0.5, confidence: 0.8, projections: { d7: 0.6 } }],
    ['b', { id: 'b', title: 'B', probability: 0.2, confidence: 0.3, projections: null }],
  ]);

  it('combines the theater forecasts as at-least-one-happens', () => {
    const t = simulateTheater({ id: 't', label: 'T', forecastIds: ['a', 'b', 'gone'] }, cards);
    expect(t).toMatchObject({
      status: 'completed',
      forecastCount: 2,
      baseProbability: 0.6,
      simulatedProbability: 0.68,
      dominantForecastId: 'a',
    });
    expect(t.pathConfidence).toBeCloseTo((0.5 * 0.8 + 0.2 * 0.3) / 0.7, 3);
  });

  it('fails a theater none of whose forecasts is current', () => {
    expect(simulateTheater({ id: 't', label: 'T', forecastIds: ['gone'] }, cards)).toMatchObject({
      status: 'failed',
      forecastCount: 0,
    });
  });

  it.each([
    [0, 0, 'no_eligible_theaters'],
    [3, 0, 'completed'],
    [3, 1, 'partial'],
    [3, 3, 'all_theaters_failed'],
  ])('completionStatus(%d eligible, %d failed) = %s', (e, f, s) => expect(completionStatus(e, f)).toBe(s));
});
