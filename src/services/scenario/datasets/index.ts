import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { tradeExposureDataset } from './exposure.js';
import { scenarioTemplatesDataset } from './templates.js';

export const SCENARIO_DATASETS: readonly AnyDataset[] = [scenarioTemplatesDataset, tradeExposureDataset];
