import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { aisCrossingsDataset, aisDisruptionsDataset } from '../chokepoints/datasets/ais.js';
import { flowBaselinesDataset } from '../chokepoints/datasets/baselines.js';
import { chokepointsDataset } from '../chokepoints/datasets/chokepoints.js';
import { hazardsDataset } from '../chokepoints/datasets/hazards.js';
import { criticalMineralsDataset } from '../minerals/datasets/minerals.js';
import { storageFacilitiesDataset } from '../energy/datasets/storage.js';
import { pipelinesDataset } from '../energy/datasets/pipelines.js';
import { fuelShortagesDataset } from '../energy/datasets/fuel-shortages.js';
import { energyDisruptionsDataset } from '../energy/datasets/energy-disruptions.js';
import { routeModelDataset } from '../routes/datasets/route-model.js';
import { shippingStressDataset } from '../freight/datasets/shipping-stress.js';
import { shippingRatesDataset } from '../freight/datasets/shipping-rates.js';
import { mineralProductionDataset } from '../minerals/datasets/mineral-production.js';
import { oilBalancesDataset } from '../energy/datasets/oil-balances.js';
import { transitsDataset } from '../chokepoints/datasets/transits.js';
import { navWarningsDataset } from './warnings.js';
import { CHINA_CORRIDOR_DATASETS } from '../china/datasets/index.js';

/** Every supply-chain dataset, registry first so the status can be composed as soon as possible. */
export const SUPPLY_CHAIN_DATASETS: readonly AnyDataset[] = [
  chokepointsDataset,
  transitsDataset,
  aisCrossingsDataset,
  aisDisruptionsDataset,
  navWarningsDataset,
  hazardsDataset,
  flowBaselinesDataset,
  storageFacilitiesDataset,
  pipelinesDataset,
  fuelShortagesDataset,
  energyDisruptionsDataset,
  routeModelDataset,
  shippingStressDataset,
  shippingRatesDataset,
  mineralProductionDataset,
  oilBalancesDataset,
  criticalMineralsDataset,
  ...CHINA_CORRIDOR_DATASETS,
];
