import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import type { Dataset } from '../../../src/platform/snapshots/dataset.js';
import { tempDbFile } from '../../support/app.js';
import type { AppDeps } from '../../../src/trpc/context.js';

interface Row {
  id: number;
  generation: number;
}

const generations: Dataset<Row> = {
  name: 'test.generations',
  source: 'test fixture',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: { main: { url: 'https://upstream.example/rows.json', sample: 'unused.json' } },
  parse: (payloads) => ({ records: JSON.parse(payloads.main!.toString('utf8')) as Row[] }),
};

/** `n` rows all stamped with one generation, so a mixed snapshot would show two stamps. */
const payload = (n: number, generation: number) => ({
  kind: 'bytes' as const,
  payloads: { main: Buffer.from(JSON.stringify(Array.from({ length: n }, (_, id) => ({ id, generation })))) },
});

const open: AppDeps[] = [];
function depsOn(file: string): AppDeps {
  const deps = createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0 }), {
    clock: new ManualClock(),
    db: openDatabase(file),
  });
  open.push(deps);
  return deps;
}
afterEach(() => {
  for (const d of open.splice(0)) d.db.$client.close();
});

const generationsOf = (deps: AppDeps) =>
  new Set(deps.store.read<Row>(generations.name)!.records.map((r) => r.generation));

