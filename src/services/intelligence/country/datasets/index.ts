import { ciiScoresDataset } from './cii-scores.js';
import { sanctionsCountsDataset } from './sanctions-counts.js';
import { countryFactsDataset } from './country-facts.js';
import { securityAdvisoriesDataset } from './security-advisories.js';
import { travelAdvisoriesDataset } from './travel-advisories.js';

export const COUNTRY_DATASETS = [ciiScoresDataset, travelAdvisoriesDataset, sanctionsCountsDataset, securityAdvisoriesDataset, countryFactsDataset] as const;
