import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { maritimeNavWarningsDataset } from './nav-warnings.js';
import { vesselSnapshotDataset } from './vessel-snapshot.js';

export const MARITIME_DATASETS: readonly AnyDataset[] = [maritimeNavWarningsDataset, vesselSnapshotDataset];
