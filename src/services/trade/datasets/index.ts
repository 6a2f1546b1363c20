import { comtradeFlowsDataset } from './comtrade-flows.js';
import { customsRevenueDataset } from './customs-revenue.js';
import { wtoIndicatorsDataset } from './wto-indicators.js';

export const TRADE_DATASETS = [wtoIndicatorsDataset, customsRevenueDataset, comtradeFlowsDataset] as const;
