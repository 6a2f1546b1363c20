import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_RECORDS, type IdempotencyRecords } from '../../../src/platform/batch/idempotency-records.js';
import { storeEngines } from '../../support/engines/store-engines.js';
import {
  IN_FLIGHT_LOCK_MS,
  MAX_STORED_ANSWER_BYTES,
  MAX_STORED_BYTES_PER_OWNER,
  REPLAY_WINDOW_MS,
} from '../../../src/platform/batch/idempotency.js';

// One specification for both engines; `other` is a second node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);
const answer = (bytes: number) => ({
  results: [{ id: '0', status: 200, body: { text: 'x'.repeat(bytes) } }],
  succeeded: 1,
  failed: 0,
});

const engines = storeEngines('idem', IDEMPOTENCY_RECORDS, 4);

interface Opened {
  records: IdempotencyRecords;
  other: IdempotencyRecords;
}

/** A fresh store and a second node on it. */
async function openNodes(engine: (typeof engines)[number]): Promise<Opened> {
  const open = await engine.storage();
  return { records: await open(), other: await open() };
}

describe.each(engines)('idempotency records on $name', (engine) => {
  let records: IdempotencyRecords;
  let other: IdempotencyRecords;
  beforeAll(async () => {
    ({ records, other } = await openNodes(engine));
  });

  it('runs a new key, refuses it on any node while in flight, then replays the stored answer everywhere', async () => {
    expect(await records.claim('k1', 'a', 'h1', NOW)).toEqual({ kind: 'fresh' });
    await expect(other.claim('k1', 'a', 'h1', NOW + 1)).rejects.toMatchObject({ status: 409 });
    expect(await records.complete('k1', 'a', 200, { ok: 1 }, NOW + 2)).toBe(true);
    expect(await other.claim('k1', 'a', 'h1', NOW + 3)).toEqual({ kind: 'replay', status: 200, body: { ok: 1 } });
    // Another caller's key of the same name is its own.
    expect(await other.claim('k2', 'a', 'h9', NOW + 3)).toEqual({ kind: 'fresh' });
  });

  it('refuses a key reused with another body (422), in flight or done', async () => {
    await records.claim('k1', 'b', 'h1', NOW);
    await expect(other.claim('k1', 'b', 'h2', NOW + 1)).rejects.toMatchObject({ status: 422 });
    await records.complete('k1', 'b', 200, {}, NOW + 1);
    await expect(other.claim('k1', 'b', 'h2', NOW + 2)).rejects.toMatchObject({ status: 422 });
  });

  it('lets exactly one of many simultaneous claims of one key run', async () => {
    const claims = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? other : records).claim('k1', 'race', 'h', NOW)),
    );
    expect(claims.filter((c) => c.status === 'fulfilled')).toEqual([{ status: 'fulfilled', value: { kind: 'fresh' } }]);
    for (const c of claims.filter((c) => c.status === 'rejected'))
      expect((c as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
  });

  it('releases the key of a failed call, and of an abandoned one after the lock time, so a retry runs', async () => {
    await records.claim('k1', 'c', 'h', NOW);
    await records.abandon('k1', 'c');
    expect(await other.claim('k1', 'c', 'h', NOW + 1)).toEqual({ kind: 'fresh' });
    // Never completed: after the in-flight lock runs out, the key is free again.
    expect(await records.claim('k1', 'c', 'h', NOW + 2 + IN_FLIGHT_LOCK_MS)).toEqual({ kind: 'fresh' });
  });

  it('forgets an answer after the replay window', async () => {
    await records.claim('k1', 'd', 'h', NOW);
    await records.complete('k1', 'd', 201, { n: 1 }, NOW);
    expect(await other.claim('k1', 'd', 'h', NOW + REPLAY_WINDOW_MS)).toMatchObject({ kind: 'replay', status: 201 });
    expect(await other.claim('k1', 'd', 'h', NOW + REPLAY_WINDOW_MS + 1)).toEqual({ kind: 'fresh' });
  });

  it('does not keep an answer over the per-answer cap, nor past the per-caller total', async () => {
    await records.claim('big', 'e', 'h', NOW);
    expect(await records.complete('big', 'e', 200, answer(MAX_STORED_ANSWER_BYTES + 10), NOW)).toBe(false);
    expect(await other.claim('big', 'e', 'h', NOW + 1)).toEqual({ kind: 'fresh' });
    let kept = 0;
    for (let i = 0; i < 20; i++) {
      await records.claim('many', `key-${i}`, 'h', NOW);
      if (await records.complete('many', `key-${i}`, 200, answer(MAX_STORED_ANSWER_BYTES - 200), NOW)) kept++;
    }
    expect(kept).toBe(Math.floor(MAX_STORED_BYTES_PER_OWNER / (MAX_STORED_ANSWER_BYTES - 100)));
  });
});
