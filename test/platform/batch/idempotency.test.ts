import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import {
  MAX_STORED_ANSWER_BYTES,
  MAX_STORED_BYTES_PER_OWNER,
  requestHash,
} from '../../../src/platform/batch/idempotency.js';
import { IdempotencyKeyRecords } from '../../../src/platform/batch/idempotency-records.js';
import { sqliteEngine } from '../../../src/platform/stores/engine.js';

const NOW = Date.UTC(2026, 10, 20, 12);

function setup() {
  const db = openDatabase(':memory:');
  const stored = (owner: string) =>
    (
      db.$client
        .prepare('SELECT coalesce(sum(length(response_body)), 0) AS n FROM idempotency_keys WHERE owner = ?')
        .get(owner) as { n: number }
    ).n;
  return { store: new IdempotencyKeyRecords(sqliteEngine(db)), stored };
}

const answer = (bytes: number) => ({
  results: [{ id: '0', status: 200, body: { text: 'x'.repeat(bytes) }, error: '' }],
  succeeded: 1,
  failed: 0,
});

describe('idempotency storage is bounded', () => {
  it('keeps a digest of the request, never the request', async () => {
    const { store } = setup();
    const hash = requestHash({ operations: [{ path: '/api/x/v1/y' }] });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.claim('k1', 'a', hash, NOW)).toEqual({ kind: 'fresh' });
  });

  it('replays an answer up to the cap', async () => {
    const { store } = setup();
    await store.claim('k1', 'small', 'h', NOW);
    await store.complete('k1', 'small', 200, answer(1000), NOW);
    expect(await store.claim('k1', 'small', 'h', NOW + 1)).toMatchObject({ kind: 'replay', status: 200 });
  });

  it('does not store an answer over the cap: the key is released and a retry runs again', async () => {
    const { store, stored } = setup();
    await store.claim('k1', 'big', 'h', NOW);
    await store.complete('k1', 'big', 200, answer(4_700_000), NOW);
    expect(stored('k1')).toBeLessThanOrEqual(MAX_STORED_ANSWER_BYTES);
    expect(await store.claim('k1', 'big', 'h', NOW + 1)).toEqual({ kind: 'fresh' });
  });

  it('stores at most a bounded total per caller', async () => {
    const { store, stored } = setup();
    for (let i = 0; i < 100; i++) {
      await store.claim('k1', `key-${i}`, 'h', NOW);
      await store.complete('k1', `key-${i}`, 200, answer(MAX_STORED_ANSWER_BYTES - 200), NOW);
    }
    expect(stored('k1')).toBeLessThanOrEqual(MAX_STORED_BYTES_PER_OWNER);
    expect(stored('k1')).toBeGreaterThan(0);
  });
});
