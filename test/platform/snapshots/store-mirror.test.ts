import { describe, expect, it } from 'vitest';
import type { SnapshotBackend, SnapshotMeta } from '../../../src/platform/snapshots/backend.js';
import { SnapshotStore } from '../../../src/platform/snapshots/store.js';
import { ManualClock } from '../../../src/platform/clock.js';

const meta = (over: Partial<SnapshotMeta>): SnapshotMeta => ({
  dataset: 'x.y',
  // No published rows: the mirror alone is at stake (nothing to decode).
  version: 0,
  fetchedAt: 1,
  capturedAt: 0,
  origin: '',
  recordCount: 0,
  source: 'src',
  info: {},
  lastAttemptAt: 1,
  lastSuccessAt: 1,
  lastError: null,
  ...over,
});

/**
 * With a shared store (PostgreSQL) the snapshot store mirrors every dataset's metadata: a background
 * poll reads all of it, and this process re-reads one dataset after its own write (a failure it
 * recorded). Whichever read started later wins, whatever order the answers arrive in.
 */
describe('the metadata mirror of a shared store', () => {
  it('a poll that started before a reload never replaces what the reload read', async () => {
    const before = meta({});
    const after = meta({ lastAttemptAt: 2, lastError: 'upstream is down' });
    let answerPoll: (rows: SnapshotMeta[]) => void = () => undefined;
    const backend = {
      sync: undefined,
      allMeta: () => new Promise<SnapshotMeta[]>((resolve) => (answerPoll = resolve)),
      meta: async () => after,
    } as unknown as SnapshotBackend;
    const store = new SnapshotStore(backend, new ManualClock(0), 0);
    // The poll asks first; the failure is written; the reload reads it; only then does the poll's answer arrive.
    const poll = (store as unknown as { pollBackend(wait: boolean): Promise<void> }).pollBackend(false);
    await store.reloadMeta('x.y');
    answerPoll([before]);
    await poll;
    expect(store.meta('x.y')).toEqual(after);
  });

  it('a poll that started after a reload does replace it', async () => {
    const first = meta({ lastError: 'upstream is down' });
    const later = meta({ lastAttemptAt: 3, lastSuccessAt: 3 });
    const backend = {
      sync: undefined,
      allMeta: async () => [later],
      meta: async () => first,
    } as unknown as SnapshotBackend;
    const store = new SnapshotStore(backend, new ManualClock(0), 0);
    await store.reloadMeta('x.y');
    await (store as unknown as { pollBackend(wait: boolean): Promise<void> }).pollBackend(false);
    expect(store.meta('x.y')).toEqual(later);
  });
});
