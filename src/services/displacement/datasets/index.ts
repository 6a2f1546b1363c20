import type { AnyDataset } from '../../../platform/snapshots/dataset.js';
import { populationReferenceDataset } from './population-reference.js';
import { unhcrPopulationDataset } from './unhcr-population.js';

export const DISPLACEMENT_DATASETS: readonly AnyDataset[] = [unhcrPopulationDataset, populationReferenceDataset];
