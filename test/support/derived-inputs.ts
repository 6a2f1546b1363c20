import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { intelHistoryDataset } from '../../src/services/intelligence/analysis/datasets/intel-history.js';

/**
 * `datasets` with the inputs of every derived dataset among them (transitively) put first, so a test
 * app loading them from their samples can compute those models.
 */
export function withInputs(datasets: readonly AnyDataset[]): AnyDataset[] {
  const byName = new Map(ALL_DATASETS.map((d) => [d.name, d]));
  const out = new Map<string, AnyDataset>();
  const add = (d: AnyDataset) => {
    if (out.has(d.name)) return;
    for (const input of d.inputs ?? []) {
      const dep = byName.get(input);
      if (dep) add(dep);
    }
    out.set(d.name, d);
  };
  datasets.forEach(add);
  return [...out.values()];
}

/** The intel history and the event datasets it is appended from, inputs first. */
export const HISTORY_SAMPLES = withInputs([intelHistoryDataset]);
