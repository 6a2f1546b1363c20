import { airQualityDataset } from './air-quality.js';
import { climateAnomaliesDataset } from './climate-anomalies.js';
import { climateDisastersDataset } from './climate-disasters.js';
import { climateNewsDataset } from './climate-news.js';
import { co2MonitoringDataset } from './co2-monitoring.js';
import { oceanIceDataset } from './ocean-ice.js';

export const CLIMATE_DATASETS = [
  airQualityDataset,
  co2MonitoringDataset,
  climateNewsDataset,
  climateDisastersDataset,
  climateAnomaliesDataset,
  oceanIceDataset,
] as const;
