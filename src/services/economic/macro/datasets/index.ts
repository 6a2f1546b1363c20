import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { nbsMonthlyDataset } from './nbs-monthly.js';
import { economicCalendarDataset } from './economic-calendar.js';
import { eurostatDataset } from './eurostat.js';
import { fredSeriesDataset } from './fred-series.js';
import { macroSignalsDataset } from './macro-inputs.js';
import { worldBankDataset } from './world-bank.js';

export const MACRO_DATASETS: readonly AnyDataset[] = [
  fredSeriesDataset,
  worldBankDataset,
  eurostatDataset,
  macroSignalsDataset,
  economicCalendarDataset,
  nbsMonthlyDataset,
];
