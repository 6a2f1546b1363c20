import { describe, expect, it } from 'vitest';
import { LOCK_SPACE } from '../../../db/pg/client.js';
import { asc, inArray } from 'drizzle-orm';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../../../src/platform/stores/engine.js';
import { defineStore } from '../../../src/platform/stores/registry.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// What a store class relies on from its engine, on both: a transactional step commits all of its
// statements or none, hands each statement's result back, and the dialect helpers mean the same.

const ENGINE = defineStore<StoreEngine>({
  name: 'engine',
  sqlite: ({ db }) => sqliteEngine(db),
  postgres: ({ db }) => postgresEngine(db),
});
const engines = storeEngines('engine', ENGINE, 2);

describe.each(engines)('store engine on $name', (engine) => {
  it('a step that throws leaves none of its statements behind; one that returns keeps them all', async () => {
    const e = await (await engine.storage())();
    const { platformSecrets: t } = e.tables;
    await expect(
      e.transact(function* (tx) {
        yield* step(tx.db.insert(t).values({ name: 'a', value: '1', createdAt: 1 }));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await e.db.select().from(t)).toEqual([]);
    const seen = await e.transact(function* (tx) {
      yield* tx.lockWriters(LOCK_SPACE.llmCacheWriters);
      yield* step(
        tx.db.insert(t).values([
          { name: 'a', value: '1', createdAt: 1 },
          { name: 'b', value: '2', createdAt: 2 },
        ]),
      );
      const inserted = yield* step(
        tx.db.insert(t).values({ name: 'c', value: '3', createdAt: 3 }).returning({ name: t.name }),
      );
      const rows = yield* step(tx.forUpdate(tx.db.select({ name: t.name }).from(t).orderBy(asc(t.name))));
      return { inserted, rows };
    });
    expect(seen).toEqual({ inserted: [{ name: 'c' }], rows: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    expect(await e.db.select({ name: t.name }).from(t).orderBy(asc(t.name))).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
  });

  it('skip: the rows of an ordered select after its first n', async () => {
    const e = await (await engine.storage())();
    const { platformSecrets: t } = e.tables;
    await e.db.insert(t).values(['a', 'b', 'c', 'd'].map((name, i) => ({ name, value: name, createdAt: i })));
    const newest = e.db.select({ name: t.name }).from(t).orderBy(asc(t.createdAt));
    await e.db.delete(t).where(inArray(t.name, e.skip(newest, 3)));
    expect(await e.db.select({ name: t.name }).from(t).orderBy(asc(t.name))).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
  });

  it('insertion order breaks ties of a timestamp, later rows last', async () => {
    const e = await (await engine.storage())();
    const { simulationRuns: t } = e.tables;
    for (const runId of ['z', 'a', 'm'])
      await e.db.insert(t).values({ accountId: 'acct', runId, jobId: `job-${runId}`, createdAt: 5 });
    const rows = await e.db
      .select({ runId: t.runId })
      .from(t)
      .orderBy(asc(t.createdAt), asc(e.insertionOrder(t)));
    expect(rows.map((r) => r.runId)).toEqual(['z', 'a', 'm']);
  });
});
