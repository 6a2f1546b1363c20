import { orefHistoryDataset } from './oref-history.js';
import { xPostsDataset } from './x-posts.js';

export const FEED_DATASETS = [orefHistoryDataset, xPostsDataset] as const;
