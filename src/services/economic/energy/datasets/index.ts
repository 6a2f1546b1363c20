import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { crisisPoliciesDataset } from './crisis-policies.js';
import { eiaCapacityDataset } from './eia-capacity.js';
import { eiaWeeklyDataset } from './eia-weekly.js';
import { emberMonthlyDataset } from './ember-monthly.js';
import { entsoePricesDataset } from './entsoe-prices.js';
import { gieCountryStorageDataset } from './gie-country-storage.js';
import { gieStorageDataset } from './gie-storage.js';
import { ieaOilStocksDataset } from './iea-oil-stocks.js';
import { jodiGasDataset } from './jodi-gas.js';
import { owidEnergyMixDataset } from './owid-mix.js';
import { sprPoliciesDataset } from './spr-policies.js';

export const ENERGY_DATASETS: readonly AnyDataset[] = [
  eiaWeeklyDataset,
  eiaCapacityDataset,
  gieStorageDataset,
  ieaOilStocksDataset,
  crisisPoliciesDataset,
  // Country energy profiles (intelligence/get-country-energy-profile, compute-energy-shock).
  owidEnergyMixDataset,
  jodiGasDataset,
  emberMonthlyDataset,
  sprPoliciesDataset,
  gieCountryStorageDataset,
  entsoePricesDataset,
];
