import { faaStatusDataset } from '../delays/datasets/faa-status.js';
import { notamsDataset } from '../delays/datasets/notams.js';
import { flightsDataset } from '../flights/datasets/flights.js';
import { aviationNewsDataset } from '../news/datasets/aviation-news.js';

/** Every aviation dataset, across the service's topic folders. */
export const AVIATION_DATASETS = [faaStatusDataset, flightsDataset, notamsDataset, aviationNewsDataset] as const;
