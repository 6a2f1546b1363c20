import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { aisCrossingsDataset, aisDisruptionsDataset } from './ais.js';
import { flowBaselinesDataset } from './baselines.js';
import { chokepointsDataset } from './chokepoints.js';
import { hazardsDataset } from './hazards.js';
import { criticalMineralsDataset } from './minerals.js';
import { storageFacilitiesDataset } from './storage.js';
import { transitsDataset } from './transits.js';
import { navWarningsDataset } from './warnings.js';

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
  criticalMineralsDataset,
];
