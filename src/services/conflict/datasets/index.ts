import { acledEventsDataset } from './acled.js';
import { humanitarianDataset } from './humanitarian.js';
import { iranEventsDataset } from './iran.js';
import { ucdpEventsDataset } from './ucdp.js';

export const CONFLICT_DATASETS = [
  acledEventsDataset,
  ucdpEventsDataset,
  iranEventsDataset,
  humanitarianDataset,
] as const;
