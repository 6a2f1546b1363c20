import type { AnyDataset, Dataset } from '../../src/platform/snapshots/dataset.js';
import { findDataset } from '../../src/root/datasets.js';
import { intelHistoryDataset } from '../../src/services/intelligence/analysis/datasets/intel-history.js';
import { ciiScoresDataset, type CiiScoresInfo } from '../../src/services/intelligence/country/datasets/cii-scores.js';
import type { CiiScore } from '../../src/services/intelligence/country/schemas.js';

/**
 * A derived dataset with everything it is computed from, inputs of inputs included, inputs first:
 * what a test app must load (`startTestApp({ samples: withInputs(d) })`) for the model to run over
 * the bundled samples.
 */
export function withInputs(...datasets: (AnyDataset | readonly AnyDataset[])[]): AnyDataset[] {
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
  datasets.flat().forEach(visit);
  return [...out.values()];
}

/** The intel history and the event datasets it is appended from, inputs first. */
export const HISTORY_SAMPLES = withInputs(intelHistoryDataset);

/**
 * The instability index as computed from its inputs, with the scores of `regions` pushed to the top
 * of their ranges: run it (forced) to give the regional rules an escalation to record.
 */
export function escalatedIndex(regions: readonly string[]): Dataset<CiiScore, CiiScoresInfo> {
  return {
    ...ciiScoresDataset,
    derive(inputs, at, previous) {
      const computed = ciiScoresDataset.derive!(inputs, at, previous);
      return {
        ...computed,
        records: computed.records.map((s) =>
          regions.includes(s.region)
            ? { ...s, combinedScore: 95, components: { ...s.components, militaryActivity: 99, geoConvergence: 99 } }
            : s,
        ),
      };
    },
  };
}

/** The Middle East members of the index. */
export const MIDDLE_EAST = ['IL', 'IR', 'YE', 'SY', 'LB', 'IQ'];
