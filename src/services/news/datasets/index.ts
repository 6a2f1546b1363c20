import { newsFeedsDataset } from './feeds.js';

export const NEWS_DATASETS = [newsFeedsDataset] as const;
