import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bypassLiveScore,
  corridorApplies,
  corridorStatus,
  laneExposures,
  laneRoutes,
  maxTier,
  routeOverlapScore,
  warRiskPremiumBps,
} from '../../../src/services/supply-chain/routes/rules.js';
import type { CorridorDef, RouteDef } from '../../../src/services/supply-chain/routes/datasets/route-model.js';

const route = (id: string, category: RouteDef['category'], waypoints: string[]): RouteDef => ({
  id,
  name: id,
  category,
  fromPort: 'a',
  toPort: 'b',
  waypoints,
  transitDays: [1, 2],
});

describe('warRiskPremiumBps and maxTier', () => {
  it.each([
    ['WAR_RISK_TIER_WAR_ZONE', 300],
    ['WAR_RISK_TIER_CRITICAL', 100],
    ['WAR_RISK_TIER_HIGH', 50],
    ['WAR_RISK_TIER_ELEVATED', 20],
    ['WAR_RISK_TIER_NORMAL', 5],
    ['WAR_RISK_TIER_UNSPECIFIED', 5],
  ])('%s -> %i bps', (tier, bps) => expect(warRiskPremiumBps(tier)).toBe(bps));

  it('takes the most severe tier; none is NORMAL', () => {
    expect(maxTier([])).toBe('WAR_RISK_TIER_NORMAL');
    expect(maxTier(['WAR_RISK_TIER_ELEVATED', 'WAR_RISK_TIER_WAR_ZONE', 'WAR_RISK_TIER_HIGH'])).toBe(
      'WAR_RISK_TIER_WAR_ZONE',
    );
  });
});

describe('bypassLiveScore', () => {
  it.each([
    [[], 1.3, 12],
    [[50], 1.0, 30],
    [[100, 0], 1.3, 42],
    [[100], 3.0, 100],
    [[0], 0.5, 0],
  ])('scores %j with multiplier %d as %d', (scores, mult, expected) =>
    expect(bypassLiveScore(scores, mult)).toBe(expected),
  );

  it('stays within 0-100 and never falls when a waypoint gets worse (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 5 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        (scores, mult, worse) => {
          const s = bypassLiveScore(scores, mult);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(100);
          if (scores.length > 0 && worse > scores[0]!)
            expect(bypassLiveScore([worse, ...scores.slice(1)], mult)).toBeGreaterThanOrEqual(s);
        },
      ),
    );
  });
});

describe('corridorApplies and corridorStatus', () => {
  const c = (over: Partial<CorridorDef>): CorridorDef => ({
    id: 'x',
    primaryChokepointId: 'suez',
    name: 'X',
    type: 'pipeline',
    addedTransitDays: 1,
    addedCostMultiplier: 1.1,
    capacityConstraintTonnage: 0,
    suitableCargoTypes: ['tanker'],
    activationThreshold: 'partial_closure',
    waypointChokepointIds: [],
    notes: '',
    fromPort: { lat: 0, lon: 0 },
    toPort: { lat: 0, lon: 0 },
    ...over,
  });
  it.each([
    [c({}), 'tanker', 50, true],
    [c({}), 'container', 50, false],
    [c({ suitableCargoTypes: [] }), 'container', 50, true],
    [c({ activationThreshold: 'full_closure' }), 'tanker', 99, false],
    [c({ activationThreshold: 'full_closure' }), 'tanker', 100, true],
  ] as const)('case %#', (corridor, cargo, pct, expected) =>
    expect(corridorApplies(corridor, cargo, pct)).toBe(expected),
  );

  it.each([
    ['Kra canal (proposed)', '', 'CORRIDOR_STATUS_PROPOSED'],
    ['Rail link', 'not yet constructed', 'CORRIDOR_STATUS_PROPOSED'],
    ['Rail', 'capacity is effectively closed to extra volume', 'CORRIDOR_STATUS_UNAVAILABLE'],
    ['Pipeline', 'suspended since 2011', 'CORRIDOR_STATUS_UNAVAILABLE'],
    ['Cape diversion', 'long', 'CORRIDOR_STATUS_ACTIVE'],
  ])('%s / %s -> %s', (name, notes, status) => expect(corridorStatus({ name, notes })).toBe(status));
});

describe('laneRoutes and laneExposures', () => {
  const routes = new Map([
    ['c1', route('c1', 'container', ['suez', 'malacca'])],
    ['e1', route('e1', 'energy', ['hormuz', 'malacca'])],
    ['b1', route('b1', 'bulk', [])],
  ]);
  it('keeps shared routes, the cargo’s category first', () => {
    expect(laneRoutes(['c1', 'e1', 'b1'], ['e1', 'c1'], routes, 'tanker').map((r) => r.id)).toEqual(['e1', 'c1']);
    expect(laneRoutes(['c1', 'e1'], ['e1', 'c1'], routes, 'roro').map((r) => r.id)).toEqual(['c1', 'e1']);
    expect(laneRoutes(['c1'], ['b1'], routes, 'bulk')).toEqual([]);
  });
  it('gives the share of routes passing each chokepoint', () => {
    expect(laneExposures([routes.get('c1')!, routes.get('e1')!])).toEqual([
      { chokepointId: 'malacca', exposurePct: 100 },
      { chokepointId: 'suez', exposurePct: 50 },
      { chokepointId: 'hormuz', exposurePct: 50 },
    ]);
    expect(laneExposures([])).toEqual([]);
  });
  it('breaks ties in registry order, so the primary (first) chokepoint is the published one', () => {
    const lane = [routes.get('c1')!, routes.get('e1')!];
    expect(laneExposures(lane, ['hormuz', 'malacca', 'suez']).map((e) => e.chokepointId)).toEqual([
      'malacca',
      'hormuz',
      'suez',
    ]);
  });
});

describe('routeOverlapScore', () => {
  it.each([
    [['a', 'b', 'c', 'd'], ['a', 'x'], 25],
    [['a'], ['a'], 100],
    [[], ['a'], 0],
  ])('%j vs %j -> %d', (cp, country, s) => expect(routeOverlapScore(cp, country)).toBe(s));

  it('lies in 0-100 (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.array(fc.string()), (cp, country) => {
        const s = routeOverlapScore(cp, country);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }),
    );
  });
});
