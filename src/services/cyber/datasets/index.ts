import { cyberThreatsDataset } from './cyber-threats.js';

export const CYBER_DATASETS = [cyberThreatsDataset] as const;
