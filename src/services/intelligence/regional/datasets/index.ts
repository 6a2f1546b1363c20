import { chinaPolicyEventsDataset } from './china-policy-events.js';
import { regimeHistoryDataset } from './regime-history.js';

/** Datasets of the regional topic. */
export const REGIONAL_DATASETS = [regimeHistoryDataset, chinaPolicyEventsDataset] as const;
