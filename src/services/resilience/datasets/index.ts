import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { demographicsDataset } from './demographics.js';
import { ilostatWorkforceDataset, wbEducationDataset, wppAgeStructureDataset } from './demographics-inputs.js';
import { foodStocksDataset } from './food-stocks.js';
import { ipcDataset, whoDataset, worldBankDataset } from './indicators.js';
import { resilienceScoresDataset } from './resilience-scores.js';
import { scoreHistoryDataset } from './score-history.js';

/** Every resilience dataset (get-runtime-manifest reports the freshness of each). */
export const RESILIENCE_DATASETS: readonly AnyDataset[] = [
  resilienceScoresDataset,
  foodStocksDataset,
  demographicsDataset,
  wppAgeStructureDataset,
  wbEducationDataset,
  ilostatWorkforceDataset,
  worldBankDataset,
  whoDataset,
  ipcDataset,
  scoreHistoryDataset,
];
