import { faaStatusDataset } from './faa-status.js';
import { flightsDataset } from './flights.js';

export const AVIATION_DATASETS = [faaStatusDataset, flightsDataset] as const;
