import { predictionMarketsDataset } from './markets.js';

export const PREDICTION_DATASETS = [predictionMarketsDataset] as const;
