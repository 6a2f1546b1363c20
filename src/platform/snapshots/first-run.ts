import type { AnyDataset } from './dataset.js';
import type { IngestionRunner, IngestResult } from './runner.js';
import type { SnapshotStore } from './store.js';

/**
 * On a database with no snapshot for a dataset, loads its bundled sample through the real parser,
 * so a newcomer's first request already has data. Datasets that have ever succeeded are left alone.
 * Derived datasets are left to `deriveAll`, which runs after every load at start.
 */
export async function loadSamplesWhereEmpty(
  datasets: readonly AnyDataset[],
  store: SnapshotStore,
  runner: IngestionRunner,
): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  for (const dataset of datasets) {
    if (dataset.derive) continue;
    if ((store.meta(dataset.name)?.version ?? 0) > 0) continue;
    // Checked again under the dataset lock: another node starting at the same time may have loaded it.
    results.push(await runner.run(dataset, { origin: { kind: 'samples' }, onlyIfEmpty: true }));
  }
  return results;
}
