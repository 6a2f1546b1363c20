import { ALL_DATASETS } from '../../src/root/datasets.js';
import { intelHistoryDataset } from '../../src/services/intelligence/analysis/datasets/intel-history.js';

/** The intel history and the event datasets it is appended from, to load from their samples (inputs first). */
export const HISTORY_SAMPLES = [
  ...ALL_DATASETS.filter((d) => intelHistoryDataset.inputs!.includes(d.name)),
  intelHistoryDataset,
];
