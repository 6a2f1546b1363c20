import { beforeAll, describe, expect, it } from 'vitest';
import { WatchRules, type WatchRule, type WatchRuleStore } from '../../../src/services/watch/store.js';
import { WATCH_EVENT } from '../../../src/services/watch/rules.js';
import { DeliveryLog, pendingDelivery } from '../../../src/platform/delivery/log.js';
import { postgresEngine, sqliteEngine } from '../../../src/platform/stores/engine.js';
import { newDeliveryId } from '../../../src/platform/delivery/signing.js';
import type { Db } from '../../../db/client.js';
import type { PgDb } from '../../../db/pg/client.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// One specification of the watch rule table for both engines: the per-account cap, and an
// evaluation recorded once however many nodes saw the same answer, with its delivery in the one log.

const NOW = Date.UTC(2026, 10, 20, 12);
// The rules and the delivery log they write into, on one database.
const engines = storeEngines('watch', {
  sqlite: (db: Db) => ({ rules: new WatchRules(sqliteEngine(db)), log: new DeliveryLog(sqliteEngine(db)) }),
  postgres: (db: PgDb) => ({ rules: new WatchRules(postgresEngine(db)), log: new DeliveryLog(postgresEngine(db)) }),
});

let n = 0;
const rule = (accountId: string, over: Partial<WatchRule> = {}): WatchRule => ({
  id: `wr_${String(++n).padStart(24, '0')}`,
  accountId,
  keyId: 'key_1',
  operation: '/api/seismology/v1/list-earthquakes',
  params: { page_size: 5, region: ['a', 'b'] },
  condition: 'earthquakes[0]',
  callbackUrl: 'https://hooks.example.com/in',
  secret: 'cd'.repeat(32),
  cooldownSeconds: 60,
  createdAt: NOW + n,
  lastEtag: '"v1"',
  lastTruthy: false,
  lastFiredAt: null,
  ...over,
});

describe.each(engines)('watch rule store on $name', (engine) => {
  let store: WatchRuleStore;
  let log: DeliveryLog;
  let node: () => Promise<{ rules: WatchRuleStore; log: DeliveryLog }>;
  beforeAll(async () => {
    node = await engine.storage();
    ({ rules: store, log } = await node());
  });

  it('bounds the rules per account, lists them oldest first, removes one', async () => {
    const a1 = rule('acct_a');
    const a2 = rule('acct_a', { callbackUrl: null, condition: '' });
    expect(await store.insertBounded(a1, 2)).toBe(true);
    expect(await store.insertBounded(a2, 2)).toBe(true);
    expect(await store.insertBounded(rule('acct_a'), 2)).toBe(false);
    expect(await store.insertBounded(rule('acct_b'), 2)).toBe(true);
    expect(await store.listForAccount('acct_a')).toEqual([a1, a2]);
    expect(await store.rule(a1.id)).toEqual(a1);
    expect((await store.all()).map((r) => r.accountId)).toEqual(['acct_a', 'acct_a', 'acct_b']);
    expect(await store.remove(a2.id)).toBe(true);
    expect(await store.remove(a2.id)).toBe(false);
    expect(await store.rule(a2.id)).toBeUndefined();
  });

  it('records an evaluation once: the second node, holding the old ETag, records nothing', async () => {
    const r = rule('acct_c');
    expect(await store.insertBounded(r, 10)).toBe(true);
    const other = (await node()).rules;
    const next = { lastEtag: '"v2"', lastTruthy: true, lastFiredAt: NOW + 1000 };
    const delivery = pendingDelivery({
      id: newDeliveryId(),
      subscriberId: r.id,
      accountId: r.accountId,
      event: WATCH_EVENT,
      chokepointId: '',
      body: '{}',
      nextAttemptAt: NOW,
      createdAt: NOW,
    });
    const results = await Promise.all([
      store.recordEvaluation(r.id, '"v1"', next, delivery),
      other.recordEvaluation(r.id, '"v1"', next, { ...delivery, id: newDeliveryId() }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.rule(r.id)).toMatchObject(next);
    // Exactly one delivery reached the shared log.
    expect((await log.deliveries({ subscriberId: r.id })).map((d) => d.state)).toEqual(['pending']);
    // A rule's first evaluation (no ETag yet) is matched too.
    const fresh = rule('acct_c', { lastEtag: null });
    await store.insertBounded(fresh, 10);
    expect(await store.recordEvaluation(fresh.id, null, next)).toBe(true);
    expect(await store.recordEvaluation(fresh.id, null, next)).toBe(false);
  });
});
