import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGIONS, regionById } from '../../../../src/services/intelligence/regional/geography.js';
import { laneWeights, triggerState } from '../../../../src/services/intelligence/regional/pipeline.js';
import { readSections } from '../../../../src/services/intelligence/regional/narrative.js';
import {
  appendTransitions,
  HISTORY_PER_REGION,
  REGIME_LABELS,
  regimeOf,
  scoreAxes,
  scoreRegion,
  snapshotIdOf,
  topMean,
  type CountryScore,
  type RegimeTransition,
  type RegionScore,
} from '../../../../src/services/intelligence/regional/rules.js';

describe('regime label', () => {
  it.each([
    // coercive, alliance, net -> label
    [0.81, 0.5, -0.41, 'escalation_ladder'],
    [0.8, 0.5, -0.41, 'stressed_equilibrium'], // thresholds are strict
    [0.81, 0.2, -0.4, 'fragmentation_risk'],
    [0.61, 0.29, 0.2, 'fragmentation_risk'],
    [0.61, 0.3, 0.2, 'coercive_stalemate'],
    [0.51, 0.5, -0.09, 'coercive_stalemate'],
    [0.51, 0.5, -0.1, 'calm'], // -0.1 is neither above nor below -0.1
    [0.31, 0.5, 0.11, 'managed_deescalation'],
    [0.3, 0.5, 0.11, 'calm'],
    [0.2, 0.5, -0.11, 'stressed_equilibrium'],
    [0, 1, 0, 'calm'],
  ] as const)('coercive %s, alliance %s, net %s -> %s', (c, a, n, label) => {
    expect(regimeOf({ coercivePressure: c, allianceCohesion: a, netBalance: n }).label).toBe(label);
  });

  it('names the condition and values in its driver', () => {
    expect(regimeOf({ coercivePressure: 0.85, allianceCohesion: 0.5, netBalance: -0.5 }).driver).toBe(
      'coercive pressure 0.85 above 0.80 with net balance -0.50 below -0.40',
    );
    expect(regimeOf({ coercivePressure: 0.1, allianceCohesion: 0.5, netBalance: 0 }).driver).toBe(
      'no threshold met (coercive pressure 0.10, net balance 0.00)',
    );
  });

  it('always gives one of the six labels, and escalation only past both thresholds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (c, a, n) => {
          const { label } = regimeOf({ coercivePressure: c, allianceCohesion: a, netBalance: n });
          expect(REGIME_LABELS).toContain(label);
          if (label === 'escalation_ladder') expect(c > 0.8 && n < -0.4).toBe(true);
          if (label === 'calm') expect(c > 0.5 || n < -0.1).toBe(false);
        },
      ),
    );
  });
});

const score = fc.record({
  region: fc.constantFrom('IL', 'IR', 'YE', 'UA', 'RU', 'CN', 'TW', 'US', 'MX', 'SD'),
  combinedScore: fc.double({ min: 0, max: 100, noNaN: true }),
  dynamicScore: fc.double({ min: -100, max: 100, noNaN: true }),
  trend: fc.constant('TREND_DIRECTION_STABLE'),
  computedAt: fc.integer({ min: 0, max: 2e12 }),
  advisoryLevel: fc.constant(''),
  components: fc.record({
    newsActivity: fc.double({ min: 0, max: 100, noNaN: true }),
    ciiContribution: fc.double({ min: 0, max: 100, noNaN: true }),
    geoConvergence: fc.double({ min: 0, max: 100, noNaN: true }),
    militaryActivity: fc.double({ min: 0, max: 100, noNaN: true }),
  }),
}) satisfies fc.Arbitrary<CountryScore>;

