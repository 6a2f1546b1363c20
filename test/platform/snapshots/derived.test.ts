import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import {
  parsesNothing,
  type AnyDataset,
  type Dataset,
  type DerivedInputs,
} from '../../../src/platform/snapshots/dataset.js';
import { dependentsOf, deriveAll, derivationOrder, refreshDerived } from '../../../src/platform/snapshots/derived.js';
import { sampleCaptures } from '../../../src/platform/snapshots/catalogue.js';
import { findDataset } from '../../../src/root/datasets.js';
import { CHOKEPOINTS } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { tempDbFile } from '../../support/app.js';
import type { AppDeps } from '../../../src/trpc/context.js';

interface Reading {
  value: number;
}

/** A live input fed with bytes: a JSON array of numbers. */
const input = (name: string): Dataset<Reading> => ({
  name,
  source: 'test fixture',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: { main: { url: 'https://upstream.example/readings.json', sample: 'unused.json' } },
  parse: (payloads) => ({
    records: (JSON.parse(payloads.main!.toString('utf8')) as number[]).map((value) => ({ value })),
  }),
});

const a = input('test.a');
const b = input('test.b');

/** A model over a and b: one row, the sum of both inputs' values, and how many times it ran. */
let sumRuns = 0;
const sum: Dataset<{ total: number; at: number }> = {
  name: 'test.sum',
  source: 'computed here from test.a and test.b',
  kind: 'derived',
  maxStaleMinutes: 60,
  sources: {},
  inputs: ['test.a', 'test.b'],
  allowEmpty: true,
  parse: parsesNothing,
  derive(inputs: DerivedInputs, at) {
    sumRuns++;
    const total = ['test.a', 'test.b'].reduce(
      (t, name) => t + (inputs[name]?.records ?? []).reduce((s: number, r: Reading) => s + r.value, 0),
      0,
    );
    return { records: [{ total, at }], info: { present: Object.keys(inputs).filter((k) => inputs[k]) } };
  },
};

/** An appended history of the sum: each computation adds the current total. */
const history: Dataset<{ total: number }> = {
  name: 'test.sum-history',
  source: 'appended here from test.sum',
  kind: 'derived',
  maxStaleMinutes: 60,
  sources: {},
  inputs: ['test.sum'],
  parse: parsesNothing,
  derive(inputs, _at, previous) {
    const now = inputs['test.sum']!.records[0] as { total: number };
    return { records: [...(previous?.records ?? []), { total: now.total }] };
  },
};

const ALL = [history, sum, a, b] as AnyDataset[];
const bytes = (values: number[]) => ({
  kind: 'bytes' as const,
  payloads: { main: Buffer.from(JSON.stringify(values)) },
});

let deps: AppDeps | undefined;
function setup() {
  const file = tempDbFile();
  deps = createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0 }), {
    clock: new ManualClock(),
    db: openDatabase(file),
  });
  sumRuns = 0;
  return deps;
}
afterEach(() => {
  deps?.db.$client.close();
  deps = undefined;
});

describe('derivation order', () => {
  it('puts every derived dataset after the derived datasets it reads, and leaves out the others', () => {
    expect(derivationOrder(ALL).map((d) => d.name)).toEqual(['test.sum', 'test.sum-history']);
  });

  it('holds for any order of the catalogue', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(ALL, { minLength: ALL.length }), (datasets) => {
        const order = derivationOrder(datasets).map((d) => d.name);
        expect(order.indexOf('test.sum')).toBeLessThan(order.indexOf('test.sum-history'));
      }),
    );
  });

  it('refuses a cycle, naming it', () => {
    const x = { ...sum, name: 'test.x', inputs: ['test.y'] } as AnyDataset;
    const y = { ...sum, name: 'test.y', inputs: ['test.x'] } as AnyDataset;
    expect(() => derivationOrder([x, y])).toThrow(/cycle: test\.x -> test\.y -> test\.x/);
  });

  it('finds the dependents of a change transitively, and none of an unrelated one', () => {
    expect(dependentsOf(['test.b'], ALL).map((d) => d.name)).toEqual(['test.sum', 'test.sum-history']);
    expect(dependentsOf(['test.elsewhere'], ALL)).toEqual([]);
  });
});

