import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { fearGreedDataset } from './fear-greed.js';
import { marketQuotesDataset } from './quotes.js';

export const MARKET_DATASETS: readonly AnyDataset[] = [marketQuotesDataset, fearGreedDataset];
