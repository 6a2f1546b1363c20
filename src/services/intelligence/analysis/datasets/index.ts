import { intelHistoryDataset } from './intel-history.js';

export const ANALYSIS_DATASETS = [intelHistoryDataset] as const;
