import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ciiLevel,
  detectConflict,
  detectCyber,
  detectFromPredictionMarkets,
  detectGpsJamming,
  detectPolitical,
  detectUcdpZones,
  forecastId,
  normalize,
  runDetectors,
  tagRegions,
  type CiiInput,
  type DetectorInputs,
} from '../../../src/services/forecast/detectors.js';

const cii = (region: string, combinedScore: number, over: Partial<CiiInput> = {}): CiiInput => ({
  region,
  combinedScore,
  trend: 'TREND_DIRECTION_STABLE',
  components: { newsActivity: 0, ciiContribution: 0, geoConvergence: 0, militaryActivity: 0 },
  ...over,
});
const ucdp = (country: string, n: number) => Array.from({ length: n }, () => ({ country }));
const acled = (country: string, n: number) =>
  Array.from({ length: n }, () => ({ country, sourceType: 'UNREST_SOURCE_TYPE_ACLED' }));

describe('shared formulas', () => {
  it.each([
    [75, 50, 100, 0.5],
    [40, 50, 100, 0],
    [120, 50, 100, 1],
    [5, 5, 5, 0],
  ])('normalize(%d, %d, %d) = %d', (v, lo, hi, out) => expect(normalize(v, lo, hi)).toBe(out));

  it.each([
    [81, 'critical'],
    [80, 'high'],
    [66, 'high'],
    [65, 'elevated'],
    [51, 'elevated'],
    [50, 'normal'],
    [31, 'normal'],
    [30, 'low'],
  ])('CII %d is %s', (score, level) => expect(ciiLevel(score)).toBe(level));

  it('forecast ids are fc-<domain>-<8 hex>, stable, and differ by title', () => {
    const a = forecastId('conflict', 'Iran', 'Escalation risk: Iran');
    expect(a).toMatch(/^fc-conflict-[0-9a-f]{8}$/);
    expect(forecastId('conflict', 'Iran', 'Escalation risk: Iran')).toBe(a);
    expect(forecastId('conflict', 'Iran', 'Active armed conflict: Iran')).not.toBe(a);
  });
});

describe('conflict escalation from CII', () => {
  // p = min(0.9, norm(score, 50, 100) x 0.6 + 0.1 events + 0.1 rising); confidence max(0.3, sources / 4).
  it.each([
    // 82 rising, no events: 0.64 x 0.6 + 0.1 = 0.484; one source -> 0.3.
    ['rising, no events', cii('IR', 82, { trend: 'TREND_DIRECTION_RISING' }), [], 0.484, 0.3],
    // 82 rising, 12 UCDP events in Iran: 0.384 + 0.1 + 0.1 = 0.584; two sources -> 0.5.
    ['rising, UCDP events', cii('IR', 82, { trend: 'TREND_DIRECTION_RISING' }), ucdp('Iran', 12), 0.584, 0.5],
    // 70 stable: 0.4 x 0.6 = 0.24.
    ['high, stable', cii('IR', 70), [], 0.24, 0.3],
  ] as const)('%s', (_n, score, events, p, conf) => {
    const [card] = detectConflict({ cii: [score], ucdp: events });
    expect(card).toMatchObject({
      domain: 'conflict',
      region: 'Iran',
      title: 'Escalation risk: Iran',
      probability: p,
      confidence: conf,
      timeHorizon: '7d',
    });
  });

  it('skips scores of 60 or less and the elevated band', () => {
    expect(detectConflict({ cii: [cii('IR', 60), cii('FR', 65)] })).toEqual([]);
  });

  it('matches events on a whole word: IL does not match Chile', () => {
    const [card] = detectConflict({ cii: [cii('IL', 70)], ucdp: ucdp('Chile', 3) });
    expect(card!.signals.map((s) => s.type)).toEqual(['cii']);
    expect(card!.probability).toBe(0.24);
  });
});

