import { internetOutagesDataset } from './internet-outages.js';
import { serviceStatusesDataset } from './service-statuses.js';

export const INFRASTRUCTURE_DATASETS = [serviceStatusesDataset, internetOutagesDataset] as const;
