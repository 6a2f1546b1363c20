import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { CHINA_DATASETS } from '../china/datasets/index.js';
import { ENERGY_DATASETS } from '../energy/datasets/index.js';
import { FISCAL_DATASETS } from '../fiscal/datasets/index.js';
import { MACRO_DATASETS } from '../macro/datasets/index.js';
import { PRICES_DATASETS } from '../prices/datasets/index.js';
import { RATES_DATASETS } from '../rates/datasets/index.js';

/** Every economic dataset, topic by topic. */
export const ECONOMIC_DATASETS: readonly AnyDataset[] = [
  ...RATES_DATASETS,
  ...MACRO_DATASETS,
  ...CHINA_DATASETS,
  ...ENERGY_DATASETS,
  ...PRICES_DATASETS,
  ...FISCAL_DATASETS,
];
