import { unrestEventsDataset } from './unrest-events.js';

export const UNREST_DATASETS = [unrestEventsDataset] as const;
