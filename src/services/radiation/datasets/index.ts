import { radiationObservationsDataset } from './radiation-observations.js';

export const RADIATION_DATASETS = [radiationObservationsDataset] as const;
