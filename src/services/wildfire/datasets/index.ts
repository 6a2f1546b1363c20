import { fireDetectionsDataset } from './fire-detections.js';

export const WILDFIRE_DATASETS = [fireDetectionsDataset] as const;
