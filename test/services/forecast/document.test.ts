import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCandidate } from '../../../src/services/forecast/detectors.js';
import {
  buildForecastCards,
  cascadesOf,
  fallbackNarrative,
  projections,
  sourceConfidence,
  trendOf,
} from '../../../src/services/forecast/document.js';
import { buildResolutionSpec, parseMetricKey } from '../../../src/services/forecast/resolution-spec.js';

const T0 = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

describe('enrichment (the published passes)', () => {
  // 0.5 x norm(distinct sources, 1, 4) + 0.5 x agreement (0.5 without a market), clamped to [0.2, 1].
  it.each([
    [['cii'], undefined, 0.25],
    [['cii', 'cii_delta', 'unrest'], undefined, 0.25],
    [['cii', 'ucdp'], undefined, 0.417],
    [['cii', 'ucdp', 'cyber', 'gps_jamming'], undefined, 0.75],
    [['cii'], 0.1, 0.35],
  ] as const)('confidence of %j (drift %s) = %d', (types, drift, conf) =>
    expect(sourceConfidence(types, drift)).toBe(conf),
  );

  it.each([
    // conflict at 7 days is anchored at d7 (1.0): 0.5 x {0.91, 1, 0.78}.
    ['conflict', '7d', 0.5, { h24: 0.455, d7: 0.5, d30: 0.39 }],
    // market is anchored at the curve's peak (1.0 at h24): 0.5 x {1, 0.58, 0.42}.
    ['market', '30d', 0.5, { h24: 0.5, d7: 0.29, d30: 0.21 }],
    // political at 30 days anchored at d30 (1.0): 0.5 x {0.83, 0.87, 1}.
    ['political', '30d', 0.5, { h24: 0.415, d7: 0.435, d30: 0.5 }],
    // clamped to [0.01, 0.95].
    ['conflict', '7d', 0.99, { h24: 0.901, d7: 0.95, d30: 0.772 }],
    ['cyber', '7d', 0.005, { h24: 0.01, d7: 0.01, d30: 0.01 }],
  ] as const)('projections of %s %s at %d', (domain, horizon, p, out) =>
    expect(projections(domain, horizon, p)).toEqual(out),
  );

  it('cascades by the published rules and their conditions', () => {
    const c = (domain: 'conflict' | 'political', region: string, probability: number) =>
      cascadesOf({ domain, region, probability, signals: [] });
    expect(c('conflict', 'Middle East', 0.5)).toEqual([
      { domain: 'supply_chain', effect: 'chokepoint disruption', probability: 0.3 },
      { domain: 'market', effect: 'commodity price shock', probability: 0.25 },
    ]);
    expect(c('conflict', 'Iran', 0.5)).toEqual([]);
    expect(c('political', 'Iran', 0.6)).toEqual([
      { domain: 'conflict', effect: 'instability escalation', probability: 0.24 },
    ]);
    expect(c('political', 'Iran', 0.59)).toEqual([]);
  });

  it.each([
    [0.6, 0.5, 'rising', 0.5],
    [0.52, 0.5, 'stable', 0.5],
    [0.4, 0.5, 'falling', 0.5],
    [0.4, undefined, 'stable', 0.4],
  ])('p %d against prior %s is %s', (p, prior, trend, priorProbability) =>
    expect(trendOf(p, prior)).toEqual({ trend, priorProbability }),
  );

  it('writes the rule-based base case from the lead signals', () => {
    expect(
      fallbackNarrative({
        domain: 'conflict',
        region: 'Iran',
        title: 'Escalation risk: Iran',
        probability: 0.584,
        timeHorizon: '7d',
        trend: 'rising',
        signals: [{ value: 'Iran CII 82 (critical)' }, { value: '12 UCDP events' }],
      }),
    ).toBe(
      'Iran CII 82 (critical) is the clearest active driver behind this conflict forecast in Iran. ' +
        '12 UCDP events keeps the base case near 58% over the 7d.',
    );
  });
});

