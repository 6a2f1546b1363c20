import { positiveGeoEventsDataset } from './geo-events.js';

export const POSITIVE_EVENTS_DATASETS = [positiveGeoEventsDataset] as const;
