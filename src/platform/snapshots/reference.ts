import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isReferenceSource, type AnyDataset } from './dataset.js';
import type { IngestionRunner, IngestResult } from './runner.js';
import { bundledFile } from './samples.js';
import type { SnapshotStore } from './store.js';

/** The key of a snapshot's info under which the runner keeps the digest of the reference files it read. */
export const REFERENCE_DIGEST_KEY = 'referenceDigest';

/** One digest over a dataset's reference files, keyed by source, so renaming a source changes it too. */
export function digestReferencePayloads(files: readonly (readonly [key: string, bytes: Buffer])[]): string {
  const hash = createHash('sha256');
  for (const [key, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${key}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** The digest of a dataset's reference files as they are on disk now; undefined when it reads none. */
export function referenceDigest(dataset: AnyDataset): string | undefined {
  const files = Object.entries(dataset.sources)
    .filter(([, s]) => isReferenceSource(s))
    .map(([key, s]) => [key, fs.readFileSync(bundledFile(s))] as const);
  return files.length ? digestReferencePayloads(files) : undefined;
}

/**
 * At start: reloads every `reference` dataset whose snapshot was built from other file contents than
 * the repository holds now (a commit changed the table), so the change takes effect without an
 * `mds ingest`. Datasets without a snapshot are left to the first-run load.
 */
export async function reloadChangedReference(
  datasets: readonly AnyDataset[],
  store: SnapshotStore,
  runner: IngestionRunner,
): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  for (const dataset of datasets) {
    if (dataset.kind !== 'reference') continue;
    if ((store.meta(dataset.name)?.version ?? 0) === 0) continue;
    await store.refresh(dataset.name);
    const held = store.read(dataset.name)?.info?.[REFERENCE_DIGEST_KEY];
    if (held === referenceDigest(dataset)) continue;
    results.push(await runner.run(dataset, { origin: { kind: 'live' } }));
  }
  return results;
}
