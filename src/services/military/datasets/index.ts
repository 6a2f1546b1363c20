import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { aircraftRegistryDataset } from '../aircraft/datasets/aircraft-registry.js';
import { militaryBasesDataset } from '../bases/datasets/military-bases.js';
import { usniFleetDataset } from '../fleet/datasets/usni-fleet.js';
import { defensePatentsDataset } from '../industry/datasets/defense-patents.js';
import { armsSuppliersDataset, industrialBaseDataset } from '../industry/datasets/industrial-base.js';
import { militaryFlightsDataset } from '../flights/datasets/military-flights.js';
import { crossStraitActivityDataset } from '../cross-strait/datasets/cross-strait-activity.js';

/** Every military dataset, across the service's topic folders. */
export const MILITARY_DATASETS: readonly AnyDataset[] = [
  militaryFlightsDataset,
  militaryBasesDataset,
  usniFleetDataset,
  defensePatentsDataset,
  industrialBaseDataset,
  armsSuppliersDataset,
  aircraftRegistryDataset,
  crossStraitActivityDataset,
];
