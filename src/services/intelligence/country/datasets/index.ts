import { ciiScoresDataset } from './cii-scores.js';
import { countryFactsDataset } from './country-facts.js';
import { securityAdvisoriesDataset } from './security-advisories.js';
import { travelAdvisoriesDataset } from './travel-advisories.js';

export const COUNTRY_DATASETS = [
  ciiScoresDataset,
  travelAdvisoriesDataset,
  securityAdvisoriesDataset,
  countryFactsDataset,
] as const;
