import { companyTickersDataset, submissionsDataset } from './company-filers.js';
import { currentFilingsDataset } from './current-filings.js';

export const COMPANY_DATASETS = [currentFilingsDataset, companyTickersDataset, submissionsDataset] as const;
