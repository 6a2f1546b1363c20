import { ciiScoresDataset } from './cii-scores.js';
import { sanctionsCountsDataset } from './sanctions-counts.js';
import { travelAdvisoriesDataset } from './travel-advisories.js';

export const INTELLIGENCE_DATASETS = [ciiScoresDataset, travelAdvisoriesDataset, sanctionsCountsDataset] as const;
