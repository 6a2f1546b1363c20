import { gdeltTopicsDataset } from './gdelt-topics.js';
import { pizzintDataset } from './pizzint.js';

export const SIGNAL_DATASETS = [pizzintDataset, gdeltTopicsDataset] as const;