describe('a derived dataset computed by the runner', () => {
  it('is computed from its inputs at the newest input time, with the versions it read', async () => {
    const deps = setup();
    const clock = deps.clock as ManualClock;
    clock.set(1_000_000);
    await deps.runner.run(a, { origin: bytes([1, 2]) });
    clock.set(2_000_000);
    await deps.runner.run(b, { origin: bytes([10]) });
    clock.set(9_000_000);
    const [result] = await deriveAll([sum], deps.runner);
    expect(result).toMatchObject({ dataset: 'test.sum', ok: true, version: 1, recordCount: 1 });
    const snap = deps.store.read<{ total: number; at: number }>('test.sum')!;
    // The model's time is the newest input's capture (b, at 2 000 000), not the clock (9 000 000).
    expect(snap.records).toEqual([{ total: 13, at: 2_000_000 }]);
    expect(snap.capturedAt).toBe(2_000_000);
    expect(snap.meta.origin).toBe('derived');
    expect(snap.info).toEqual({ present: ['test.a', 'test.b'], inputVersions: { 'test.a': 1, 'test.b': 1 } });
  });

  it('is not computed again while its inputs are unchanged, and is when one changes', async () => {
    const deps = setup();
    await deps.runner.run(a, { origin: bytes([1]) });
    await deps.runner.run(b, { origin: bytes([2]) });
    await deriveAll(ALL, deps.runner);
    expect(sumRuns).toBe(1);
    const again = await deriveAll(ALL, deps.runner);
    expect(again.every((r) => r.ok && r.unchanged)).toBe(true);
    expect(sumRuns).toBe(1);
    expect(deps.store.read('test.sum-history')!.records).toEqual([{ total: 3 }]);

    const changed = await deps.runner.run(a, { origin: bytes([5]) });
    const derived = await refreshDerived([changed], ALL, deps.runner);
    expect(derived.map((r) => [r.dataset, r.ok, r.unchanged ?? false])).toEqual([
      ['test.sum', true, false],
      ['test.sum-history', true, false],
    ]);
    // The history appended the new total once.
    expect(deps.store.read('test.sum-history')!.records).toEqual([{ total: 3 }, { total: 7 }]);
  });

  it('is recomputed when forced even with unchanged inputs', async () => {
    const deps = setup();
    await deps.runner.run(a, { origin: bytes([1]) });
    await deriveAll([sum], deps.runner);
    const forced = await deps.runner.run(sum, { origin: { kind: 'live' }, force: true });
    expect(sumRuns).toBe(2);
    // The model ran again and gave the same rows: content equal to the current version's is not
    // stored again (snapshot history), it only extends that version's validity.
    expect(forced).toMatchObject({ ok: true, version: 1, unchanged: true });
  });

  it('runs with the inputs that exist and refuses when none does', async () => {
    const deps = setup();
    const none = await deps.runner.run(sum, { origin: { kind: 'live' } });
    expect(none.ok).toBe(false);
    expect(none.error).toMatch(/none of its inputs has a snapshot yet \(test\.a, test\.b\)/);
    await deps.runner.run(b, { origin: bytes([4]) });
    await deps.runner.run(sum, { origin: { kind: 'live' } });
    expect(deps.store.read('test.sum')!.info).toMatchObject({ present: ['test.b'] });
  });

  it('ignores a failed or skipped input run', async () => {
    const deps = setup();
    const failed = await deps.runner.run(a, { origin: { kind: 'bytes', payloads: { main: Buffer.from('nope') } } });
    expect(failed.ok).toBe(false);
    expect(
      await refreshDerived([failed, { ...failed, ok: true, skipped: true, unchanged: true }], ALL, deps.runner),
    ).toEqual([]);
  });
});

describe('snapshot time and origin', () => {
  it("stamps a bundled sample with its recorded capture time, not the load's", async () => {
    const deps = setup();
    (deps.clock as ManualClock).set(Date.parse('2030-01-01T00:00:00Z'));
    const quakes = findDataset('seismology.earthquakes')!;
    const result = await deps.runner.run(quakes, { origin: { kind: 'samples' } });
    expect(result.ok).toBe(true);
    const snap = deps.store.read('seismology.earthquakes')!;
    expect(snap.capturedAt).toBe(Date.parse(sampleCaptures()['seismology.earthquakes']!));
    expect(snap.fetchedAt).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(snap.meta.origin).toBe('sample');
  });

  it('stamps bytes given by an operator with the load time, and a reference table as reference', async () => {
    const deps = setup();
    (deps.clock as ManualClock).set(5_000);
    await deps.runner.run(a, { origin: bytes([1]) });
    expect(deps.store.read('test.a')!.meta).toMatchObject({ capturedAt: 5_000, origin: 'file' });
    const table = findDataset(CHOKEPOINTS)!;
    expect(table.kind).toBe('reference');
    await deps.runner.run(table, { origin: { kind: 'samples' } });
    expect(deps.store.read(CHOKEPOINTS)!.meta).toMatchObject({ origin: 'reference', capturedAt: 5_000 });
  });
});
