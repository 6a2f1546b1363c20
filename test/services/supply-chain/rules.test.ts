import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignChokepoint,
  availabilityFlag,
  clampRatio,
  computeFlowEstimate,
  congestionLevel,
  describeChokepoint,
  detectTrafficAnomaly,
  disruptionScore,
  flowSource,
  nearestHazard,
  statusForScore,
  THREAT_LEVELS,
  warRiskTier,
  wowChangePct,
  type AssignTarget,
  type FlowDay,
} from '../../../src/services/supply-chain/chokepoints/rules.js';
import { isEvidenceStale, pipelineBadge, publicBadge } from '../../../src/services/supply-chain/energy/rules.js';
import type { StorageEvidence } from '../../../src/services/supply-chain/energy/schemas.js';
import { riskRating, summariseMineral } from '../../../src/services/supply-chain/minerals/rules.js';

const DAY = 86_400_000;

describe('disruptionScore', () => {
  it.each([
    ['normal', 0, 0, false, 0],
    ['elevated', 0, 0, false, 15],
    ['high', 0, 0, false, 30],
    ['critical', 0, 0, false, 40],
    ['war_zone', 0, 0, false, 70],
    ['normal', 1, 0, false, 5],
    ['normal', 3, 0, false, 15],
    ['normal', 9, 0, false, 15],
    ['normal', 0, 1, false, 5],
    ['normal', 0, 3, false, 15],
    ['normal', 0, 0, true, 10],
    ['high', 2, 2, true, 60],
    ['war_zone', 3, 3, true, 100],
    ['unknown-level', 1, 0, false, 5],
  ])(
    '%s threat, %i warnings, AIS severity %i, anomaly %s -> %i',
    (threatLevel, warnings, maxAisSeverity, anomaly, expected) => {
      expect(disruptionScore({ threatLevel, warnings, maxAisSeverity, anomaly })).toBe(expected);
    },
  );

  it('always lies in 0..100 and never falls when an input grows', () => {
    const inputs = fc.record({
      threatLevel: fc.constantFrom(...THREAT_LEVELS),
      warnings: fc.nat(50),
      maxAisSeverity: fc.nat(3),
      anomaly: fc.boolean(),
    });
    fc.assert(
      fc.property(inputs, (i) => {
        const s = disruptionScore(i);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(disruptionScore({ ...i, warnings: i.warnings + 1 })).toBeGreaterThanOrEqual(s);
        expect(disruptionScore({ ...i, anomaly: true })).toBeGreaterThanOrEqual(s);
      }),
    );
  });
});

describe('statusForScore', () => {
  it.each([
    [0, 'green'],
    [19, 'green'],
    [20, 'yellow'],
    [49, 'yellow'],
    [50, 'red'],
    [100, 'red'],
  ])('%i -> %s', (score, status) => {
    expect(statusForScore(score)).toBe(status);
  });

  it('agrees with the thresholds for every possible score', () => {
    for (let score = 0; score <= 100; score++) {
      const expected = score < 20 ? 'green' : score < 50 ? 'yellow' : 'red';
      expect(statusForScore(score)).toBe(expected);
    }
  });

  it('is consistent with any composed score', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...THREAT_LEVELS),
        fc.nat(10),
        fc.nat(3),
        fc.boolean(),
        (threatLevel, warnings, sev, anomaly) => {
          const score = disruptionScore({ threatLevel, warnings, maxAisSeverity: sev, anomaly });
          const status = statusForScore(score);
          expect(status === 'red').toBe(score >= 50);
          expect(status === 'green').toBe(score < 20);
        },
      ),
    );
  });
});

