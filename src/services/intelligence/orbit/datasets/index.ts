import { satellitesDataset } from './satellites.js';

export const ORBIT_DATASETS = [satellitesDataset] as const;
