import { ANALYSIS_DATASETS } from '../analysis/datasets/index.js';
import { COMPANY_DATASETS } from '../companies/datasets/index.js';
import { COUNTRY_DATASETS } from '../country/datasets/index.js';
import { FEED_DATASETS } from '../feeds/datasets/index.js';
import { GPS_DATASETS } from '../gps/datasets/index.js';
import { ORBIT_DATASETS } from '../orbit/datasets/index.js';
import { PORT_DATASETS } from '../ports/datasets/index.js';
import { REGIONAL_DATASETS } from '../regional/datasets/index.js';
import { SIGNAL_DATASETS } from '../signals/datasets/index.js';

/** Every intelligence dataset, topic by topic. */
export const INTELLIGENCE_DATASETS = [
  ...COUNTRY_DATASETS,
  ...ORBIT_DATASETS,
  ...COMPANY_DATASETS,
  ...FEED_DATASETS,
  ...SIGNAL_DATASETS,
  ...GPS_DATASETS,
  ...PORT_DATASETS,
  ...REGIONAL_DATASETS,
  ...ANALYSIS_DATASETS,
] as const;
