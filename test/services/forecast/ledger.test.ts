import { describe, expect, it } from 'vitest';
import { makeCandidate } from '../../../src/services/forecast/detectors.js';
import type { ForecastCard } from '../../../src/services/forecast/document.js';
import { compare, JUDGED_MAX_PENDING_MS, nextLedger } from '../../../src/services/forecast/ledger.js';
import { buildResolutionSpec } from '../../../src/services/forecast/resolution-spec.js';

const T0 = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

/** A card as the job publishes it at `at` (only the fields the ledger reads matter). */
function card(c: ReturnType<typeof makeCandidate>, at: number, markets: { title: string; closesAt: number }[] = []) {
  return {
    ...c,
    scenario: '',
    feedSummary: '',
    cascades: [],
    trend: 'stable',
    priorProbability: c.probability,
    createdAt: at,
    updatedAt: at,
    simulationAdjustment: 0,
    simPathConfidence: 0,
    demotedBySimulation: false,
    generationOrigin: 'legacy_detector',
    narrativeSource: 'fallback',
    resolution: buildResolutionSpec(c, { markets }, at),
  } as ForecastCard;
}

const cyber = (p: number) =>
  makeCandidate('cyber', 'Germany', 'Cyber threat concentration: Germany', p, 0.32, '7d', [
    { type: 'cyber', value: '6 threats (a, b)', weight: 0.5 },
  ]);
const gps = makeCandidate('supply_chain', 'Red Sea', 'GPS interference in Red Sea shipping zone', 0.018, 0.3, '7d', [
  { type: 'gps_jamming', value: '3 jamming hexes in Red Sea', weight: 0.5 },
]);
const MARKET = 'Will Israel strike Iran by March?';
const market = makeCandidate('conflict', 'Middle East', MARKET, 0.72, 0.7, '30d', [
  { type: 'prediction_market', value: 'Polymarket: 72%', weight: 0.8 },
]);
const judged = makeCandidate('conflict', 'Iran', 'Escalation risk: Iran', 0.5, 0.3, '7d', [
  { type: 'cii', value: 'Iran CII 82 (critical)', weight: 0.4 },
]);

describe('entering the ledger', () => {
  it('opens one window per forecast and keeps following its probability while it is open', () => {
    const first = nextLedger([], [card(cyber(0.05), T0)], T0, {}, T0);
    expect(first).toEqual([
      expect.objectContaining({
        key: `${cyber(0.05).id}@${T0 + 7 * DAY}`,
        status: 'pending',
        probability: 0.05,
        publishedAt: T0,
        deadline: T0 + 7 * DAY,
      }),
    ]);
    // A day later the document carries it again (a new deadline): the open window takes the new probability.
    const next = nextLedger(first, [card(cyber(0.06), T0 + DAY)], T0 + DAY, {}, T0 + DAY);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ probability: 0.06, deadline: T0 + 7 * DAY });
    // After the deadline the same forecast opens a second window.
    const later = nextLedger(next, [card(cyber(0.07), T0 + 8 * DAY)], T0 + 8 * DAY, {}, T0 + 8 * DAY);
    expect(later.map((e) => e.deadline)).toEqual([T0 + 7 * DAY, T0 + 15 * DAY]);
  });

  it('enters judged specs as waiting for a judge', () => {
    expect(nextLedger([], [card(judged, T0)], T0, {}, T0)[0]).toMatchObject({ status: 'pending_judge' });
  });
});