describe('political instability', () => {
  // u = max(unrest component, 10 x ACLED events); p = min(0.8, norm(u, 30, 100) x 0.6 + event boost).
  const score = cii('IR', 70, {
    components: { newsActivity: 60, ciiContribution: 0, geoConvergence: 40, militaryActivity: 0 },
  });
  it.each([
    // u = 60: 30/70 x 0.6 = 0.257143 -> 0.257; one source.
    ['component only', [], 0.257, 0.3],
    // 5 events: u = max(60, 50) = 60; +0.08 -> 0.337; two sources.
    ['five ACLED events', acled('Iran', 5), 0.337, 0.5],
    // 3 events: +0.04 -> 0.297.
    ['three ACLED events', acled('Iran', 3), 0.297, 0.5],
  ] as const)('%s', (_n, unrest, p, conf) => {
    const [card] = detectPolitical({ cii: [score], unrest });
    expect(card).toMatchObject({ region: 'Iran', probability: p, confidence: conf, timeHorizon: '30d' });
  });

  it('needs an unrest component over 50 or 3 ACLED events, and a score under 80', () => {
    const calm = cii('IR', 70, {
      components: { newsActivity: 40, ciiContribution: 0, geoConvergence: 0, militaryActivity: 0 },
    });
    expect(detectPolitical({ cii: [calm], unrest: acled('Iran', 2) })).toEqual([]);
    expect(detectPolitical({ cii: [{ ...score, combinedScore: 85 }] })).toEqual([]);
    // GDELT locations are not ACLED events.
    const gdelt = Array.from({ length: 9 }, () => ({ country: 'Iran', sourceType: 'UNREST_SOURCE_TYPE_GDELT' }));
    expect(detectPolitical({ cii: [calm], unrest: gdelt })).toEqual([]);
  });
});

describe('UCDP conflict zones', () => {
  // p = min(0.85, 0.35 + norm(n, 10, 100) x 0.5).
  it.each([
    [9, undefined],
    [10, 0.35],
    [55, 0.6],
    [100, 0.85],
    [400, 0.85],
  ])('%d events -> %s', (n, p) => {
    const [card] = detectUcdpZones({ ucdp: ucdp('Sudan', n) });
    expect(card?.probability).toBe(p);
    if (card)
      expect(card).toMatchObject({ title: 'Active armed conflict: Sudan', confidence: 0.3, timeHorizon: '30d' });
  });
});

describe('cyber threat concentration', () => {
  const threats = (country: string, types: string[]) => types.map((type) => ({ country, type }));
  it('scores a country with at least five threats', () => {
    const [card] = detectCyber({
      cyber: threats('DE', [
        'CYBER_THREAT_TYPE_C2_SERVER',
        'CYBER_THREAT_TYPE_C2_SERVER',
        'CYBER_THREAT_TYPE_C2_SERVER',
        'CYBER_THREAT_TYPE_C2_SERVER',
        'CYBER_THREAT_TYPE_MALWARE_HOST',
        'CYBER_THREAT_TYPE_MALWARE_HOST',
      ]),
    });
    // p = norm(6, 4, 50) x 0.5 + norm(2 types, 1, 6) x 0.15 = 0.021739 + 0.03 = 0.052;
    // confidence = max(0.32, norm(6 + 2 malware, 4, 25) x 0.55 = 0.105) = 0.32.
    expect(card).toMatchObject({
      domain: 'cyber',
      region: 'Germany',
      probability: 0.052,
      confidence: 0.32,
      signals: [
        {
          type: 'cyber',
          value: '6 threats (CYBER_THREAT_TYPE_C2_SERVER, CYBER_THREAT_TYPE_MALWARE_HOST)',
          weight: 0.5,
        },
      ],
    });
  });

  it('needs five threats in all and five in the country', () => {
    expect(detectCyber({ cyber: threats('DE', ['a', 'b', 'c', 'd']) })).toEqual([]);
    expect(detectCyber({ cyber: [...threats('DE', ['a', 'b', 'c', 'd']), ...threats('FR', ['a'])] })).toEqual([]);
  });
});

