import { gdeltTopicsDataset } from './gdelt-topics.js';
import { pizzintDataset } from './pizzint.js';
import { redditHotDataset } from './reddit-hot.js';

export const SIGNAL_DATASETS = [pizzintDataset, gdeltTopicsDataset, redditHotDataset] as const;
