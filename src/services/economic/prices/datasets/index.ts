import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { bigMacDataset } from './bigmac.js';
import { groceryObservationsDataset } from './grocery.js';
import { fuelPricesDataset } from './fuel-prices.js';
import { faoFfpiDataset } from './fao-ffpi.js';

export const PRICES_DATASETS: readonly AnyDataset[] = [
  faoFfpiDataset,
  bigMacDataset,
  groceryObservationsDataset,
  fuelPricesDataset,
];
