import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeScenario,
  rowImpact,
  scenarioJobId,
  JOB_ID_PATTERN,
  type ScenarioTemplate,
  type TradeExposure,
} from '../../../src/services/scenario/rules.js';

const template = (over: Partial<ScenarioTemplate> = {}): ScenarioTemplate => ({
  id: 't',
  name: 't',
  affectedChokepointIds: ['suez'],
  disruptionPct: 50,
  durationDays: 10,
  affectedHs2: [],
  costShockMultiplier: 2,
  ...over,
});
const row = (iso2: string, hs2: string, exposures: [string, number][], vulnerabilityIndex = 40): TradeExposure => ({
  iso2,
  hs2,
  tradeValueUsd: 1e9,
  coverage: 'flow-weighted',
  primaryChokepointId: exposures[0]?.[0] ?? '',
  vulnerabilityIndex,
  exposures: exposures.map(([chokepointId, score]) => ({ chokepointId, score })),
});

describe('rowImpact', () => {
  it.each([
    ['exposure x disruption x multiplier', template(), row('US', '10', [['suez', 30]]), 30],
    [
      'only disrupted chokepoints count',
      template(),
      row('US', '10', [
        ['panama', 80],
        ['suez', 10],
      ]),
      10,
    ],
    [
      'tariff shocks use the vulnerability index',
      template({ affectedChokepointIds: [], disruptionPct: 0 }),
      row('US', '85', [], 40),
      80,
    ],
    ['zero scores add nothing', template(), row('US', '10', [['suez', 0]]), 0],
  ])('%s', (_name, t, r, expected) => {
    expect(rowImpact(r, t, new Set(t.affectedChokepointIds))).toBeCloseTo(expected, 9);
  });
});

describe('computeScenario', () => {
  const rows = [
    row('US', '10', [['suez', 20]]),
    row('US', '85', [['suez', 40]]),
    row('CN', '85', [['suez', 30]]),
    row('DE', '85', [['suez', 90]]),
  ];

  it('sums per default reporter, ranks and scales to the largest', () => {
    const r = computeScenario(template(), rows);
    expect(r.topImpactCountries).toEqual([
      { iso2: 'US', totalImpact: 60, impactPct: 100 },
      { iso2: 'CN', totalImpact: 30, impactPct: 50 },
    ]);
    expect(r.template).toEqual({ name: 'suez', disruptionPct: 50, durationDays: 10, costShockMultiplier: 2 });
  });

  it('restricts to the chapters and the named reporter', () => {
    expect(
      computeScenario(template({ affectedHs2: ['85'] }), rows).topImpactCountries.map((c) => c.totalImpact),
    ).toEqual([40, 30]);
    expect(computeScenario(template(), rows, { iso2: 'DE' }).topImpactCountries).toEqual([
      { iso2: 'DE', totalImpact: 90, impactPct: 100 },
    ]);
  });

  it('drops chokepoints the registry does not know, leaving no impact rather than a tariff shock', () => {
    const r = computeScenario(template(), rows, { knownChokepoints: new Set(['panama']) });
    expect(r.affectedChokepointIds).toEqual([]);
    expect(r.topImpactCountries).toEqual([]);
    expect(r.template.name).toBe('suez');
  });

  it('always ranks at most 20 countries, best first, with percentages in 0..100', () => {
    const arb = fc.array(
      fc.record({
        iso2: fc.constantFrom('US', 'CN', 'RU', 'IR', 'IN', 'TW'),
        hs2: fc.constantFrom('10', '27', '85'),
        score: fc.double({ min: 0, max: 100, noNaN: true }),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 100 }), (items, pct) => {
        const r = computeScenario(
          template({ disruptionPct: pct }),
          items.map((i) => row(i.iso2, i.hs2, [['suez', i.score]])),
        );
        expect(r.topImpactCountries.length).toBeLessThanOrEqual(20);
        for (let k = 1; k < r.topImpactCountries.length; k++)
          expect(r.topImpactCountries[k - 1]!.totalImpact).toBeGreaterThanOrEqual(r.topImpactCountries[k]!.totalImpact);
        for (const c of r.topImpactCountries) expect(c.impactPct >= 0 && c.impactPct <= 100).toBe(true);
      }),
    );
  });
});

describe('scenarioJobId', () => {
  it('always matches the published pattern', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999_999 }), fc.uuid(), (ms, uuid) => {
        expect(scenarioJobId(ms, uuid)).toMatch(JOB_ID_PATTERN);
      }),
    );
  });
});
