import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import type { Dataset } from '../../../src/platform/snapshots/dataset.js';
import {
  REFERENCE_DIGEST_KEY,
  referenceDigest,
  reloadChangedReference,
} from '../../../src/platform/snapshots/reference.js';
import { REFERENCE_DIR } from '../../../src/platform/snapshots/samples.js';
import { tempDbFile } from '../../support/app.js';
import type { AppDeps } from '../../../src/trpc/context.js';

/**
 * A reference table in a temporary folder, named relative to db/reference/ (the runner joins the
 * two), so a test can change "the file in the repository" without touching the repository.
 */
function tableFile(rows: string[]): { file: string; dataset: Dataset<{ name: string }> } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-ref-')), 'table.json');
  fs.writeFileSync(file, JSON.stringify({ provenance: { publisher: 'test' }, rows }));
  const dataset: Dataset<{ name: string }> = {
    name: 'test.table',
    source: 'test reference table',
    kind: 'reference',
    maxStaleMinutes: 60,
    sources: { table: { reference: true, sample: path.relative(REFERENCE_DIR, file) } },
    parse: (payloads) => ({
      records: (JSON.parse(payloads.table!.toString('utf8')) as { rows: string[] }).rows.map((name) => ({ name })),
    }),
  };
  return { file, dataset };
}

let deps: AppDeps | undefined;
function setup() {
  const file = tempDbFile();
  deps = createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0 }), {
    clock: new ManualClock(),
    db: openDatabase(file),
  });
  return deps;
}
afterEach(() => {
  deps?.db.$client.close();
  deps = undefined;
});

describe('reference tables', () => {
  it('load from their file on a live refresh, and the snapshot keeps the digest of the file', async () => {
    const deps = setup();
    const { dataset } = tableFile(['a', 'b']);
    const r = await deps.runner.run(dataset, { origin: { kind: 'live' } });
    expect(r).toMatchObject({ ok: true, recordCount: 2 });
    expect(deps.store.read(dataset.name)!.info[REFERENCE_DIGEST_KEY]).toBe(referenceDigest(dataset));
  });

  it('a start reloads a table whose file changed since its snapshot, and leaves an unchanged one alone', async () => {
    const deps = setup();
    const { file, dataset } = tableFile(['a', 'b']);
    await deps.runner.run(dataset, { origin: { kind: 'samples' } });
    const loaded = deps.store.version(dataset.name);

    expect(await reloadChangedReference([dataset], deps.store, deps.runner)).toEqual([]);
    expect(deps.store.version(dataset.name)).toBe(loaded);

    // A commit changes the table.
    fs.writeFileSync(file, JSON.stringify({ rows: ['a', 'b', 'c'] }));
    const [reloaded] = await reloadChangedReference([dataset], deps.store, deps.runner);
    expect(reloaded).toMatchObject({ dataset: dataset.name, ok: true, recordCount: 3 });
    expect(deps.store.read<{ name: string }>(dataset.name)!.records.map((x) => x.name)).toEqual(['a', 'b', 'c']);
    expect(await reloadChangedReference([dataset], deps.store, deps.runner)).toEqual([]);
  });

  it('a start leaves a table with no snapshot to the first-run load, and live datasets alone', async () => {
    const deps = setup();
    const { dataset } = tableFile(['a']);
    const live = { ...dataset, name: 'test.live', kind: 'live' as const };
    expect(await reloadChangedReference([dataset, live], deps.store, deps.runner)).toEqual([]);
    expect(deps.store.version(dataset.name)).toBe(0);
  });

  it('a snapshot loaded from given bytes (no digest) is reloaded from the file at the next start', async () => {
    const deps = setup();
    const { dataset } = tableFile(['a', 'b']);
    await deps.runner.run(dataset, { origin: { kind: 'bytes', payloads: { table: Buffer.from('{"rows":["x"]}') } } });
    const [r] = await reloadChangedReference([dataset], deps.store, deps.runner);
    expect(r).toMatchObject({ ok: true, recordCount: 2 });
  });

  it('a live dataset reading a table beside its upstream fails when the upstream does: the table alone is no reading', async () => {
    const deps = setup();
    const { dataset } = tableFile(['a']);
    const live: Dataset<{ name: string }> = {
      ...dataset,
      name: 'test.live-with-table',
      kind: 'live',
      sources: {
        // Nothing listens on port 1: the request is refused at once.
        feed: { url: 'http://127.0.0.1:1/feed.json', sample: 'unused.json', optional: true },
        table: { ...dataset.sources.table!, optional: true },
      },
    };
    const r = await deps.runner.run(live, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^every source failed: feed: /);
  });
});