describe('congestionLevel and warRiskTier', () => {
  it.each([
    [0, true, 'normal'],
    [1, true, 'low'],
    [2, true, 'elevated'],
    [3, true, 'high'],
    [3, false, ''],
    [0, false, ''],
  ])('severity %i with AIS %s -> "%s"', (sev, available, level) => {
    expect(congestionLevel(sev, available)).toBe(level);
  });

  it.each([
    ['war_zone', 'WAR_RISK_TIER_WAR_ZONE'],
    ['critical', 'WAR_RISK_TIER_CRITICAL'],
    ['high', 'WAR_RISK_TIER_HIGH'],
    ['elevated', 'WAR_RISK_TIER_ELEVATED'],
    ['normal', 'WAR_RISK_TIER_NORMAL'],
    ['', 'WAR_RISK_TIER_UNSPECIFIED'],
  ])('%s -> %s', (level, tier) => {
    expect(warRiskTier(level)).toBe(tier);
  });

  it('reads a missing or non-boolean legacy availability flag as false', () => {
    expect(availabilityFlag(undefined)).toBe(false);
    expect(availabilityFlag(null)).toBe(false);
    expect(availabilityFlag('true')).toBe(false);
    expect(availabilityFlag(false)).toBe(false);
    expect(availabilityFlag(true)).toBe(true);
  });
});

describe('assignChokepoint', () => {
  const targets: AssignTarget[] = [
    {
      id: 'suez',
      lat: 30.45,
      lon: 32.35,
      primaryKeywords: ['suez canal', 'suez'],
      areaKeywords: ['red sea', 'egypt', 'gulf of suez'],
    },
    {
      id: 'bab_el_mandeb',
      lat: 12.58,
      lon: 43.33,
      primaryKeywords: ['bab el mandeb'],
      areaKeywords: ['red sea', 'gulf of aden', 'yemen'],
    },
    {
      id: 'gibraltar',
      lat: 35.96,
      lon: -5.35,
      primaryKeywords: ['gibraltar'],
      areaKeywords: ['alboran sea', 'morocco'],
    },
  ];

  it.each([
    ['a primary keyword wins', { text: 'SUEZ CANAL. Convoy delayed.' }, 'suez'],
    ['punctuation and case are normalised', { text: 'bab-el-MANDEB: USV sighted' }, 'bab_el_mandeb'],
    ['a broad sea name alone does not classify', { text: 'RED SEA. Derelict container adrift.' }, undefined],
    ['two area keywords classify', { text: 'RED SEA. GULF OF ADEN. Yemen coast.' }, 'bab_el_mandeb'],
    [
      'the higher text score wins over a nearer chokepoint',
      { text: 'Gulf of Aden, Yemen, Red Sea', lat: 30.0, lon: 32.5 },
      'bab_el_mandeb',
    ],
    ['without text, the nearest within 300 km', { text: 'Cable operations', lat: 36.0, lon: -5.67 }, 'gibraltar'],
    ['beyond 300 km nothing', { text: 'Cable operations', lat: 38.9, lon: -5.35 }, undefined],
    ['no text and no position', { text: 'Buoy adrift' }, undefined],
  ])('%s', (_name, item, expected) => {
    expect(assignChokepoint(item, targets)).toBe(expected);
  });

  it('breaks a score tie by distance', () => {
    const both = { text: 'RED SEA', lat: 13, lon: 43 };
    const tie: AssignTarget[] = targets.map((t) => ({ ...t, primaryKeywords: ['red sea'] }));
    expect(assignChokepoint(both, tie)).toBe('bab_el_mandeb');
    expect(assignChokepoint({ ...both, lat: 29.9, lon: 32.6 }, tie)).toBe('suez');
  });
});

