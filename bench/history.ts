/**
 * Snapshot history at its retained size: the ten largest datasets (by their bundled samples' rows)
 * refreshed every hour for 30 days through the real runner (hash, staged write, publish, prune at
 * the default retention), each refresh changing the content (the rows rotated by one, so every
 * version is new and as large as the sample). Reports the database's size and the time to answer
 * `as_of`: opening the store at an instant and reading the ten datasets there, with each retained
 * version decoded on first use (cold) and from the (dataset, version) cache (warm).
 * `BENCH_HISTORY_HOURS` shortens the 720 refreshes for a quick look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { ManualClock } from '../src/platform/clock.js';
import { ALL_DATASETS } from '../src/root/datasets.js';
import type { AnyDataset } from '../src/platform/snapshots/dataset.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const HOUR = 3600_000;
const HOURS = Number(process.env.BENCH_HISTORY_HOURS ?? 30 * 24);

export async function historyAsOf() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-bench-history-'));
  const file = path.join(dir, 'h.db');
  const clock = new ManualClock(NOW);
  const deps = createDeps(testConfig({ DATABASE_PATH: file, LOG_LEVEL: 'silent' }), { clock });
  try {
    const loaded: { dataset: AnyDataset; rows: unknown[] }[] = [];
    for (const d of ALL_DATASETS) {
      const r = await deps.runner.run(d, { origin: { kind: 'samples' } });
      // Only live datasets are refreshed on a cadence; the others serve their samples throughout.
      if (r.ok && d.kind === 'live') loaded.push({ dataset: d, rows: [...deps.store.read(d.name)!.records] });
    }
    const largest = loaded.sort((a, b) => b.rows.length - a.rows.length).slice(0, 10);
    // The same dataset (its name, so its history) fed its own rows, rotated: a new version each hour.
    const feeds = largest.map(({ dataset, rows }) => ({
      rows,
      dataset: {
        ...dataset,
        kind: 'live',
        // Fed bytes only (origin 'bytes'): never fetched, never read from a sample file.
        sources: { rows: { sample: 'bench-only' } },
        parse: (p: Partial<Record<string, Buffer>>) => ({ records: JSON.parse(p.rows!.toString()) as unknown[] }),
      } as AnyDataset,
    }));
    const started = performance.now();
    for (let h = 1; h <= HOURS; h++) {
      clock.set(NOW + h * HOUR);
      for (const f of feeds) {
        f.rows.push(f.rows.shift());
        const r = await deps.runner.run(f.dataset, {
          origin: { kind: 'bytes', payloads: { rows: Buffer.from(JSON.stringify(f.rows)) } },
          force: true,
        });
        if (!r.ok) throw new Error(`${f.dataset.name}: ${r.error}`);
      }
    }
    const ingestMs = performance.now() - started;
    const sqlite = deps.db.$client;
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.statSync(file).size;
    // Pages in use: the file keeps the pages pruned versions freed (reused by later writes, returned only by VACUUM).
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    const inUse =
      ((sqlite.pragma('page_count', { simple: true }) as number) -
        (sqlite.pragma('freelist_count', { simple: true }) as number)) *
      pageSize;
    const versions = (sqlite.prepare('SELECT COUNT(*) AS n FROM snapshot_versions').get() as { n: number }).n;
    const rows = (sqlite.prepare('SELECT COUNT(*) AS n FROM snapshot_records').get() as { n: number }).n;

    // as_of: instants spread over the retained history (the oldest retained hour to the newest).
    const earliest = (
      sqlite
        .prepare('SELECT MAX(m) AS e FROM (SELECT MIN(valid_from) AS m FROM snapshot_versions GROUP BY dataset)')
        .get() as {
        e: number;
      }
    ).e;
    const end = NOW + HOURS * HOUR;
    const instants = Array.from({ length: 20 }, (_, i) => earliest + Math.floor(((end - earliest) * i) / 20) + 1);
    const answer = async (at: number) => {
      const t = performance.now();
      const view = await deps.store.at(at);
      for (const f of feeds) view.store.read(f.dataset.name);
      return performance.now() - t;
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (const at of instants) {
      cold.push(await answer(at));
      // The same instant again: every version now comes from the (dataset, version) cache.
      warm.push(await answer(at));
    }
    const open: number[] = [];
    for (const at of instants) {
      const t = performance.now();
      await deps.store.at(at);
      open.push(performance.now() - t);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return {
      scenario: 'history-30d-hourly-10-largest',
      value: Math.round(bytes / 1024 / 1024),
      unit: 'MiB database (SQLite) after 30 days of hourly changes',
      inUseMiB: Math.round(inUse / 1024 / 1024),
      hours: HOURS,
      datasets: feeds.map((f) => `${f.dataset.name} (${f.rows.length} rows)`),
      retainedVersions: versions,
      storedRows: rows,
      ingestSecondsTotal: Math.round(ingestMs / 1000),
      asOfColdMsMedian: Math.round(median(cold) * 10) / 10,
      asOfColdMsMax: Math.round(Math.max(...cold) * 10) / 10,
      asOfWarmMsMedian: Math.round(median(warm) * 100) / 100,
      openViewMsMedian: Math.round(median(open) * 100) / 100,
      note: 'as_of = open the store at an instant + read all ten datasets there; cold decodes each retained version, warm hits the (dataset, version) cache; retention 30 days / 100 versions keeps the last 100 hours',
    };
  } finally {
    await deps.store.close();
    deps.db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
