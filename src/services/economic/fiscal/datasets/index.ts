import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { globalTendersDataset } from './global-tenders.js';
import { nationalDebtDataset } from './national-debt.js';

export const FISCAL_DATASETS: readonly AnyDataset[] = [nationalDebtDataset, globalTendersDataset];