describe('traffic anomaly, week-on-week change and description', () => {
  const flat = (n: number, v: number) => Array.from({ length: n }, () => v);

  it('signals a drop of 50% or more only for war-zone and critical chokepoints', () => {
    const totals = [...flat(30, 100), ...flat(7, 40)];
    expect(detectTrafficAnomaly(totals, 'war_zone')).toEqual({ signal: true, dropPct: 60 });
    expect(detectTrafficAnomaly(totals, 'critical').signal).toBe(true);
    expect(detectTrafficAnomaly(totals, 'high')).toEqual({ signal: false, dropPct: 60 });
    expect(detectTrafficAnomaly([...flat(30, 100), ...flat(7, 51)], 'war_zone').signal).toBe(false);
    expect(detectTrafficAnomaly([...flat(30, 100), ...flat(7, 50)], 'war_zone')).toEqual({ signal: true, dropPct: 50 });
  });

  it('needs 37 days and a baseline week of at least 14 transits', () => {
    expect(detectTrafficAnomaly([...flat(29, 100), ...flat(7, 0)], 'war_zone').signal).toBe(false);
    expect(detectTrafficAnomaly([...flat(30, 1), ...flat(7, 0)], 'war_zone').signal).toBe(false);
    expect(detectTrafficAnomaly([...flat(30, 2), ...flat(7, 0)], 'war_zone').signal).toBe(true);
  });

  it.each([
    [[...flat(7, 10), ...flat(7, 11)], 10],
    [[...flat(7, 3), ...flat(7, 2)], -33.3],
    [flat(13, 10), 0],
    [[...flat(7, 0), ...flat(7, 5)], 0],
  ])('wowChangePct(%j) = %f', (totals, pct) => {
    expect(wowChangePct(totals)).toBe(pct);
  });

  const asOf = Date.UTC(2026, 10, 20, 12);
  it.each([
    [
      { threatDescription: '', anomaly: { signal: false, dropPct: 0 }, reviewedAt: '2026-10-01', asOf },
      'No active disruptions',
    ],
    [
      { threatDescription: 'Attacks', anomaly: { signal: false, dropPct: 0 }, reviewedAt: '2026-10-01', asOf },
      'Attacks',
    ],
    [
      { threatDescription: 'Attacks', anomaly: { signal: true, dropPct: 61 }, reviewedAt: '2026-10-01', asOf },
      'Attacks; Traffic down 61% vs 30-day baseline over the last 7 days',
    ],
    [
      { threatDescription: '', anomaly: { signal: false, dropPct: 0 }, reviewedAt: '2026-03-04', asOf },
      'Threat classification last reviewed 2026-03-04; review recommended',
    ],
    // Exactly 120 days is not yet overdue.
    [
      {
        threatDescription: '',
        anomaly: { signal: false, dropPct: 0 },
        reviewedAt: '2026-07-23',
        asOf: Date.UTC(2026, 10, 20),
      },
      'No active disruptions',
    ],
  ])('describeChokepoint %#', (inputs, text) => {
    expect(describeChokepoint(inputs)).toBe(text);
  });
});

