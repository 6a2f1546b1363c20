import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { bisPolicyRatesDataset } from './bis-policy-rates.js';

export const RATES_DATASETS: readonly AnyDataset[] = [bisPolicyRatesDataset];
