import { FORECAST_DATASETS } from '../../../src/services/forecast/datasets/index.js';
import { withInputs } from '../../support/derived.js';

/**
 * The three forecast datasets with everything they are computed from, inputs of inputs included (the
 * instability index and its own inputs): the test app derives them from the input samples.
 */
export const FORECAST_SAMPLES = withInputs(FORECAST_DATASETS);