describe('resolution rules', () => {
  it('resolves cyber forecasts on a horizon-scaled count of the cyber dataset', () => {
    const c = makeCandidate('cyber', 'Germany', 'Cyber threat concentration: Germany', 0.052, 0.32, '7d', [
      { type: 'cyber', value: '6 threats (a, b)', weight: 0.5 },
    ]);
    // max(1, round(6 x 7/14 x 0.75 = 2.25)) = 2.
    expect(buildResolutionSpec(c, {}, T0)).toEqual({
      kind: 'hard',
      metricKey: 'cyber.threats|count(country==Germany)',
      operator: '>=',
      threshold: 2,
      window: 'within-horizon',
      deadline: T0 + 7 * DAY,
      sourceFeed: 'cyber.threats',
    });
  });

  it('resolves GPS forecasts on the cell count at the deadline', () => {
    const c = makeCandidate('supply_chain', 'Red Sea', 'GPS interference in Red Sea shipping zone', 0.018, 0.3, '7d', [
      { type: 'gps_jamming', value: '3 jamming hexes in Red Sea', weight: 0.5 },
    ]);
    expect(buildResolutionSpec(c, {}, T0)).toMatchObject({
      kind: 'hard',
      metricKey: 'intelligence.gps-interference|hexCount(region==Red Sea)',
      threshold: 3,
      window: 'at-deadline',
    });
  });

  it('resolves a market forecast on the market itself, at its close time', () => {
    const title = 'Will Israel strike Iran by March?';
    const c = makeCandidate('conflict', 'Middle East', title, 0.72, 0.7, '30d', [
      { type: 'prediction_market', value: 'Polymarket: 72%', weight: 0.8 },
    ]);
    const closesAt = T0 + 100 * DAY;
    expect(buildResolutionSpec(c, { markets: [{ title, closesAt }] }, T0)).toMatchObject({
      kind: 'hard',
      operator: 'crosses',
      threshold: 50,
      baselineValue: 72,
      window: 'at-endDate',
      deadline: closesAt,
    });
    // Without the market in the data: the horizon deadline.
    expect(buildResolutionSpec(c, {}, T0).deadline).toBe(T0 + 30 * DAY);
  });

  it('judges conflict and political forecasts with the published questions', () => {
    const c = makeCandidate('conflict', 'Iran', 'Escalation risk: Iran', 0.5, 0.3, '7d', [
      { type: 'cii', value: 'Iran CII 82 (critical)', weight: 0.4 },
    ]);
    expect(buildResolutionSpec(c, {}, T0)).toEqual({
      kind: 'judged',
      deadline: T0 + 7 * DAY,
      question:
        'Within the 7d horizon, did Iran experience a materially escalated level of armed conflict versus its recent ' +
        'baseline, consistent with "Escalation risk: Iran"?',
    });
  });

  it.each([
    [
      'cyber.threats|count(country==Germany)',
      { feedKey: 'cyber.threats', fn: 'count', field: 'country', value: 'Germany' },
    ],
    ['no-pipe', undefined],
    ['feed|fn()', undefined],
    ['feed|fn(x=1)', undefined],
  ])('parses metric key %s', (key, out) => expect(parseMetricKey(key)).toEqual(out));
});

describe('the forecast job', () => {
  const inputs = {
    cii: [
      {
        region: 'IR',
        combinedScore: 82,
        trend: 'TREND_DIRECTION_RISING',
        components: { newsActivity: 10, ciiContribution: 10, geoConvergence: 10, militaryActivity: 10 },
      },
    ],
    ucdp: Array.from({ length: 12 }, () => ({ country: 'Iran' })),
  };

  it('publishes detector cards with confidence, projections, trend, resolution and a rule-written narrative', () => {
    const cards = buildForecastCards(inputs, T0, [{ id: 'fc-none', probability: 0.1 }]);
    expect(cards.map((c) => c.title)).toEqual(['Escalation risk: Iran', 'Active armed conflict: Iran']);
    const [esc, zone] = cards;
    expect(esc).toMatchObject({
      domain: 'conflict',
      probability: 0.584,
      // sources cii + ucdp: 0.5 x 1/3 + 0.25.
      confidence: 0.417,
      trend: 'stable',
      priorProbability: 0.584,
      projections: { h24: 0.531, d7: 0.584, d30: 0.456 },
      cascades: [],
      createdAt: T0,
      generationOrigin: 'legacy_detector',
      narrativeSource: 'fallback',
      resolution: { kind: 'judged', deadline: T0 + 7 * DAY },
    });
    // The scenario says that rules wrote it; the feed summary is the bare base case.
    expect(esc!.scenario).toBe(`${esc!.feedSummary} (Written by rules from the signals, not by a model.)`);
    expect(esc!.feedSummary).toMatch(/^Iran CII 82 \(critical\) is the clearest active driver/);
    // 12 events: 0.35 + norm(12, 10, 100) x 0.5 = 0.361.
    expect(zone).toMatchObject({ probability: 0.361, timeHorizon: '30d' });
  });

  it('compares with the previous document for trends', () => {
    const first = buildForecastCards(inputs, T0);
    const next = buildForecastCards(inputs, T0 + DAY, [{ id: first[0]!.id, probability: 0.4 }]);
    expect(next[0]).toMatchObject({ trend: 'rising', priorProbability: 0.4 });
  });

  it('keeps every probability in [0, 1]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.nat(200), (score, n) => {
        const cards = buildForecastCards(
          {
            cii: [{ ...inputs.cii[0]!, combinedScore: score }],
            ucdp: Array.from({ length: n }, () => ({ country: 'Iran' })),
          },
          T0,
        );
        for (const c of cards) {
          for (const p of [
            c.probability,
            c.confidence,
            ...Object.values(c.projections!),
            ...c.cascades.map((x) => x.probability),
          ])
            expect(p >= 0 && p <= 1).toBe(true);
        }
      }),
      { numRuns: 80 },
    );
  });
});
