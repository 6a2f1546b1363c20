import { webcamsDataset } from './webcams.js';

export const WEBCAM_DATASETS = [webcamsDataset] as const;