describe('GPS interference in shipping zones', () => {
  const redSea = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: 15 + i * 0.1, lon: 40 }));
  // p = min(0.6, norm(n, 2, 30) x 0.5).
  it.each([
    [2, undefined],
    [3, 0.018],
    [30, 0.5],
  ])('%d cells in the Red Sea box -> %s', (n, p) => {
    expect(detectGpsJamming({ gps: redSea(n) })[0]?.probability).toBe(p);
  });

  it('counts only cells inside the box', () => {
    expect(detectGpsJamming({ gps: [...redSea(2), { lat: 50, lon: 40 }] })).toEqual([]);
  });
});

describe('prediction markets', () => {
  const m = (title: string, yesPercent: number) => ({ title, yesPercent, source: 'MARKET_SOURCE_POLYMARKET' });
  it('turns a 60-90% market tagging a region into a forecast at the market price', () => {
    const cards = detectFromPredictionMarkets({
      markets: [
        m('Will Israel strike Iran by March?', 72),
        m('Will the ECB cut rates in December?', 65),
        m('Will Bitcoin reach 150k?', 70),
        m('Will Iran and Saudi Arabia sign a deal?', 95),
      ],
    });
    expect(cards.map((c) => [c.domain, c.region, c.probability, c.signals[0]!.value])).toEqual([
      ['conflict', 'Middle East', 0.72, 'Polymarket: 72%'],
      ['political', 'Europe', 0.65, 'Polymarket: 65%'],
    ]);
  });

  it('tags regions with the published patterns, in order', () => {
    expect(tagRegions('Will the US and China agree on tariffs?')).toEqual(['america', 'asia']);
    expect(tagRegions('Bitcoin above 150k')).toEqual([]);
  });
});

describe('every detector', () => {
  const inputs = fc.record({
    cii: fc.array(
      fc.record({
        region: fc.constantFrom('IR', 'UA', 'DE', 'SD', 'IL'),
        combinedScore: fc.double({ min: 0, max: 100, noNaN: true }),
        trend: fc.constantFrom('TREND_DIRECTION_RISING', 'TREND_DIRECTION_STABLE', 'TREND_DIRECTION_FALLING'),
        components: fc.record({
          newsActivity: fc.double({ min: 0, max: 100, noNaN: true }),
          ciiContribution: fc.double({ min: 0, max: 100, noNaN: true }),
          geoConvergence: fc.double({ min: 0, max: 100, noNaN: true }),
          militaryActivity: fc.double({ min: 0, max: 100, noNaN: true }),
        }),
      }),
      { maxLength: 5 },
    ),
    ucdp: fc.array(fc.record({ country: fc.constantFrom('Iran', 'Sudan', 'Ukraine') }), { maxLength: 150 }),
    unrest: fc.array(
      fc.record({
        country: fc.constantFrom('Iran', 'Germany'),
        sourceType: fc.constantFrom('UNREST_SOURCE_TYPE_ACLED', 'UNREST_SOURCE_TYPE_GDELT'),
      }),
      { maxLength: 20 },
    ),
    cyber: fc.array(fc.record({ country: fc.constantFrom('DE', 'US', ''), type: fc.string() }), { maxLength: 80 }),
    gps: fc.array(
      fc.record({
        lat: fc.double({ min: -90, max: 90, noNaN: true }),
        lon: fc.double({ min: -180, max: 180, noNaN: true }),
      }),
      { maxLength: 60 },
    ),
    markets: fc.array(
      fc.record({
        title: fc.constantFrom('Will Israel strike Iran?', 'EU recession in 2027?', 'Will Kenya hold elections?'),
        yesPercent: fc.double({ min: 0, max: 100, noNaN: true }),
        source: fc.constant('MARKET_SOURCE_KALSHI'),
      }),
      { maxLength: 8 },
    ),
  });

  it('gives probabilities and confidences in [0, 1], at 3 decimals, and the same cards for the same inputs', () => {
    fc.assert(
      fc.property(inputs, (i: DetectorInputs) => {
        const cards = runDetectors(i);
        for (const c of cards) {
          expect(c.probability >= 0 && c.probability <= 1 && c.confidence >= 0 && c.confidence <= 1).toBe(true);
          expect(Math.round(c.probability * 1000) / 1000).toBe(c.probability);
        }
        expect(runDetectors(i)).toEqual(cards);
      }),
      { numRuns: 60 },
    );
  });
});
