import { COUNTRY_DATASETS } from './country/datasets/index.js';

/** Every intelligence dataset, topic by topic. */
export const INTELLIGENCE_DATASETS = [...COUNTRY_DATASETS] as const;
