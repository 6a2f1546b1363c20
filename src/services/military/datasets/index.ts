import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { militaryBasesDataset } from '../bases/datasets/military-bases.js';
import { usniFleetDataset } from '../fleet/datasets/usni-fleet.js';
import { militaryFlightsDataset } from '../flights/datasets/military-flights.js';

/** Every military dataset, across the service's topic folders. */
export const MILITARY_DATASETS: readonly AnyDataset[] = [militaryFlightsDataset, militaryBasesDataset, usniFleetDataset];
