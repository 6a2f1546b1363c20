import { sdnDataset } from './sdn.js';

export const SANCTIONS_DATASETS = [sdnDataset] as const;
