import { diseaseOutbreaksDataset } from './disease-outbreaks.js';

export const HEALTH_DATASETS = [diseaseOutbreaksDataset] as const;
