import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { dailyBarsDataset } from '../analysis/datasets/daily-bars.js';
import { commoditiesDataset } from '../commodities/datasets/commodities.js';
import { cbGoldReservesDataset } from '../commodities/datasets/cb-gold-reserves.js';
import { gldHoldingsDataset } from '../commodities/datasets/gld-holdings.js';
import { sgeBenchmarksDataset } from '../commodities/datasets/sge-benchmarks.js';
import { coinMarketsDataset } from '../crypto/datasets/coin-markets.js';
import { breadthHistoryDataset } from '../equities/datasets/breadth-history.js';
import { chinaDisclosuresDataset } from '../equities/datasets/china-disclosures.js';
import { earningsCalendarDataset } from '../equities/datasets/earnings-calendar.js';
import { indexBoardsDataset } from '../equities/datasets/index-boards.js';
import { insiderTransactionsDataset } from '../equities/datasets/insider-transactions.js';
import { marketQuotesDataset } from '../equities/datasets/quotes.js';
import { cotDataset } from '../flows/datasets/cot.js';
import { etfFlowsDataset } from '../flows/datasets/etf-flows.js';
import { hyperliquidFlowDataset } from '../flows/datasets/hyperliquid-flow.js';
import { fearGreedDataset } from '../flows/datasets/fear-greed.js';

/** Every market dataset, topic by topic. */
export const MARKET_DATASETS: readonly AnyDataset[] = [
  marketQuotesDataset,
  fearGreedDataset,
  coinMarketsDataset,
  dailyBarsDataset,
  commoditiesDataset,
  indexBoardsDataset,
  etfFlowsDataset,
  earningsCalendarDataset,
  insiderTransactionsDataset,
  cotDataset,
  sgeBenchmarksDataset,
  breadthHistoryDataset,
  hyperliquidFlowDataset,
  gldHoldingsDataset,
  cbGoldReservesDataset,
  chinaDisclosuresDataset,
];
