import { priceObservationsDataset } from './observations.js';

export const CONSUMER_PRICES_DATASETS = [priceObservationsDataset] as const;
