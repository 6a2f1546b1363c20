import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { maritimeNavWarningsDataset } from './nav-warnings.js';

export const MARITIME_DATASETS: readonly AnyDataset[] = [maritimeNavWarningsDataset];
