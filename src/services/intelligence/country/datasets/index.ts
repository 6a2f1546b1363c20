import { ciiScoresDataset } from './cii-scores.js';
import { sanctionsCountsDataset } from './sanctions-counts.js';
import { travelAdvisoriesDataset } from './travel-advisories.js';

export const COUNTRY_DATASETS = [ciiScoresDataset, travelAdvisoriesDataset, sanctionsCountsDataset] as const;
