import type { AnyDataset } from '../platform/snapshots/dataset.js';
import { INTELLIGENCE_DATASETS } from './intelligence/datasets.js';
import { CYBER_DATASETS } from './cyber/datasets/index.js';
import { UNREST_DATASETS } from './unrest/datasets/index.js';
import { AVIATION_DATASETS } from './aviation/datasets/index.js';
import { CONFLICT_DATASETS } from './conflict/datasets/index.js';
import { INFRASTRUCTURE_DATASETS } from './infrastructure/datasets/index.js';
import { RESEARCH_DATASETS } from './research/datasets/index.js';
import { resilienceScoresDataset } from './resilience/datasets/resilience-scores.js';
import { MARKET_DATASETS } from './market/datasets/index.js';
import { ECONOMIC_DATASETS } from './economic/datasets/index.js';
import { DISPLACEMENT_DATASETS } from './displacement/datasets/index.js';
import { earthquakesDataset } from './seismology/datasets/earthquakes.js';
import { SUPPLY_CHAIN_DATASETS } from './supply-chain/datasets/index.js';

/** Every snapshot dataset the service serves, in the order first-run loading and `mds ingest` use. */
export const ALL_DATASETS: readonly AnyDataset[] = [earthquakesDataset, resilienceScoresDataset, ...INFRASTRUCTURE_DATASETS, ...RESEARCH_DATASETS, ...MARKET_DATASETS, ...ECONOMIC_DATASETS, ...DISPLACEMENT_DATASETS, ...CONFLICT_DATASETS, ...AVIATION_DATASETS, ...SUPPLY_CHAIN_DATASETS, ...UNREST_DATASETS, ...CYBER_DATASETS, ...INTELLIGENCE_DATASETS];

export function findDataset(name: string): AnyDataset | undefined {
  return ALL_DATASETS.find((d) => d.name === name);
}
