import { cableWarningsDataset } from '../cables/datasets/cable-warnings.js';
import { temporalBaselinesDataset } from '../baselines/datasets/temporal-baselines.js';
import { gazetteerDataset } from '../geo/datasets/gazetteer.js';
import { ipCountryRangesDataset } from '../geo/datasets/ip-country-ranges.js';
import { ddosAttacksDataset } from '../internet/datasets/ddos-attacks.js';
import { internetOutagesDataset } from '../internet/datasets/internet-outages.js';
import { trafficAnomaliesDataset } from '../internet/datasets/traffic-anomalies.js';
import { serviceStatusesDataset } from '../status/datasets/service-statuses.js';

export const INFRASTRUCTURE_DATASETS = [
  serviceStatusesDataset,
  internetOutagesDataset,
  ddosAttacksDataset,
  trafficAnomaliesDataset,
  temporalBaselinesDataset,
  ipCountryRangesDataset,
  gazetteerDataset,
  cableWarningsDataset,
] as const;