describe('resolving from the data', () => {
  const deadline = T0 + 7 * DAY;

  it('counts the cyber threats first seen within the window once the deadline passed', () => {
    const open = nextLedger([], [card(cyber(0.05), T0)], T0, {}, T0);
    const threats = [
      { country: 'DE', firstSeenAt: T0 + DAY },
      { country: 'DE', firstSeenAt: T0 + 2 * DAY },
      { country: 'DE', firstSeenAt: T0 - DAY }, // before the window
      { country: 'FR', firstSeenAt: T0 + DAY }, // another country
    ];
    const feeds = { cyber: { records: threats, capturedAt: deadline + DAY } };
    // Before the deadline nothing resolves.
    expect(nextLedger(open, [], T0, feeds, deadline - 1)[0]!.status).toBe('pending');
    // Two German threats in the window against a threshold of 2: yes.
    expect(nextLedger(open, [], T0, feeds, deadline)[0]).toMatchObject({
      status: 'resolved',
      outcome: 'yes',
      evidence: '2 >= 2',
      resolvedAt: deadline,
    });
    // One: no.
    const one = { cyber: { records: threats.slice(1), capturedAt: deadline } };
    expect(nextLedger(open, [], T0, one, deadline)[0]).toMatchObject({ outcome: 'no', evidence: '1 >= 2' });
  });

  it('reads the GPS cells from a snapshot captured at or after the deadline', () => {
    const open = nextLedger([], [card(gps, T0)], T0, {}, T0);
    const cells = [
      { lat: 15, lon: 40 },
      { lat: 16, lon: 41 },
      { lat: 55, lon: 20 }, // Baltic, not Red Sea
    ];
    // The data's time passed the deadline but the GPS snapshot is older: wait for a reading.
    const stale = { gps: { records: cells, capturedAt: deadline - DAY } };
    expect(nextLedger(open, [], T0, stale, deadline + DAY)[0]!.status).toBe('pending');
    const fresh = { gps: { records: cells, capturedAt: deadline } };
    expect(nextLedger(open, [], T0, fresh, deadline)[0]).toMatchObject({ outcome: 'no', evidence: '2 >= 3' });
  });

  it('reads a market at its close; a market gone from the data is voided', () => {
    const closesAt = T0 + 20 * DAY;
    const open = nextLedger([], [card(market, T0, [{ title: MARKET, closesAt }])], T0, {}, T0);
    expect(open[0]!.deadline).toBe(closesAt);
    const at = { markets: { records: [{ title: MARKET, yesPercent: 55 }], capturedAt: closesAt } };
    expect(nextLedger(open, [], T0, at, closesAt)[0]).toMatchObject({
      outcome: 'yes',
      evidence: '55 crosses 50 from 72',
    });
    const gone = { markets: { records: [], capturedAt: closesAt } };
    expect(nextLedger(open, [], T0, gone, closesAt)[0]).toMatchObject({
      status: 'void',
      outcome: null,
      evidence: 'no_establishable_metric',
    });
  });

  it('voids a judged window 14 days after its deadline (no judge runs here)', () => {
    const open = nextLedger([], [card(judged, T0)], T0, {}, T0);
    expect(nextLedger(open, [], T0, {}, deadline + JUDGED_MAX_PENDING_MS - 1)[0]!.status).toBe('pending_judge');
    expect(nextLedger(open, [], T0, {}, deadline + JUDGED_MAX_PENDING_MS)[0]).toMatchObject({
      status: 'void',
      evidence: 'judge_unavailable',
    });
  });

  it('drops windows resolved more than 180 days before', () => {
    const feeds = { cyber: { records: [], capturedAt: deadline } };
    const resolved = nextLedger(nextLedger([], [card(cyber(0.05), T0)], T0, {}, T0), [], T0, feeds, deadline);
    expect(nextLedger(resolved, [], T0, feeds, deadline + 180 * DAY)).toHaveLength(1);
    expect(nextLedger(resolved, [], T0, feeds, deadline + 181 * DAY)).toHaveLength(0);
  });
});

describe('comparison', () => {
  const spec = (operator: '>=' | '<=' | 'crosses', baselineValue?: number) => ({
    kind: 'hard' as const,
    operator,
    threshold: 50,
    baselineValue,
    deadline: 0,
  });
  it.each([
    [50, spec('>='), 'count', true],
    [49, spec('>='), 'count', false],
    [50, spec('<='), 'count', true],
    // Crossing upward from below, downward from above.
    [60, spec('crosses', 40), 'price', true],
    [45, spec('crosses', 40), 'price', false],
    [45, spec('crosses', 60), 'price', true],
    // A market's own answer: YES at or above the threshold, whatever the baseline.
    [55, spec('crosses', 72), 'yesPrice', true],
    [45, spec('crosses', 72), 'yesPrice', false],
  ] as const)('%d %j (%s) -> %s', (value, s, fn, yes) => expect(compare(value, s, fn)).toBe(yes));
});
