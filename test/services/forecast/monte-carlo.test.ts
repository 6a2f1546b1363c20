import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSimulationPackage,
  mulberry32,
  playOnce,
  simulatePackage,
  simulateTheater,
  type PackagePath,
  type PackageTheater,
} from '../../../src/services/forecast/monte-carlo.js';

const T0 = Date.UTC(2026, 10, 20, 12);
const path = (i: number, domain: string, probability: number, cascades: PackagePath['cascades'] = []): PackagePath => ({
  pathId: `t-path-${i}`,
  forecastId: `fc-${i}`,
  label: `Forecast ${i}`,
  domain,
  region: 'Iran',
  probability,
  cascades,
});
const theater = (paths: PackagePath[]): PackageTheater => ({
  theaterId: 'theater-1',
  theaterLabel: 'Iran',
  theaterRegion: 'Iran',
  stateKind: 'conflict',
  paths,
});

describe('the package', () => {
  const cards = [
    { id: 'a', title: 'A', domain: 'conflict', region: 'Iran', probability: 0.5, cascades: [] },
    { id: 'b', title: 'B', domain: 'political', region: 'Iran', probability: 0.7, cascades: [] },
    { id: 'c', title: 'C', domain: 'cyber', region: 'Germany', probability: 0.6, cascades: [] },
  ];

  it('groups cards by region into theaters ranked by their most probable path', () => {
    const { records, info } = buildSimulationPackage(cards, T0);
    expect(records.map((t) => [t.theaterId, t.theaterLabel, t.stateKind, t.paths.map((p) => p.forecastId)])).toEqual([
      ['theater-1', 'Iran', 'political', ['b', 'a']],
      ['theater-2', 'Germany', 'cyber', ['c']],
    ]);
    expect(info.runId).toMatch(new RegExp(`^${T0}-[0-9a-f]{8}$`));
    expect(info.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(info.generatedAt).toBe(T0);
  });

  it('gives a new run id when the cards change, and the same one when they do not', () => {
    const same = buildSimulationPackage(cards, T0).info.runId;
    expect(buildSimulationPackage(cards, T0).info.runId).toBe(same);
    expect(buildSimulationPackage([{ ...cards[0]!, probability: 0.51 }, ...cards.slice(1)], T0).info.runId).not.toBe(
      same,
    );
  });
});

describe('one run of a theater', () => {
  const rand = mulberry32(1);
  it('always plays a certain path and never an impossible one', () => {
    expect(playOnce([path(0, 'conflict', 1), path(1, 'cyber', 0)], rand)).toEqual([0]);
  });
  it('lets a path that happened set off its cascade', () => {
    const paths = [path(0, 'conflict', 1, [{ domain: 'supply_chain', probability: 1 }]), path(1, 'supply_chain', 0)];
    expect(playOnce(paths, rand)).toEqual([0, 1]);
  });
  it('draws uniformly in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(50), (seed, skip) => {
        const r = mulberry32(seed);
        for (let i = 0; i < skip; i++) r();
        const x = r();
        expect(x >= 0 && x < 1).toBe(true);
      }),
    );
  });
});

describe('the simulated outcome', () => {
  it('estimates a single path at its probability (10,000 runs: within 0.02, about 4 standard errors)', () => {
    const out = simulateTheater(theater([path(0, 'conflict', 0.3)]), 'run-1');
    expect(out.topPaths).toHaveLength(1);
    expect(Math.abs(out.topPaths[0]!.confidence - 0.3)).toBeLessThan(0.02);
    expect(out.topPaths[0]).toMatchObject({ label: 'Forecast 0', keyActors: ['Iran'], keyActorRoles: [] });
  });

  it('reports the joint outcomes a cascade makes, which 1 - prod(1 - p) cannot', () => {
    // A (0.5) sets off B with 0.5 when it happens; B alone happens with 0.2. By hand:
    // P(A and B) = 0.5 x (0.2 + 0.8 x 0.5) = 0.3; P(A only) = 0.5 x 0.8 x 0.5 = 0.2; P(B only) = 0.5 x 0.2 = 0.1;
    // P(nothing) = 0.5 x 0.8 = 0.4 -> at least one: 0.6 (1 - prod(1 - p) would say 1 - 0.5 x 0.8 = 0.6 too, but
    // puts A and B together at 0.1, not 0.3).
    const t = theater([
      path(0, 'conflict', 0.5, [{ domain: 'supply_chain', probability: 0.5 }]),
      path(1, 'supply_chain', 0.2),
    ]);
    const out = simulateTheater(t, 'run-1');
    const share = (label: string) => out.topPaths.find((p) => p.label === label)?.confidence ?? NaN;
    expect(Math.abs(share('Forecast 0 + Forecast 1') - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(share('Forecast 0') - 0.2)).toBeLessThan(0.02);
    expect(Math.abs(share('Forecast 1') - 0.1)).toBeLessThan(0.02);
    expect(out.topPaths.map((p) => p.label)[0]).toBe('Forecast 0 + Forecast 1');
    expect(out.stabilizers[0]).toMatch(/in (39|40|41)\.\d% of runs$/);
    // B happens in 0.2 + 0.8 x 0.5 x 0.5 = 0.4 of runs, A in 0.5: A leads the reactions.
    expect(out.dominantReactions[0]).toMatch(/^Forecast 0: (49|50|51)\.\d% of runs$/);
  });

  it('gives the same bytes for the same package and seed, and other draws for another run', () => {
    const t = theater([path(0, 'conflict', 0.4), path(1, 'cyber', 0.6), path(2, 'political', 0.3)]);
    const a = JSON.stringify(simulatePackage({ runId: 'r1', generatedAt: T0 }, [t]));
    expect(JSON.stringify(simulatePackage({ runId: 'r1', generatedAt: T0 }, [t]))).toBe(a);
    expect(JSON.stringify(simulatePackage({ runId: 'r2', generatedAt: T0 }, [t]))).not.toBe(a);
  });

  it('keeps every confidence in [0, 1] and the top paths at most three, most frequent first', () => {
    const arb = fc.array(
      fc.record({
        domain: fc.constantFrom('conflict', 'market', 'supply_chain', 'political'),
        p: fc.double({ min: 0, max: 1, noNaN: true }),
        cascade: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(arb, fc.string(), (rows, runId) => {
        const t = theater(rows.map((r, i) => path(i, r.domain, r.p, [{ domain: 'market', probability: r.cascade }])));
        const out = simulateTheater(t, runId, 300);
        expect(out.topPaths.length).toBeLessThanOrEqual(3);
        for (const p of out.topPaths) expect(p.confidence >= 0 && p.confidence <= 1).toBe(true);
        const cs = out.topPaths.map((p) => p.confidence);
        expect([...cs].sort((x, y) => y - x)).toEqual(cs);
        expect(JSON.stringify(simulateTheater(t, runId, 300))).toBe(JSON.stringify(out));
      }),
      { numRuns: 40 },
    );
  });

  it('has no eligible theater without paths', () => {
    expect(simulatePackage({ runId: 'r', generatedAt: T0 }, [theater([])])).toMatchObject({
      theaterCount: 0,
      eligibleTheaterCount: 0,
      completionStatus: 'no_eligible_theaters',
      uiTheaters: [],
    });
  });
});
