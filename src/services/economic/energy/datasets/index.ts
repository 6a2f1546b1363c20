import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { eiaCapacityDataset } from './eia-capacity.js';
import { eiaWeeklyDataset } from './eia-weekly.js';

export const ENERGY_DATASETS: readonly AnyDataset[] = [eiaWeeklyDataset, eiaCapacityDataset];
