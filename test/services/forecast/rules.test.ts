import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brier,
  bucketOf,
  completionStatus,
  logScore,
  marketProbability,
  scorecard,
  type LedgerEntry,
} from '../../../src/services/forecast/rules.js';

const DAY = 86_400_000;
const AS_OF = Date.UTC(2026, 10, 20);
const entry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  key: 'f@1',
  forecastId: 'f',
  domain: 'conflict',
  region: 'Iran',
  title: 'Escalation risk: Iran',
  timeHorizon: '7d',
  generationOrigin: 'detector',
  probability: 0.7,
  marketProbability: null,
  published: true,
  publishedAt: AS_OF - 10 * DAY,
  deadline: AS_OF - 3 * DAY,
  status: 'resolved',
  outcome: 'yes',
  resolvedAt: AS_OF - 2 * DAY,
  spec: { kind: 'judged', deadline: AS_OF - 3 * DAY, question: 'q' },
  evidence: '',
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

  it('reads market prices quoted in percent, clamped to [0, 1]', () => {
    expect(marketProbability(62)).toBe(0.62);
    expect(marketProbability(0.62)).toBe(0.62);
    expect(marketProbability(-0.1)).toBe(0);
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
  it('tallies statuses: open entries always count, resolved ones when resolved within 180 days', () => {
    const card = scorecard(
      [
        entry(),
        entry({ outcome: 'no', probability: 0.2 }),
        entry({ status: 'void', outcome: null }),
        // Open for a long time: still in the window (the published window filters resolved entries only).
        entry({ status: 'pending', outcome: null, resolvedAt: null, publishedAt: AS_OF - 300 * DAY }),
        entry({ status: 'pending_judge', outcome: null, resolvedAt: null, domain: 'political' }),
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
    // (0.7 - 1)^2 = 0.09 and (0.2 - 0)^2 = 0.04: mean 0.065.
    expect(card.overall).toEqual({ count: 2, brier: 0.065, logScore: expect.any(Number) });
    expect(card.calibration[7]).toMatchObject({ count: 1, predictedMean: 0.7, realizedRate: 1 });
    expect(card.calibration[2]).toMatchObject({ count: 1, realizedRate: 0 });
    expect(card.calibration[5]).toEqual({ bucket: '50-60', minProbability: 0.5, maxProbability: 0.6, count: 0 });
    // Groups come from resolved entries only: the open political entry forms no group.
    expect(card.byDomain.map((g) => g.domain)).toEqual(['conflict']);
    expect(card.byDomain[0]).toMatchObject({ resolved: 3, scored: 2, void: 1, brier: 0.065 });
  });

  it('clamps an out-of-range probability when scoring instead of dropping the entry', () => {
    const card = scorecard([entry({ probability: 1.2 })], AS_OF);
    // Scored at p = 1 with outcome yes: Brier 0.
    expect(card.overall).toMatchObject({ count: 1, brier: 0 });
  });

  it('compares with the market and excludes non-independent origins from skill', () => {
    const card = scorecard([entry({ marketProbability: 50 }), entry({ generationOrigin: 'bet_engine' })], AS_OF);
    // Forecast 0.7 -> (0.7 - 1)^2 = 0.09; market 50% -> 0.25; published delta market - forecast = 0.16 (forecast better).
    expect(card.vsMarketSkill).toEqual({ count: 1, forecastBrier: 0.09, marketBrier: 0.25, brierDelta: 0.16 });
    // Only the excluded origins that have scored entries are listed.
    expect(card.skill).toEqual({
      count: 1,
      excludedScored: 1,
      excludedOrigins: ['bet_engine'],
      brier: 0.09,
      logScore: expect.any(Number),
    });
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

describe('completion status', () => {
  it.each([
    [0, 0, 'no_eligible_theaters'],
    [3, 0, 'completed'],
    [3, 1, 'partial'],
    [3, 3, 'all_theaters_failed'],
  ] as const)('%d eligible, %d failed: %s', (eligible, failed, status) =>
    expect(completionStatus(eligible, failed)).toBe(status),
  );
});
