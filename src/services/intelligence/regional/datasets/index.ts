import { regimeHistoryDataset } from './regime-history.js';

/** Datasets of the regional topic. */
export const REGIONAL_DATASETS = [regimeHistoryDataset] as const;
