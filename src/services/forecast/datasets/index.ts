import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { forecastsDataset } from './predictions.js';
import { resolutionsDataset } from './resolutions.js';
import { simulationPackageDataset } from './simulation-package.js';

export const FORECAST_DATASETS: readonly AnyDataset[] = [
  forecastsDataset,
  resolutionsDataset,
  simulationPackageDataset,
];
