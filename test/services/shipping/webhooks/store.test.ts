import { beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_STORE,
  type NewDelivery,
  type ObservedStatus,
  type Registration,
  type WebhookStore,
} from '../../../../src/services/shipping/webhooks/store.js';
import { DISRUPTION_EVENT, type StatusMark } from '../../../../src/services/shipping/webhooks/rules.js';
import { newDeliveryId } from '../../../../src/platform/delivery/signing.js';
import { storeEngines } from '../../../support/engines/store-engines.js';

// One specification of the webhook tables for both engines, then what several nodes add: a status
// change observed by every node becomes one delivery, and each attempt is claimed by one node.

const NOW = Date.UTC(2026, 10, 20, 12);

const engines = storeEngines('webhooks', WEBHOOK_STORE);

let registrations = 0;
const registration = (accountId: string, over: Partial<Registration> = {}): Registration => ({
  id: `wh_${String(++registrations).padStart(24, '0')}`,
  accountId,
  callbackUrl: 'https://hooks.example/receive',
  chokepointIds: ['malacca_strait', 'suez_canal'],
  alertThreshold: 40,
  secret: 'ab'.repeat(32),
  active: true,
  createdAt: NOW + registrations,
  ...over,
});

/** One delivery per active registration for every chokepoint whose status differs from its mark. */
const changed =
  (current: readonly ObservedStatus[], now: number) =>
  (previous: Map<string, StatusMark>, active: Registration[]): NewDelivery[] =>
    current
      .filter((c) => previous.get(c.id)?.status !== c.status)
      .flatMap((c) =>
        active.map((r) => ({
          id: newDeliveryId(),
          subscriberId: r.id,
          accountId: r.accountId,
          event: DISRUPTION_EVENT,
          chokepointId: c.id,
          body: JSON.stringify({ c, r: r.id }),
          nextAttemptAt: now,
          createdAt: now,
        })),
      );

const observe = (store: WebhookStore, current: ObservedStatus[], now = NOW) =>
  store.recordObservation(current, now, changed(current, now));

