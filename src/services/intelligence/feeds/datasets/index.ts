import { orefHistoryDataset } from './oref-history.js';

export const FEED_DATASETS = [orefHistoryDataset] as const;
