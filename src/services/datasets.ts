import type { AnyDataset } from '../platform/snapshots/dataset.js';
import { INTELLIGENCE_DATASETS } from './intelligence/datasets.js';
import { ANALYSIS_DATASETS } from './intelligence/analysis/datasets/index.js';
import { CYBER_DATASETS } from './cyber/datasets/index.js';
import { UNREST_DATASETS } from './unrest/datasets/index.js';
import { AVIATION_DATASETS } from './aviation/datasets/index.js';
import { CONFLICT_DATASETS } from './conflict/datasets/index.js';
import { INFRASTRUCTURE_DATASETS } from './infrastructure/datasets/index.js';
import { RESEARCH_DATASETS } from './research/datasets/index.js';
import { MARKET_DATASETS } from './market/datasets.js';
import { ECONOMIC_DATASETS } from './economic/datasets.js';
import { DISPLACEMENT_DATASETS } from './displacement/datasets/index.js';
import { earthquakesDataset } from './seismology/datasets/earthquakes.js';
import { MARITIME_DATASETS } from './maritime/datasets/index.js';
import { MILITARY_DATASETS } from './military/datasets/index.js';
import { RESILIENCE_DATASETS } from './resilience/datasets/index.js';
import { FORECAST_DATASETS } from './forecast/datasets/index.js';
import { newsFeedsDataset } from './news/datasets/feeds.js';
import { SCENARIO_DATASETS } from './scenario/datasets/index.js';
import { SUPPLY_CHAIN_DATASETS } from './supply-chain/datasets/index.js';
import { NATURAL_DATASETS } from './natural/datasets/index.js';
import { RADIATION_DATASETS } from './radiation/datasets/index.js';
import { IMAGERY_DATASETS } from './imagery/datasets/index.js';
import { WEBCAM_DATASETS } from './webcam/datasets/index.js';
import { CLIMATE_DATASETS } from './climate/datasets/index.js';
import { HEALTH_DATASETS } from './health/datasets/index.js';
import { WILDFIRE_DATASETS } from './wildfire/datasets/index.js';
import { TRADE_DATASETS } from './trade/datasets/index.js';
import { SANCTIONS_DATASETS } from './sanctions/datasets/index.js';
import { POSITIVE_EVENTS_DATASETS } from './positive-events/datasets/index.js';
import { CONSUMER_PRICES_DATASETS } from './consumer-prices/datasets/index.js';
import { GIVING_DATASETS } from './giving/datasets/index.js';
import { PREDICTION_DATASETS } from './prediction/datasets/index.js';
import { SAFETY_DATASETS } from './safety/datasets/index.js';

/** Every snapshot dataset the service serves, in the order first-run loading and `mds ingest` use. */
export const ALL_DATASETS: readonly AnyDataset[] = [
  earthquakesDataset,
  ...RESILIENCE_DATASETS,
  ...INFRASTRUCTURE_DATASETS,
  ...RESEARCH_DATASETS,
  ...MARKET_DATASETS,
  ...ECONOMIC_DATASETS,
  ...DISPLACEMENT_DATASETS,
  ...CONFLICT_DATASETS,
  ...AVIATION_DATASETS,
  ...SUPPLY_CHAIN_DATASETS,
  ...UNREST_DATASETS,
  ...CYBER_DATASETS,
  ...INTELLIGENCE_DATASETS,
  ...ANALYSIS_DATASETS,
  ...MILITARY_DATASETS,
  ...MARITIME_DATASETS,
  ...WILDFIRE_DATASETS,
  ...NATURAL_DATASETS,
  ...RADIATION_DATASETS,
  ...IMAGERY_DATASETS,
  ...WEBCAM_DATASETS,
  ...CLIMATE_DATASETS,
  ...HEALTH_DATASETS,
  ...TRADE_DATASETS,
  ...SANCTIONS_DATASETS,
  ...POSITIVE_EVENTS_DATASETS,
  ...CONSUMER_PRICES_DATASETS,
  ...GIVING_DATASETS,
  ...PREDICTION_DATASETS,
  ...SAFETY_DATASETS,
  ...SCENARIO_DATASETS,
  ...FORECAST_DATASETS,
  newsFeedsDataset,
];

export function findDataset(name: string): AnyDataset | undefined {
  return ALL_DATASETS.find((d) => d.name === name);
}
