import { ciiScoresDataset } from './cii-scores.js';
import { travelAdvisoriesDataset } from './travel-advisories.js';

// The SDN list get-country-risk counts comes from the sanctions service's dataset (sanctions.sdn).
export const INTELLIGENCE_DATASETS = [ciiScoresDataset, travelAdvisoriesDataset] as const;