describe('computeFlowEstimate', () => {
  const days = (values: { tanker: number; capTanker: number }[]): FlowDay[] =>
    values.map((v, i) => ({ date: new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10), ...v }));
  const steady = (n: number, tanker: number, capTanker: number) =>
    Array.from({ length: n }, () => ({ tanker, capTanker }));

  it('uses tanker DWT when most baseline days report it', () => {
    const r = computeFlowEstimate(days([...steady(90, 50, 5_000_000), ...steady(7, 40, 4_000_000)]), 21);
    expect(r).toEqual({ flowRatio: 0.8, currentMbd: 16.8, baselineMbd: 21, disrupted: true, basis: 'dwt' });
  });

  it('falls back to vessel counts when DWT covers under half the baseline days', () => {
    const window = [...steady(46, 10, 0), ...steady(44, 10, 700_000)];
    const r = computeFlowEstimate(days([...window, ...steady(7, 10, 0)]), 0.9);
    expect(r).toMatchObject({ flowRatio: 1, currentMbd: 0.9, disrupted: false, basis: 'counts' });
    // Exactly half counts as a majority for DWT (ceil(window/2)).
    const half = [...steady(45, 10, 0), ...steady(45, 10, 700_000)];
    expect(computeFlowEstimate(days([...half, ...steady(7, 10, 700_000)]), 0.9)?.basis).toBe('dwt');
  });

  it('only reads the up-to-90 days before the last 7 as the baseline', () => {
    const r = computeFlowEstimate(days([...steady(50, 1000, 1e9), ...steady(90, 10, 1000), ...steady(7, 10, 1000)]), 5);
    expect(r?.flowRatio).toBe(1);
  });

  it('declares disruption only when each of the last 3 days is below 85%', () => {
    const base = steady(90, 10, 1000);
    const tail = (a: number, b: number, c: number) => [
      ...steady(4, 10, 1000),
      { tanker: 10, capTanker: a },
      { tanker: 10, capTanker: b },
      { tanker: 10, capTanker: c },
    ];
    expect(computeFlowEstimate(days([...base, ...tail(800, 800, 800)]), 1)?.disrupted).toBe(true);
    expect(computeFlowEstimate(days([...base, ...tail(800, 850, 800)]), 1)?.disrupted).toBe(false);
    expect(computeFlowEstimate(days([...base, ...tail(849, 849, 849)]), 1)?.disrupted).toBe(true);
  });

  it('gives no estimate when history or baseline is too thin', () => {
    expect(computeFlowEstimate(days(steady(39, 10, 1000)), 5)).toBeUndefined();
    expect(computeFlowEstimate(days(steady(40, 10, 1000)), 5)).toBeDefined();
    expect(computeFlowEstimate(days(steady(60, 0, 0)), 5)).toBeUndefined();
    expect(computeFlowEstimate(days(steady(60, 10, 1000)), 0)).toBeUndefined();
  });

  const history = fc
    .array(
      fc.record({ tanker: fc.nat(200), capTanker: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000_000 })) }),
      { minLength: 0, maxLength: 140 },
    )
    .map(days);
  const baselineMbd = fc.double({ min: 0.1, max: 30, noNaN: true });

  it('keeps flowRatio in 0..1.5 with at most 3 decimals, and currentMbd = baselineMbd x flowRatio to 1 decimal', () => {
    fc.assert(
      fc.property(history, baselineMbd, (h, mbd) => {
        const r = computeFlowEstimate(h, mbd);
        if (!r) return;
        expect(r.flowRatio).toBeGreaterThanOrEqual(0);
        expect(r.flowRatio).toBeLessThanOrEqual(1.5);
        expect(Math.round(r.flowRatio * 1000) / 1000).toBe(r.flowRatio);
        expect(r.currentMbd).toBe(Math.round(mbd * r.flowRatio * 10) / 10);
        expect(r.baselineMbd).toBe(mbd);
      }),
    );
  });

  it('marks disruption exactly when the last 3 days each ran below 85% of the baseline window', () => {
    fc.assert(
      fc.property(history, (h) => {
        const r = computeFlowEstimate(h, 10);
        if (!r) return;
        const value = (d: FlowDay) => (r.basis === 'dwt' ? d.capTanker : d.tanker);
        const window = h.slice(-97, -7);
        const baseline = window.reduce((a, d) => a + value(d), 0) / window.length;
        const expected = h.slice(-3).every((d) => value(d) / baseline < 0.85);
        expect(r.disrupted).toBe(expected);
      }),
    );
  });

  it('clampRatio bounds any ratio', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (x) => {
        const c = clampRatio(x);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1.5);
      }),
    );
  });

  it.each([
    ['dwt', 'tracker-dwt'],
    ['counts', 'tracker-counts'],
    ['tracker-dwt', 'tracker-dwt'],
    ['portwatch-dwt', 'FLOW_SOURCE_UNSPECIFIED'],
    [undefined, 'FLOW_SOURCE_UNSPECIFIED'],
    [42, 'FLOW_SOURCE_UNSPECIFIED'],
  ])('flowSource(%j) = %s', (basis, source) => {
    expect(flowSource(basis)).toBe(source);
  });
});

