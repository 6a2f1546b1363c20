import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { bisCreditDataset } from './bis-credit.js';
import { bisEerDataset } from './bis-eer.js';
import { bisPolicyRatesDataset } from './bis-policy-rates.js';

export const RATES_DATASETS: readonly AnyDataset[] = [bisPolicyRatesDataset, bisEerDataset, bisCreditDataset];
