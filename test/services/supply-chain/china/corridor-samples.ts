import { flightsDataset } from '../../../../src/services/aviation/flights/datasets/flights.js';
import { naturalEventsDataset } from '../../../../src/services/natural/datasets/natural-events.js';
import { oilBalancesDataset } from '../../../../src/services/supply-chain/energy/datasets/oil-balances.js';
import { shippingRatesDataset } from '../../../../src/services/supply-chain/freight/datasets/shipping-rates.js';
import { chinaCorridorsDataset } from '../../../../src/services/supply-chain/china/datasets/corridors.js';
import { chinaPortsDataset } from '../../../../src/services/supply-chain/china/datasets/china-ports.js';
import { comtradeFlowsDataset } from '../../../../src/services/trade/datasets/comtrade-flows.js';

/** The datasets the China corridor towers are composed from (registry first). */
export const CORRIDOR_SAMPLES = [
  chinaCorridorsDataset,
  chinaPortsDataset,
  flightsDataset,
  naturalEventsDataset,
  oilBalancesDataset,
  comtradeFlowsDataset,
  shippingRatesDataset,
];