describe('nearestHazard', () => {
  const at = (name: string, level: string, lat: number, lon: number, active = true) => ({
    name,
    level,
    lat,
    lon,
    active,
  });
  it.each([
    ['no alerts', [], { level: '', name: '' }],
    ['an orange alert within 500 km', [at('TC A', 'Orange', 24.0, 58.8)], { level: 'ORANGE', name: 'TC A' }],
    ['a red alert beyond 500 km', [at('EQ B', 'Red', 31.5, 56.25)], { level: '', name: '' }],
    ['green alerts never count', [at('FL C', 'Green', 26.6, 56.3)], { level: '', name: '' }],
    ['inactive alerts never count', [at('EQ D', 'Red', 26.6, 56.3, false)], { level: '', name: '' }],
    [
      'the nearest qualifying alert wins',
      [at('far', 'Red', 24.0, 58.8), at('near', 'Orange', 26.0, 56.3)],
      { level: 'ORANGE', name: 'near' },
    ],
  ])('%s', (_n, alerts, expected) => {
    expect(nearestHazard(26.56, 56.25, alerts)).toEqual(expected);
  });
});

describe('publicBadge', () => {
  const asOf = Date.UTC(2026, 10, 20, 12);
  const ev = (over: Partial<StorageEvidence>): StorageEvidence => ({
    physicalState: 'operational',
    physicalStateSource: 'operator',
    commercialState: 'unknown',
    sanctionRefs: [],
    fillDisclosed: false,
    fillSource: '',
    lastEvidenceUpdate: '2026-11-18T00:00:00Z',
    classifierVersion: 'v1',
    classifierConfidence: 0.8,
    ...over,
  });
  const sanction = { authority: 'OFAC', listId: 'SDN', date: '2024-01-01', url: '' };
  const stale = '2026-11-06T11:59:59Z';
  it.each([
    ['no evidence', undefined, 'disputed'],
    ['operational', ev({}), 'operational'],
    ['operational even when stale', ev({ lastEvidenceUpdate: stale }), 'operational'],
    ['recent reduced', ev({ physicalState: 'reduced' }), 'reduced'],
    ['stale reduced', ev({ physicalState: 'reduced', lastEvidenceUpdate: stale }), 'disputed'],
    [
      'reduced exactly 14 days old',
      ev({ physicalState: 'reduced', lastEvidenceUpdate: '2026-11-06T12:00:00Z' }),
      'reduced',
    ],
    ['offline without backing', ev({ physicalState: 'offline' }), 'disputed'],
    ['offline with a sanction', ev({ physicalState: 'offline', sanctionRefs: [sanction] }), 'offline'],
    ['offline with an expired contract', ev({ physicalState: 'offline', commercialState: 'expired' }), 'offline'],
    ['offline with a suspended contract', ev({ physicalState: 'offline', commercialState: 'suspended' }), 'offline'],
    [
      'offline with an operator statement',
      ev({ physicalState: 'offline', operatorStatement: { text: 'Halted', url: '', date: '' } }),
      'offline',
    ],
    [
      'offline with a blank statement',
      ev({ physicalState: 'offline', operatorStatement: { text: '  ', url: '', date: '' } }),
      'disputed',
    ],
    [
      'stale backed offline',
      ev({ physicalState: 'offline', sanctionRefs: [sanction], lastEvidenceUpdate: stale }),
      'disputed',
    ],
    ['under construction', ev({ physicalState: 'under_construction' }), 'disputed'],
    ['unknown', ev({ physicalState: 'unknown' }), 'disputed'],
  ])('%s -> %s', (_n, evidence, badge) => {
    expect(publicBadge(evidence, asOf)).toBe(badge);
  });

  it('treats undated evidence as stale', () => {
    expect(isEvidenceStale('', asOf)).toBe(true);
    expect(isEvidenceStale('not a date', asOf)).toBe(true);
  });
});

