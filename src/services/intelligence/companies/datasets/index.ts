import { currentFilingsDataset } from './current-filings.js';

export const COMPANY_DATASETS = [currentFilingsDataset] as const;
