import { beforeEach, describe, expect, it } from 'vitest';
import { NEWS_SUMMARIES, SUMMARY_TTL_MS, type SummaryStore } from '../../../src/services/news/summary-store.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// One specification of the summary cache and its daily quota for both engines; `other` is a second
// node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);
const KEY = 'summary:v9:brief:full:en:abc123';

const engines = storeEngines('summaries', NEWS_SUMMARIES, 4);

interface Opened {
  summaries: SummaryStore;
  other: SummaryStore;
}

/** A fresh store and a second node on it. */
async function openNodes(engine: (typeof engines)[number]): Promise<Opened> {
  const open = await engine.storage();
  return { summaries: await open(), other: await open() };
}

describe.each(engines)('summary store on $name', (engine) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await openNodes(engine);
  });

  it('finds a stored summary through any node for a day, then no more', async () => {
    const { summaries, other } = opened;
    expect(await summaries.lookup(KEY, NOW)).toBeUndefined();
    await summaries.store(KEY, 'Ports reopen after the storm.', 'model-a', NOW);
    expect(await other.lookup(KEY, NOW + 1)).toEqual({ summary: 'Ports reopen after the storm.', model: 'model-a' });
    expect(await other.lookup(KEY, NOW + SUMMARY_TTL_MS)).toEqual({
      summary: 'Ports reopen after the storm.',
      model: 'model-a',
    });
    expect(await other.lookup(KEY, NOW + SUMMARY_TTL_MS + 1)).toBeUndefined();
    expect(await other.lookup(`${KEY}-other`, NOW)).toBeUndefined();
  });

  it('replaces the summary of a key, and sweeps expired ones when storing', async () => {
    const { summaries, other } = opened;
    await summaries.store(KEY, 'extractive text', 'rules:summarize-article', NOW);
    await other.store(KEY, 'model text', 'model-b', NOW + 10);
    expect(await summaries.lookup(KEY, NOW + 10)).toEqual({ summary: 'model text', model: 'model-b' });
    // A later store deletes what expired, so a lookup at an earlier instant no longer finds it either.
    await summaries.store(`${KEY}-later`, 'later', 'model-b', NOW + 10 + SUMMARY_TTL_MS + 1);
    expect(await summaries.lookup(KEY, NOW + 10)).toBeUndefined();
    expect(await summaries.lookup(`${KEY}-later`, NOW + 10 + SUMMARY_TTL_MS + 1)).toEqual({
      summary: 'later',
      model: 'model-b',
    });
  });

  it('counts model summaries per account and day, every concurrent charge on any node included', async () => {
    const { summaries, other } = opened;
    expect(await summaries.usedToday('acct_a', '2026-11-20')).toBe(0);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? summaries : other).charge('acct_a', '2026-11-20')));
    await summaries.charge('acct_b', '2026-11-20');
    await summaries.charge('acct_a', '2026-11-21');
    expect(await other.usedToday('acct_a', '2026-11-20')).toBe(10);
    expect(await summaries.usedToday('acct_b', '2026-11-20')).toBe(1);
    expect(await summaries.usedToday('acct_a', '2026-11-21')).toBe(1);
    expect(await summaries.usedToday('acct_b', '2026-11-21')).toBe(0);
  });
});