describe('critical minerals', () => {
  it.each([
    [10000, 'critical'],
    [5000, 'critical'],
    [4999.9, 'high'],
    [2500, 'high'],
    [2499.9, 'moderate'],
    [1500, 'moderate'],
    [1499.9, 'low'],
    [0, 'low'],
  ])('riskRating(%f) = %s', (hhi, rating) => {
    expect(riskRating(hhi)).toBe(rating);
  });

  it('computes shares, HHI over listed producers and the top 3', () => {
    const m = summariseMineral('Cobalt', 'tonnes', [
      { country: 'A', countryCode: 'AA', productionTonnes: 50 },
      { country: 'B', countryCode: 'BB', productionTonnes: 30 },
      { country: 'C', countryCode: 'CC', productionTonnes: 15 },
      { country: 'D', countryCode: 'DD', productionTonnes: 5 },
    ]);
    expect(m.globalProduction).toBe(100);
    expect(m.hhi).toBe(2500 + 900 + 225 + 25);
    expect(m.riskRating).toBe('high');
    expect(m.topProducers.map((p) => [p.countryCode, p.sharePct])).toEqual([
      ['AA', 50],
      ['BB', 30],
      ['CC', 15],
    ]);
  });

  it('keeps HHI within 10000/n..10000 and shares summing to 100', () => {
    const producers = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(producers, (tonnes) => {
        const m = summariseMineral(
          'X',
          't',
          tonnes.map((t, i) => ({ country: `C${i}`, countryCode: `C${i}`, productionTonnes: t })),
        );
        expect(m.hhi).toBeLessThanOrEqual(10000);
        expect(m.hhi).toBeGreaterThanOrEqual(10000 / tonnes.length - 0.1);
        expect(m.topProducers.length).toBe(Math.min(3, tonnes.length));
        expect(m.riskRating).toBe(riskRating(m.hhi));
        const sorted = m.topProducers.map((p) => p.productionTonnes);
        expect([...sorted].sort((a, b) => b - a)).toEqual(sorted);
      }),
    );
  });
});

describe('pipelineBadge', () => {
  const asOf = Date.UTC(2026, 10, 20);
  const ev = (
    physicalState: string,
    days: number,
    extra: Partial<{ commercialState: string; sanctionRefs: unknown[]; operatorStatement: { text: string } }> = {},
  ) => ({
    physicalState,
    commercialState: 'under_contract',
    sanctionRefs: [],
    lastEvidenceUpdate: new Date(asOf - days * DAY).toISOString(),
    ...extra,
  });
  it.each([
    ['no evidence', undefined, 'disputed'],
    ['flowing, even with old evidence', ev('flowing', 90), 'flowing'],
    ['reduced, recent', ev('reduced', 3), 'reduced'],
    ['reduced, stale', ev('reduced', 15), 'disputed'],
    ['offline, unsupported', ev('offline', 1), 'disputed'],
    ['offline with a lapsed contract', ev('offline', 1, { commercialState: 'expired' }), 'offline'],
    ['offline with a sanction, stale', ev('offline', 30, { sanctionRefs: [{}] }), 'disputed'],
    ['offline with an operator statement', ev('offline', 2, { operatorStatement: { text: 'shut' } }), 'offline'],
    ['operational is a storage word', ev('operational', 1), 'disputed'],
  ])('%s -> %s', (_what, evidence, badge) => expect(pipelineBadge(evidence, asOf)).toBe(badge));

  it('agrees with the storage badge, flowing standing for operational (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('flowing', 'reduced', 'offline', 'unknown'),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (state, days, backed) => {
          const e = ev(state, days, backed ? { commercialState: 'suspended' } : {});
          const storage = publicBadge(
            { ...e, physicalState: state === 'flowing' ? 'operational' : state } as StorageEvidence,
            asOf,
          );
          expect(pipelineBadge(e, asOf)).toBe(storage === 'operational' ? 'flowing' : storage);
        },
      ),
    );
  });
});
