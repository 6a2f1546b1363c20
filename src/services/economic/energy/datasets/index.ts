import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { crisisPoliciesDataset } from './crisis-policies.js';
import { eiaCapacityDataset } from './eia-capacity.js';
import { eiaWeeklyDataset } from './eia-weekly.js';
import { gieStorageDataset } from './gie-storage.js';
import { ieaOilStocksDataset } from './iea-oil-stocks.js';

export const ENERGY_DATASETS: readonly AnyDataset[] = [eiaWeeklyDataset, eiaCapacityDataset, gieStorageDataset, ieaOilStocksDataset, crisisPoliciesDataset];