describe.each(engines)('webhook store on $name', (engine) => {
  let store: WebhookStore;
  let node: () => Promise<WebhookStore>;
  beforeAll(async () => {
    node = await engine.storage();
    store = await node();
  });

  it('bounds the registrations per account and lists them oldest first', async () => {
    const a1 = registration('acct_a');
    const a2 = registration('acct_a', { chokepointIds: [] });
    expect(await store.insertBounded(a1, 2)).toBe(true);
    expect(await store.insertBounded(a2, 2)).toBe(true);
    expect(await store.insertBounded(registration('acct_a'), 2)).toBe(false);
    expect(await store.insertBounded(registration('acct_b'), 2)).toBe(true);
    expect(await store.listForAccount('acct_a')).toEqual([a1, a2]);
    expect(await store.registration(a1.id)).toEqual(a1);
    expect(await store.registration('wh_missing')).toBeUndefined();
    expect((await store.registrations()).map((r) => r.accountId)).toEqual(['acct_a', 'acct_a', 'acct_b']);
  });

  it('turns a registration off and on', async () => {
    const [, second] = await store.listForAccount('acct_a');
    expect(await store.setActive(second!.id, false)).toBe(true);
    expect((await store.registration(second!.id))!.active).toBe(false);
    expect(await store.setActive('wh_missing', false)).toBe(false);
  });

  it('compares an observation with the stored marks, then records it; active registrations only', async () => {
    const seen: { previous: Map<string, StatusMark>; active: string[] }[] = [];
    const current = [{ id: 'malacca_strait', status: 'green', score: 10 }];
    const first = await store.recordObservation(current, NOW, (previous, active) => {
      seen.push({ previous, active: active.map((r) => r.accountId) });
      return changed(current, NOW)(previous, active);
    });
    expect(seen[0]!.previous.size).toBe(0);
    expect(seen[0]!.active).toEqual(['acct_a', 'acct_b']);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      finishedAt: null,
      chokepointId: 'malacca_strait',
      nextAttemptAt: NOW,
    });
    expect(await store.delivery(first[0]!.id)).toEqual(first[0]);
    // The same status again: the marks now hold it, nothing to deliver.
    await store.recordObservation([{ id: 'malacca_strait', status: 'green', score: 12 }], NOW + 1, (previous) => {
      expect(previous.get('malacca_strait')).toEqual({ status: 'green', score: 10 });
      return [];
    });
    expect((await observe(store, [{ id: 'malacca_strait', status: 'green', score: 12 }], NOW + 2)).length).toBe(0);
    const red = await observe(store, [{ id: 'malacca_strait', status: 'red', score: 80 }], NOW + 3);
    expect(red).toHaveLength(2);
    const pending = await store.pendingDeliveries();
    expect(pending.map((d) => d.nextAttemptAt)).toEqual([NOW, NOW, NOW + 3, NOW + 3]);
  });

  it('lets one claim take an attempt, then records the attempt and the new state', async () => {
    const [d] = await store.pendingDeliveries();
    expect(await store.claim(d!.id, d!.nextAttemptAt, NOW + 60_000)).toBe(true);
    expect(await store.claim(d!.id, d!.nextAttemptAt, NOW + 60_000)).toBe(false);
    expect((await store.delivery(d!.id))!.nextAttemptAt).toBe(NOW + 60_000);
    await store.finishAttempt(
      {
        deliveryId: d!.id,
        attempt: 1,
        attemptedAt: NOW + 1,
        status: 503,
        error: 'receiver answered HTTP 503',
        durationMs: 12,
      },
      { state: 'pending', nextAttemptAt: NOW + 30_000, finishedAt: null },
    );
    expect(await store.claim(d!.id, NOW + 30_000, NOW + 90_000)).toBe(true);
    await store.finishAttempt(
      { deliveryId: d!.id, attempt: 2, attemptedAt: NOW + 30_001, status: 200, error: null, durationMs: 8 },
      { state: 'delivered', nextAttemptAt: NOW + 30_010, finishedAt: NOW + 30_010 },
    );
    const done = await store.delivery(d!.id);
    expect(done).toMatchObject({ state: 'delivered', attempts: 2, finishedAt: NOW + 30_010 });
    expect(await store.claim(d!.id, done!.nextAttemptAt, NOW + 99_000)).toBe(false);
    expect((await store.pendingDeliveries()).some((p) => p.id === d!.id)).toBe(false);

    const [logged] = (await store.deliveries({ subscriberId: d!.subscriberId })).filter((x) => x.id === d!.id);
    expect(logged!.log).toEqual([
      {
        deliveryId: d!.id,
        attempt: 1,
        attemptedAt: NOW + 1,
        status: 503,
        error: 'receiver answered HTTP 503',
        durationMs: 12,
      },
      { deliveryId: d!.id, attempt: 2, attemptedAt: NOW + 30_001, status: 200, error: null, durationMs: 8 },
    ]);
  });

  it('shows the delivery log newest first, per registration and bounded', async () => {
    const all = await store.deliveries();
    expect(all).toHaveLength(4);
    expect(all.map((d) => d.createdAt)).toEqual([NOW + 3, NOW + 3, NOW, NOW]);
    // Deliveries made in one observation come newest-made first.
    const red = all.filter((d) => d.createdAt === NOW + 3);
    expect(red.map((d) => d.accountId)).toEqual(['acct_b', 'acct_a']);
    expect(await store.deliveries({ limit: 1 })).toEqual([all[0]]);
    const forA = await store.deliveries({ subscriberId: all[1]!.subscriberId });
    expect(forA.every((d) => d.subscriberId === all[1]!.subscriberId)).toBe(true);
    expect(forA).toHaveLength(2);
    expect(await store.deliveries({ subscriberId: 'wh_missing' })).toEqual([]);
  });

  it('makes one set of deliveries and one claim per attempt when two nodes act at once', async () => {
    const other = await node();
    const change = [{ id: 'suez_canal', status: 'amber', score: 55 }];
    const made = await Promise.all([
      observe(store, change, NOW + 10),
      observe(other, change, NOW + 10),
      observe(store, change, NOW + 10),
    ]);
    expect(made.map((m) => m.length).sort()).toEqual([0, 0, 2]);
    const [fresh] = made.find((m) => m.length > 0)!;
    const claims = await Promise.all(
      [store, other, store, other].map((s) => s.claim(fresh!.id, fresh!.nextAttemptAt, NOW + 70_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
