import { givingClaimsDataset } from './claims.js';

export const GIVING_DATASETS = [givingClaimsDataset] as const;
