import { earthquakesDataset } from './earthquakes.js';

export const SEISMOLOGY_DATASETS = [earthquakesDataset] as const;
