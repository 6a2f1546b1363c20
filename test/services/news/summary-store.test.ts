import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { openPgDatabase } from '../../../db/pg/client.js';
import { SqliteSummaryStore, SUMMARY_TTL_MS, type SummaryStore } from '../../../src/services/news/summary-store.js';
import { PgSummaryStore } from '../../../src/services/news/summary-store-pg.js';
import { tempDbFile } from '../../support/app.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

// One specification of the summary cache and its daily quota for both engines; `other` is a second
// node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);
const KEY = 'summary:v9:brief:full:en:abc123';

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

interface Opened {
  summaries: SummaryStore;
  other: SummaryStore;
  close(): Promise<void>;
}
const engines: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const file = tempDbFile();
      const [a, b] = [openDatabase(file), openDatabase(file)];
      return {
        summaries: new SqliteSummaryStore(a.$client),
        other: new SqliteSummaryStore(b.$client),
        close: async () => {
          a.$client.close();
          b.$client.close();
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const url = await server.createDatabase(`summaries_${++databases}`);
      const [a, b] = [await openPgDatabase(url, { max: 4 }), await openPgDatabase(url, { max: 4 })];
      return {
        summaries: new PgSummaryStore(a),
        other: new PgSummaryStore(b),
        close: async () => {
          await a.$client.end();
          await b.$client.end();
        },
      };
    },
  },
];

describe.each(engines)('summary store on $name', (engine) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await engine.open();
    return () => opened.close();
  });

  it('finds a stored summary through any node for a day, then no more', async () => {
    const { summaries, other } = opened;
    expect(await summaries.lookup(KEY, NOW)).toBeUndefined();
    await summaries.store(KEY, 'Ports reopen after the storm.', 'model-a', NOW);
    expect(await other.lookup(KEY, NOW + 1)).toEqual({ summary: 'Ports reopen after the storm.', model: 'model-a' });
    expect(await other.lookup(KEY, NOW + SUMMARY_TTL_MS)).toEqual({ summary: 'Ports reopen after the storm.', model: 'model-a' });
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
    expect(await summaries.lookup(`${KEY}-later`, NOW + 10 + SUMMARY_TTL_MS + 1)).toEqual({ summary: 'later', model: 'model-b' });
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
