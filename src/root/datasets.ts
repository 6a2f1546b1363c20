import type { AnyDataset } from '../platform/snapshots/dataset.js';
import { INTELLIGENCE_DATASETS } from '../services/intelligence/datasets/index.js';
import { CYBER_DATASETS } from '../services/cyber/datasets/index.js';
import { UNREST_DATASETS } from '../services/unrest/datasets/index.js';
import { AVIATION_DATASETS } from '../services/aviation/datasets/index.js';
import { CONFLICT_DATASETS } from '../services/conflict/datasets/index.js';
import { INFRASTRUCTURE_DATASETS } from '../services/infrastructure/datasets/index.js';
import { RESEARCH_DATASETS } from '../services/research/datasets/index.js';
import { MARKET_DATASETS } from '../services/market/datasets/index.js';
import { ECONOMIC_DATASETS } from '../services/economic/datasets/index.js';
import { DISPLACEMENT_DATASETS } from '../services/displacement/datasets/index.js';
import { SEISMOLOGY_DATASETS } from '../services/seismology/datasets/index.js';
import { MARITIME_DATASETS } from '../services/maritime/datasets/index.js';
import { MILITARY_DATASETS } from '../services/military/datasets/index.js';
import { RESILIENCE_DATASETS } from '../services/resilience/datasets/index.js';
import { FORECAST_DATASETS } from '../services/forecast/datasets/index.js';
import { NEWS_DATASETS } from '../services/news/datasets/index.js';
import { SCENARIO_DATASETS } from '../services/scenario/datasets/index.js';
import { SUPPLY_CHAIN_DATASETS } from '../services/supply-chain/datasets/index.js';
import { NATURAL_DATASETS } from '../services/natural/datasets/index.js';
import { RADIATION_DATASETS } from '../services/radiation/datasets/index.js';
import { IMAGERY_DATASETS } from '../services/imagery/datasets/index.js';
import { WEBCAM_DATASETS } from '../services/webcam/datasets/index.js';
import { CLIMATE_DATASETS } from '../services/climate/datasets/index.js';
import { HEALTH_DATASETS } from '../services/health/datasets/index.js';
import { WILDFIRE_DATASETS } from '../services/wildfire/datasets/index.js';
import { TRADE_DATASETS } from '../services/trade/datasets/index.js';
import { SANCTIONS_DATASETS } from '../services/sanctions/datasets/index.js';
import { POSITIVE_EVENTS_DATASETS } from '../services/positive-events/datasets/index.js';
import { CONSUMER_PRICES_DATASETS } from '../services/consumer-prices/datasets/index.js';
import { GIVING_DATASETS } from '../services/giving/datasets/index.js';
import { PREDICTION_DATASETS } from '../services/prediction/datasets/index.js';
import { SAFETY_DATASETS } from '../services/safety/datasets/index.js';

/**
 * Every snapshot dataset the service serves, in the order first-run loading and `mds ingest` use:
 * each service's `<SERVICE>_DATASETS`, from its `datasets/index.ts`.
 */
export const ALL_DATASETS: readonly AnyDataset[] = [
  ...SEISMOLOGY_DATASETS,
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
  ...NEWS_DATASETS,
];

export function findDataset(name: string): AnyDataset | undefined {
  return ALL_DATASETS.find((d) => d.name === name);
}
