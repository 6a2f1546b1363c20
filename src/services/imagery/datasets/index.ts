import { imageryScenesDataset } from './scenes.js';

export const IMAGERY_DATASETS = [imageryScenesDataset] as const;
