import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROXY_SERIES,
  classify,
  confidence,
  directionOfValue,
  screen,
  type Contribution,
  type Official,
  type ProxyFamily,
} from '../../../../src/services/economic/china/nowcast-rules.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 20, 12);
const series = (family: ProxyFamily) => PROXY_SERIES.find((s) => s.family === family)!;
const WINDOW = NOW - 250 * DAY;

describe('proxy screening', () => {
  it.each([
    ['no reading', 'market', undefined, 'no_observation'],
    [
      'a value that is not a number',
      'market',
      { value: Number.NaN, alignedAt: NOW - HOUR },
      'missing_directional_value',
    ],
    ['energy inside its 30-day publication lag', 'energy', { value: 3, alignedAt: NOW - 10 * DAY }, 'lag_not_elapsed'],
    [
      'a reading before the comparison window',
      'energy',
      { value: 3, alignedAt: WINDOW - DAY },
      'outside_comparison_window_no_fill',
    ],
    [
      'aviation older than 180 minutes',
      'aviation',
      { value: 0.5, alignedAt: NOW - 181 * 60_000 },
      'freshness_budget_exceeded',
    ],
    ['CCFI within 28 days', 'freight', { value: -1, alignedAt: NOW - 27 * DAY }, null],
    ['commodities within 96 hours', 'commodity', { value: 1, alignedAt: NOW - 95 * HOUR }, null],
  ] as const)('%s: %s', (_, family, obs, reason) => {
    const c = screen(series(family), obs, WINDOW, NOW);
    expect(c.exclusionReason).toBe(reason);
    expect(c.included).toBe(reason === null);
  });

  it.each([
    [1e-10, 'flat'],
    [-1e-10, 'flat'],
    [0.01, 'strengthening'],
    [-0.01, 'weakening'],
  ] as const)('%s is %s', (v, d) => expect(directionOfValue(v)).toBe(d));
});

const contribution = (
  family: ProxyFamily,
  direction: 'strengthening' | 'weakening' | 'flat',
  alignedAt = NOW,
): Contribution => ({
  seriesId: family,
  family,
  included: true,
  exclusionReason: null,
  value: direction === 'flat' ? 0 : 1,
  direction,
  alignedTime: new Date(alignedAt).toISOString(),
  note: null,
});
const OCT: Official = { direction: 'weakening', periodEnd: Date.UTC(2026, 10, 1) };

describe('classification', () => {
  it.each([
    [
      'no official reading',
      undefined,
      [
        contribution('freight', 'weakening'),
        contribution('maritime', 'weakening'),
        contribution('market', 'weakening'),
      ],
      'insufficient_data',
    ],
    [
      'an unchanged official reading',
      { ...OCT, direction: 'unchanged' },
      [
        contribution('freight', 'weakening'),
        contribution('maritime', 'weakening'),
        contribution('market', 'weakening'),
      ],
      'insufficient_data',
    ],
    [
      'two directional families',
      OCT,
      [contribution('freight', 'weakening'), contribution('maritime', 'weakening'), contribution('market', 'flat')],
      'insufficient_data',
    ],
    [
      'three agreeing',
      OCT,
      [
        contribution('freight', 'weakening'),
        contribution('maritime', 'weakening'),
        contribution('market', 'weakening'),
      ],
      'agreement',
    ],
    [
      'three against, observed after the official period',
      OCT,
      [
        contribution('freight', 'strengthening'),
        contribution('maritime', 'strengthening'),
        contribution('market', 'strengthening'),
      ],
      'proxy_leading_divergence',
    ],
    [
      'three against, observed before it',
      OCT,
      [
        contribution('freight', 'strengthening', OCT.periodEnd - DAY),
        contribution('maritime', 'strengthening', OCT.periodEnd - DAY),
        contribution('market', 'strengthening', OCT.periodEnd - 2 * DAY),
      ],
      'official_leading_divergence',
    ],
    [
      'three to two',
      OCT,
      [
        contribution('freight', 'weakening'),
        contribution('maritime', 'weakening'),
        contribution('aviation', 'strengthening'),
        contribution('commodity', 'strengthening'),
        contribution('market', 'strengthening'),
      ],
      'mixed_signals',
    ],
    [
      'excluded proxies do not count',
      OCT,
      [
        contribution('freight', 'weakening'),
        contribution('maritime', 'weakening'),
        {
          ...contribution('market', 'weakening'),
          included: false,
          exclusionReason: 'freshness_budget_exceeded' as const,
        },
      ],
      'insufficient_data',
    ],
  ] as const)('%s -> %s', (_, official, contributions, expected) => {
    expect(classify(official, contributions)).toBe(expected);
  });

  it('is the same when every direction, official and proxy, is reversed', () => {
    const flip = { strengthening: 'weakening', weakening: 'strengthening', flat: 'flat' } as const;
    const arb = fc.array(
      fc.record({
        family: fc.constantFrom<ProxyFamily>(...PROXY_SERIES.map((s) => s.family)),
        direction: fc.constantFrom('strengthening', 'weakening', 'flat'),
        days: fc.integer({ min: -40, max: 30 }),
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom<'strengthening' | 'weakening'>('strengthening', 'weakening'), (rows, dir) => {
        const cs = rows.map((r) =>
          contribution(r.family, r.direction as 'strengthening', OCT.periodEnd + r.days * DAY),
        );
        const mirrored = cs.map((c) => ({ ...c, direction: flip[c.direction as keyof typeof flip] }));
        expect(classify({ ...OCT, direction: flip[dir] as 'weakening' }, mirrored)).toBe(
          classify({ ...OCT, direction: dir }, cs),
        );
      }),
    );
  });
});

describe('confidence', () => {
  it('is high with robust agreement over most families, lower with less coverage or a deciding family', () => {
    const agree = (['freight', 'maritime', 'aviation', 'commodity', 'corridor', 'market'] as const).map((f) =>
      contribution(f, 'weakening'),
    );
    expect(confidence('agreement', OCT, agree)).toEqual({ level: 'high', coverage: 0.857, robust: true });
    const three = agree.slice(0, 3);
    expect(confidence('agreement', OCT, three)).toEqual({ level: 'low', coverage: 0.429, robust: false });
    const four = agree.slice(0, 4);
    expect(confidence('agreement', OCT, four)).toEqual({ level: 'medium', coverage: 0.571, robust: true });
  });
});