describe('snapshot store: a new version of a served dataset', () => {
  it('keeps serving the old version while the new one decodes, yielding between chunks, then swaps it in whole', async () => {
    const deps = depsOn(tempDbFile());
    await deps.runner.run(generations, { origin: payload(20_000, 1) });
    expect(deps.store.read<Row>(generations.name)!.records).toHaveLength(20_000);

    // Reads made from other event-loop turns while the second run publishes and decodes.
    const seen: { version: number; published: number; generations: number[] }[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const snap = deps.store.read<Row>(generations.name)!;
        const published = deps.store.meta(generations.name)!.version;
        seen.push({
          version: snap.version,
          published,
          generations: [...new Set(snap.records.map((r) => r.generation))],
        });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const result = await deps.runner.run(generations, { origin: payload(20_000, 2) });
    reading = false;
    await reader;

    expect(result).toMatchObject({ ok: true, version: 2 });
    expect(generationsOf(deps)).toEqual(new Set([2]));
    // The reader ran during the ingestion (the decode did not hold the loop) and never saw a mix.
    expect(seen.length).toBeGreaterThan(3);
    for (const s of seen) expect(s.generations).toEqual([s.version]);
    // Version 2 was already published while version 1 still served: the decode happened between reads.
    expect(seen.some((s) => s.version === 1 && s.published === 2)).toBe(true);
  });

  it('decodes a large swap made by another process in the background and serves the old version meanwhile', async () => {
    const file = tempDbFile();
    const server = depsOn(file);
    const ingester = depsOn(file);
    await server.runner.run(generations, { origin: payload(12_000, 1) });
    expect(generationsOf(server)).toEqual(new Set([1]));

    await ingester.runner.run(generations, { origin: payload(12_000, 2) });
    // The first read after the foreign swap answers at once from the old version...
    expect(generationsOf(server)).toEqual(new Set([1]));
    // ...and once the background decode finishes the new version serves.
    await server.store.refresh(generations.name);
    expect(generationsOf(server)).toEqual(new Set([2]));
    expect(server.store.version(generations.name)).toBe(2);
  });

  it('picks up a small foreign swap on the next read', async () => {
    const file = tempDbFile();
    const server = depsOn(file);
    const ingester = depsOn(file);
    await server.runner.run(generations, { origin: payload(50, 1) });
    expect(generationsOf(server)).toEqual(new Set([1]));
    await ingester.runner.run(generations, { origin: payload(50, 2) });
    expect(generationsOf(server)).toEqual(new Set([2]));
  });

  it('ends on the newest version when versions are published during a background decode', async () => {
    const file = tempDbFile();
    const server = depsOn(file);
    const ingester = depsOn(file);
    await server.runner.run(generations, { origin: payload(12_000, 1) });
    expect(generationsOf(server)).toEqual(new Set([1]));
    await ingester.runner.run(generations, { origin: payload(12_000, 2) });
    const decoding = server.store.refresh(generations.name);
    // Published (and version 2's rows removed) while the server is part-way through decoding version 2.
    await new Promise((r) => setImmediate(r));
    await ingester.runner.run(generations, { origin: payload(12_000, 3) });
    await decoding;
    await server.store.refresh(generations.name);
    expect(server.store.version(generations.name)).toBe(3);
    expect(generationsOf(server)).toEqual(new Set([3]));
  });

  it('does not decode a dataset nobody has read yet', async () => {
    const deps = depsOn(tempDbFile());
    let notified = 0;
    deps.store.onChange(() => notified++);
    await deps.runner.run(generations, { origin: payload(10, 1) });
    expect(notified).toBe(1);
    expect(deps.store.read<Row>(generations.name)!.records).toHaveLength(10);
  });

  it("builds the served version's derived values on the new version before swapping it in", async () => {
    const deps = depsOn(tempDbFile());
    await deps.runner.run(generations, { origin: payload(12_000, 1) });
    const computedOn: number[] = [];
    const byId = (snap: { version: number; records: readonly Row[] }) => {
      computedOn.push(snap.version);
      return new Map(snap.records.map((r) => [r.id, r]));
    };
    deps.store.read<Row>(generations.name)!.derive('by-id', byId);
    expect(computedOn).toEqual([1]);

    await deps.runner.run(generations, { origin: payload(12_000, 2) });
    // Built during the background decode, not by the first read after the swap.
    expect(computedOn).toEqual([1, 2]);
    const fresh = deps.store.read<Row>(generations.name)!;
    expect(fresh.version).toBe(2);
    expect(fresh.derive('by-id', byId).get(7)).toEqual({ id: 7, generation: 2 });
    expect(computedOn).toEqual([1, 2]);
  });

  it('warms every published dataset in the background, so no first read decodes', async () => {
    const file = tempDbFile();
    const ingester = depsOn(file);
    await ingester.runner.run(generations, { origin: payload(5_000, 1) });
    const server = depsOn(file);
    await server.store.warm();
    // Decoded already: the read returns the very object warm() installed, without touching the database.
    server.db.$client.exec('DROP TABLE snapshot_records');
    expect(server.store.read<Row>(generations.name)!.records).toHaveLength(5_000);
  });
});

describe('snapshot store: work a dataset needs before it serves (beforeServing)', () => {
  /** Records every preparation as (new version, replaced version) and lets a test hold one open. */
  function preparing(deps: AppDeps) {
    const calls: [number, number | undefined][] = [];
    let hold: Promise<void> | undefined;
    deps.store.beforeServing(generations.name, async (fresh, serving) => {
      calls.push([fresh.version, serving?.version]);
      fresh.derive('prepared', () => true);
      await hold;
    });
    return { calls, holdUntil: (p: Promise<void>) => void (hold = p) };
  }

  it('runs on a new version before the ingestion reports success, even for a dataset nobody has read', async () => {
    const deps = depsOn(tempDbFile());
    const { calls } = preparing(deps);
    await deps.runner.run(generations, { origin: payload(10, 1) });
    expect(calls).toEqual([[1, undefined]]);
    // The snapshot served is the prepared one: the first read finds the work done.
    expect(deps.store.read<Row>(generations.name)!.derive('prepared', () => false)).toBe(true);
    await deps.runner.run(generations, { origin: payload(10, 2) });
    expect(calls).toEqual([
      [1, undefined],
      [2, 1],
    ]);
    expect(deps.store.read<Row>(generations.name)!.derive('prepared', () => false)).toBe(true);
  });

  it('keeps serving the old version while the new one is prepared', async () => {
    const deps = depsOn(tempDbFile());
    const { holdUntil } = preparing(deps);
    await deps.runner.run(generations, { origin: payload(10, 1) });
    let release!: () => void;
    holdUntil(new Promise<void>((r) => (release = r)));
    let done = false;
    const run = deps.runner.run(generations, { origin: payload(10, 2) }).then((r) => ((done = true), r));
    for (let i = 0; i < 20 && deps.store.meta(generations.name)!.version < 2; i++)
      await new Promise((r) => setImmediate(r));
    expect(deps.store.meta(generations.name)!.version).toBe(2);
    expect(generationsOf(deps)).toEqual(new Set([1]));
    expect(done).toBe(false);
    release();
    expect(await run).toMatchObject({ ok: true, version: 2 });
    expect(generationsOf(deps)).toEqual(new Set([2]));
  });

  it('prepares a swap made by another process instead of dropping it for a lazy read', async () => {
    const file = tempDbFile();
    const server = depsOn(file);
    const ingester = depsOn(file);
    const { calls } = preparing(server);
    await server.runner.run(generations, { origin: payload(50, 1) });
    await ingester.runner.run(generations, { origin: payload(50, 2) });
    // The read notices the foreign swap and answers from the prepared version 1 meanwhile.
    expect(generationsOf(server)).toEqual(new Set([1]));
    await server.store.refresh(generations.name);
    expect(generationsOf(server)).toEqual(new Set([2]));
    expect(calls).toEqual([
      [1, undefined],
      [2, 1],
    ]);
  });

  it('prepares at warm() a snapshot a first read decoded before', async () => {
    const file = tempDbFile();
    const ingester = depsOn(file);
    await ingester.runner.run(generations, { origin: payload(10, 1) });
    const server = depsOn(file);
    const { calls } = preparing(server);
    const early = server.store.read<Row>(generations.name)!;
    expect(calls).toEqual([]);
    await server.store.warm();
    expect(calls).toEqual([[1, undefined]]);
    expect(early.derive('prepared', () => false)).toBe(true);
    await server.store.warm();
    expect(calls).toHaveLength(1);
  });

  it('serves the new version when the preparation fails', async () => {
    const deps = depsOn(tempDbFile());
    deps.store.beforeServing(generations.name, () => Promise.reject(new Error('index unavailable')));
    expect(await deps.runner.run(generations, { origin: payload(10, 1) })).toMatchObject({ ok: true });
    expect(generationsOf(deps)).toEqual(new Set([1]));
  });
});
