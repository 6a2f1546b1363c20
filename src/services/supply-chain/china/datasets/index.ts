import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { chinaCorridorsDataset } from './corridors.js';
import { chinaPortsDataset } from './china-ports.js';

export const CHINA_CORRIDOR_DATASETS: readonly AnyDataset[] = [chinaCorridorsDataset, chinaPortsDataset];
