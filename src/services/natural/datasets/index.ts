import { naturalEventsDataset } from './natural-events.js';

export const NATURAL_DATASETS = [naturalEventsDataset] as const;
