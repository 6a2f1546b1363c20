import { airQualityDataset } from './air-quality.js';
import { climateDisastersDataset } from './climate-disasters.js';
import { climateNewsDataset } from './climate-news.js';
import { co2MonitoringDataset } from './co2-monitoring.js';
import { oceanIceDataset } from './ocean-ice.js';
import { zoneNormalsDataset } from './zone-normals.js';
import { zoneWeatherDataset } from './zone-weather.js';

export const CLIMATE_DATASETS = [
  airQualityDataset,
  co2MonitoringDataset,
  climateNewsDataset,
  climateDisastersDataset,
  zoneWeatherDataset,
  zoneNormalsDataset,
  oceanIceDataset,
] as const;
