import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHINA_SERIES,
  directionOf,
  isStale,
  periodEnd,
  pillarPulse,
  snapshotStatus,
  type PillarInput,
} from '../../../../src/services/economic/china/rules.js';

const DAY = 86_400_000;

describe('China macro series registry', () => {
  it('requires the five NBS and SAFE series and lists the seven PBoC and customs series as not collected', () => {
    expect(CHINA_SERIES.filter((s) => s.required).map((s) => s.id)).toEqual([
      'nbs_industrial_value_added_yoy',
      'nbs_fixed_asset_investment_yoy',
      'nbs_real_estate_investment_yoy',
      'safe_fx_reserves',
      'safe_bank_fx_settlement',
    ]);
    const notCollected = CHINA_SERIES.filter((s) => s.staleAfterDays === null);
    expect(notCollected).toHaveLength(7);
    expect(new Set(notCollected.map((s) => s.publisher))).toEqual(new Set(['PBoC', 'GACC']));
  });
});

describe('staleness', () => {
  it.each([
    ['2026-10', 75, Date.UTC(2026, 10, 1) + 75 * DAY, false],
    ['2026-10', 75, Date.UTC(2026, 10, 1) + 75 * DAY + 1, true],
    ['2026-10', 45, Date.UTC(2026, 11, 17), true],
    ['2026-12', 45, Date.UTC(2027, 0, 10), false],
  ])('%s with a %d-day budget at %d is stale: %s', (period, days, now, stale) => {
    expect(isStale(period, days, now)).toBe(stale);
  });

  it('counts from the first instant after the period, across year ends', () => {
    expect(periodEnd('2026-12')).toBe(Date.UTC(2027, 0, 1));
    expect(periodEnd('2026-02')).toBe(Date.UTC(2026, 2, 1));
  });
});

describe('direction', () => {
  it.each([
    [4.9, 6.5, 'weakening'],
    [-13.9, -14.7, 'strengthening'],
    [5, 5, 'unchanged'],
    [5, 5 + 1e-12, 'unchanged'],
    [5, undefined, 'unavailable'],
    [Number.NaN, 1, 'unavailable'],
  ] as const)('%s against %s is %s', (value, prior, expected) => {
    expect(directionOf(value, prior)).toBe(expected);
  });

  it('is antisymmetric: swapping value and prior swaps strengthening and weakening', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (a, b) => {
          const there = directionOf(a, b);
          const back = directionOf(b, a);
          const flipped = {
            strengthening: 'weakening',
            weakening: 'strengthening',
            unchanged: 'unchanged',
            unavailable: 'unavailable',
          }[there];
          expect(back).toBe(flipped);
        },
      ),
    );
  });
});

const input = (over: Partial<PillarInput>): PillarInput => ({
  id: 'x',
  pillar: 'activity',
  hasValue: true,
  stale: false,
  direction: 'strengthening',
  observationPeriod: '2026-10',
  periodKind: 'month',
  comparisonBasis: 'prior_month_yoy',
  ...over,
});

describe('pillar pulse', () => {
  it.each([
    ['no readings', [], 'unavailable', 'NO_AVAILABLE_OFFICIAL_OBSERVATION'],
    ['a stale reading only', [input({ stale: true })], 'unavailable', 'NO_AVAILABLE_OFFICIAL_OBSERVATION'],
    ['one reading', [input({})], 'strengthening', 'CONSISTENT_AVAILABLE_OBSERVATIONS'],
    ['two agreeing', [input({ id: 'a' }), input({ id: 'b' })], 'strengthening', 'CONSISTENT_AVAILABLE_OBSERVATIONS'],
    [
      'two disagreeing',
      [input({ id: 'a' }), input({ id: 'b', direction: 'weakening' })],
      'mixed',
      'MIXED_OFFICIAL_SIGNALS',
    ],
    [
      'different periods',
      [input({ id: 'a' }), input({ id: 'b', observationPeriod: '2026-09' })],
      'unavailable',
      'INCOMPARABLE_PERIOD_OR_BASIS',
    ],
    ['another pillar only', [input({ pillar: 'trade' })], 'unavailable', 'NO_AVAILABLE_OFFICIAL_OBSERVATION'],
  ] as const)('%s', (_, inputs, direction, reason) => {
    expect(pillarPulse('activity', inputs)).toMatchObject({ direction, reason });
  });

  it('only ever cites comparable readings of its own pillar', () => {
    const arb = fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      pillar: fc.constantFrom('activity', 'trade') as fc.Arbitrary<PillarInput['pillar']>,
      hasValue: fc.boolean(),
      stale: fc.boolean(),
      direction: fc.constantFrom('strengthening', 'weakening', 'unchanged', 'unavailable') as fc.Arbitrary<
        PillarInput['direction']
      >,
      observationPeriod: fc.constantFrom('2026-09', '2026-10'),
      periodKind: fc.constant('month'),
      comparisonBasis: fc.constant('prior_month_yoy'),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 8 }), (inputs) => {
        const pulse = pillarPulse('activity', inputs);
        const cited = new Set(pulse.observationIds);
        for (const i of inputs) {
          const comparable = i.pillar === 'activity' && i.hasValue && !i.stale && i.direction !== 'unavailable';
          if (!comparable) continue;
          expect(cited.has(i.id)).toBe(true);
        }
        if (pulse.reason === 'CONSISTENT_AVAILABLE_OBSERVATIONS') expect(pulse.direction).not.toBe('unavailable');
      }),
    );
  });
});

describe('snapshot status', () => {
  const ok = { required: true, hasValue: true, stale: false, unavailableReason: '', transportStatus: 'fresh' };
  const context = {
    required: false,
    hasValue: false,
    stale: false,
    unavailableReason: 'SOURCE_NOT_COLLECTED',
    transportStatus: 'not_requested',
  };
  it.each([
    [
      'every required fresh, sources accepted, calendar',
      [ok, ok, context],
      true,
      3,
      { launchReady: true, status: 'ready' },
    ],
    ['a source not accepted', [ok, context], false, 3, { launchReady: true, status: 'degraded' }],
    ['an empty calendar', [ok], true, 0, { launchReady: true, status: 'degraded' }],
    ['a stale required series', [ok, { ...ok, stale: true }], true, 3, { launchReady: false, status: 'degraded' }],
    [
      'a missing required series',
      [ok, { ...ok, hasValue: false, transportStatus: 'missing' }],
      true,
      3,
      { launchReady: false, status: 'degraded' },
    ],
    ['no value at all', [context], true, 3, { launchReady: false, status: 'unavailable' }],
  ] as const)('%s', (_, indicators, accepted, events, expected) => {
    expect(snapshotStatus(indicators, accepted, events)).toEqual(expected);
  });
});
