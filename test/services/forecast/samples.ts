import { ALL_DATASETS } from '../../../src/root/datasets.js';
import { FORECAST_DATASETS } from '../../../src/services/forecast/datasets/index.js';
import { FORECAST_INPUTS } from '../../../src/services/forecast/datasets/predictions.js';

/** The forecast job's inputs and the three forecast datasets: the test app derives them from the input samples. */
export const FORECAST_SAMPLES = [
  ...ALL_DATASETS.filter((d) => (FORECAST_INPUTS as readonly string[]).includes(d.name)),
  ...FORECAST_DATASETS,
];
