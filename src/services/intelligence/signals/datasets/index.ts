import { pizzintDataset } from './pizzint.js';

export const SIGNAL_DATASETS = [pizzintDataset] as const;
