import { airQualityDataset } from './air-quality.js';

export const CLIMATE_DATASETS = [airQualityDataset] as const;