describe('axes', () => {
  it('stay in [0, 1], the net balance in [-1, 1], whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.array(score, { maxLength: 12 }),
        fc.array(fc.constantFrom('war_zone', 'critical', 'high', 'elevated', 'normal'), { maxLength: 4 }),
        fc.nat(500),
        fc.nat(200),
        (cii, threats, sirens, flights) => {
          const a = scoreAxes({
            scored: cii,
            chokepoints: threats.map((t, i) => ({ id: `c${i}`, name: `c${i}`, threatLevel: t, threatDescription: '' })),
            orefAlerts24h: sirens,
            militaryFlights: flights,
            missing: [],
          });
          for (const k of [
            'coercivePressure',
            'domesticFragility',
            'capitalStress',
            'energyVulnerability',
            'allianceCohesion',
            'maritimeAccess',
            'energyLeverage',
          ] as const) {
            expect(a[k]).toBeGreaterThanOrEqual(0);
            expect(a[k]).toBeLessThanOrEqual(1);
          }
          expect(Math.abs(a.netBalance)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('rise with military activity (coercive pressure is monotone in it)', () => {
    fc.assert(
      fc.property(score, fc.double({ min: 0, max: 100, noNaN: true }), (s, more) => {
        const f = (m: number) =>
          scoreAxes({
            scored: [{ ...s, components: { ...s.components, militaryActivity: m } }],
            chokepoints: [],
            orefAlerts24h: 0,
            militaryFlights: 0,
            missing: [],
          }).coercivePressure;
        const lo = Math.min(s.components.militaryActivity, more);
        expect(f(Math.max(s.components.militaryActivity, more))).toBeGreaterThanOrEqual(f(lo));
      }),
    );
  });

  it.each([
    [[], 0],
    [[50], 50],
    [[10, 90, 50, 70], 70],
  ])('topMean(%j) = %s', (xs, m) => expect(topMean(xs)).toBe(m));

  it('count only the region’s members, chokepoints and box', () => {
    const mena = regionById('mena')!;
    const { facts } = scoreRegion(mena, {
      cii: [
        {
          region: 'IL',
          combinedScore: 80,
          dynamicScore: 1,
          trend: '',
          computedAt: 1,
          advisoryLevel: '',
          components: { newsActivity: 1, ciiContribution: 1, geoConvergence: 1, militaryActivity: 1 },
        },
        {
          region: 'US',
          combinedScore: 10,
          dynamicScore: 0,
          trend: '',
          computedAt: 1,
          advisoryLevel: '',
          components: { newsActivity: 1, ciiContribution: 1, geoConvergence: 1, militaryActivity: 1 },
        },
      ],
      chokepoints: [
        { id: 'hormuz_strait', name: 'Hormuz', threatLevel: 'war_zone', threatDescription: '' },
        { id: 'panama', name: 'Panama', threatLevel: 'war_zone', threatDescription: '' },
      ],
      orefAlerts: [{ at: 1000 }, { at: 1000 - 86_400_000 }],
      militaryFlights: [
        { latitude: 32, longitude: 35 },
        { latitude: 50, longitude: 10 },
      ],
      asOf: 1000,
    });
    expect(facts.scored.map((s) => s.region)).toEqual(['IL']);
    expect(facts.chokepoints.map((c) => c.id)).toEqual(['hormuz_strait']);
    expect(facts.orefAlerts24h).toBe(1);
    expect(facts.militaryFlights).toBe(1);
  });
});

describe('snapshot id', () => {
  it('is the same for the same state and differs by region or label', () => {
    const a = scoreAxes({ scored: [], chokepoints: [], orefAlerts24h: 0, militaryFlights: 0, missing: [] });
    expect(snapshotIdOf('mena', a, 'calm')).toBe(snapshotIdOf('mena', { ...a }, 'calm'));
    expect(snapshotIdOf('mena', a, 'calm')).not.toBe(snapshotIdOf('europe', a, 'calm'));
    expect(snapshotIdOf('mena', a, 'calm')).not.toBe(snapshotIdOf('mena', a, 'stressed_equilibrium'));
  });
});

describe('triggers and lanes', () => {
  it.each([
    ['>', 0.8, 0.81, 'active'],
    ['>', 0.8, 0.8, 'watching'],
    ['>', 0.8, 0.61, 'watching'],
    ['>', 0.8, 0.59, 'dormant'],
    ['<', -0.4, -0.41, 'active'],
    ['<', -0.4, -0.2, 'watching'],
    ['>', 25, 20, 'watching'],
    ['>', 25, 19, 'dormant'],
  ] as const)('%s %s observed %s -> %s', (op, value, observed, state) =>
    expect(triggerState(op, value, observed)).toBe(state),
  );

  it('lane weights are non-negative and sum to 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.constantFrom(0.5, 0.75, 1),
        fc.nat(7),
        (net, h, active) => {
          const w = laneWeights(net, h, active);
          expect(w.escalation).toBeGreaterThanOrEqual(0);
          expect(w.deescalation).toBeGreaterThanOrEqual(0);
          expect(w.base).toBeGreaterThanOrEqual(0.05 - 1e-9);
          expect(w.escalation + w.base + w.deescalation).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('weigh escalation more as the balance worsens', () => {
    expect(laneWeights(-0.6, 1, 0).escalation).toBeGreaterThan(laneWeights(0.4, 1, 0).escalation);
  });
});

const label = fc.constantFrom(...REGIME_LABELS);
const regionId = fc.constantFrom(...REGIONS.map((r) => r.id));
const scoreOf = (regionId: string, label: string): RegionScore => ({
  regionId,
  label: label as RegionScore['label'],
  driver: 'd',
  snapshotId: `${regionId}-x`,
  axes: scoreAxes({ scored: [], chokepoints: [], orefAlerts24h: 0, militaryFlights: 0, missing: [] }),
});

describe('regime transitions', () => {
  it('append only on a change, stamped with the ingestion time, newest first', () => {
    const { history, lastLabels } = appendTransitions(
      [],
      { mena: 'calm', europe: 'calm' },
      [scoreOf('mena', 'stressed_equilibrium'), scoreOf('europe', 'calm'), scoreOf('latam', 'calm')],
      500,
    );
    expect(history).toEqual([
      {
        regionId: 'mena',
        label: 'stressed_equilibrium',
        previousLabel: 'calm',
        transitionedAt: 500,
        transitionDriver: 'd',
        snapshotId: 'mena-x',
      },
    ]);
    expect(lastLabels).toEqual({ mena: 'stressed_equilibrium', europe: 'calm', latam: 'calm' });
  });

  it('are bounded per region, ordered, and a repeated ingestion of the same labels adds nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(regionId, label), { maxLength: 8 }), { maxLength: 40 }), (runs) => {
        let history: RegimeTransition[] = [];
        let last: Record<string, string> = {};
        runs.forEach((run, i) => {
          const scores = run.map(([r, l]) => scoreOf(r, l));
          ({ history, lastLabels: last } = appendTransitions(history, last, scores, i * 1000));
          const again = appendTransitions(
            history,
            last,
            scores.filter(
              (s, j) => scores.findIndex((x) => x.regionId === s.regionId) === j && last[s.regionId] === s.label,
            ),
            i * 1000 + 1,
          );
          expect(again.history).toEqual(history);
        });
        for (let i = 1; i < history.length; i++)
          expect(history[i - 1]!.transitionedAt).toBeGreaterThanOrEqual(history[i]!.transitionedAt);
        for (const r of REGIONS)
          expect(history.filter((t) => t.regionId === r.id).length).toBeLessThanOrEqual(HISTORY_PER_REGION);
        for (const t of history) expect(t.label).not.toBe(t.previousLabel);
      }),
    );
  });

  it('keep the newest HISTORY_PER_REGION of a region', () => {
    let history: RegimeTransition[] = [];
    let last: Record<string, string> = { mena: 'calm' };
    for (let i = 1; i <= HISTORY_PER_REGION + 5; i++)
      ({ history, lastLabels: last } = appendTransitions(
        history,
        last,
        [scoreOf('mena', i % 2 ? 'stressed_equilibrium' : 'calm')],
        i,
      ));
    expect(history.length).toBe(HISTORY_PER_REGION);
    expect(history[0]!.transitionedAt).toBe(HISTORY_PER_REGION + 5);
    expect(history.at(-1)!.transitionedAt).toBe(6);
  });
});

describe('narrative sections', () => {
  it('reads keyed lines, repeated keys and continuation lines', () => {
    const s = readSections('intro\nSITUATION: a\nmore\n- WATCH: x\n**WATCH**: ignored-format\nOutlook 24h: b', [
      'SITUATION',
      'OUTLOOK 24H',
      'WATCH',
    ]);
    expect(s.get('SITUATION')).toEqual(['intro', 'a more']);
    expect(s.get('WATCH')).toEqual(['x **WATCH**: ignored-format']);
    expect(s.get('OUTLOOK 24H')).toEqual(['b']);
  });
});
