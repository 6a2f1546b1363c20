import type { AnyDataset } from '../../src/platform/snapshots/dataset.js';
import { findDataset } from '../../src/root/datasets.js';

/**
 * A derived dataset with everything it is computed from, inputs of inputs included, inputs first:
 * what a test app must load (`startTestApp({ samples: withInputs(d) })`) for the model to run over
 * the bundled samples.
 */
export function withInputs(...datasets: AnyDataset[]): AnyDataset[] {
  const out = new Map<string, AnyDataset>();
  const visit = (d: AnyDataset) => {
    if (out.has(d.name)) return;
    for (const name of d.inputs ?? []) {
      const input = findDataset(name);
      if (!input) throw new Error(`${d.name} reads ${name}, which is not a dataset`);
      visit(input);
    }
    out.set(d.name, d);
  };
  datasets.forEach(visit);
  return [...out.values()];
}
