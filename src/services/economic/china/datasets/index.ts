import type { AnyDataset } from '../../../../platform/snapshots/dataset.js';
import { chinaMacroDataset } from './china-macro.js';
import { corridorHistoryDataset } from './corridor-history.js';

export const CHINA_DATASETS: readonly AnyDataset[] = [chinaMacroDataset, corridorHistoryDataset];
