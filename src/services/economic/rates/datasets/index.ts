import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { bisCreditDataset } from './bis-credit.js';
import { bisEerDataset } from './bis-eer.js';
import { bisPolicyRatesDataset } from './bis-policy-rates.js';
import { ecbCissDataset } from './ecb-ciss.js';
import { ecbFxDataset } from './ecb-fx.js';
import { ecbYieldCurveDataset } from './ecb-yield-curve.js';

export const RATES_DATASETS: readonly AnyDataset[] = [
  bisPolicyRatesDataset,
  bisEerDataset,
  bisCreditDataset,
  ecbFxDataset,
  ecbYieldCurveDataset,
  ecbCissDataset,
];
