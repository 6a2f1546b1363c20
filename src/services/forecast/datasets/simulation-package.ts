import { parsesNothing, type Dataset, type InputSnapshot } from '../../../platform/snapshots/dataset.js';
import type { ForecastCard } from '../document.js';
import { buildSimulationPackage, type PackageTheater, type SimulationPackageInfo } from '../monte-carlo.js';
import { FORECASTS, type ForecastDocumentInfo } from './predictions.js';

export const SIMULATION_PACKAGE = 'forecast.simulation-package';
export type { SimulationPackageInfo };

/** The package of the current forecast document: its cards grouped into theaters, one row per theater. */
export const simulationPackageDataset: Dataset<PackageTheater, SimulationPackageInfo> = {
  name: SIMULATION_PACKAGE,
  source: 'Derived here from forecast.predictions: its forecasts grouped by region into theaters, one path each',
  kind: 'derived',
  maxStaleMinutes: 24 * 60,
  // A document without forecasts gives a package without theaters.
  allowEmpty: true,
  sources: {},
  parse: parsesNothing,
  inputs: [FORECASTS],
  derive(inputs, at) {
    const doc = inputs[FORECASTS] as InputSnapshot<ForecastCard, ForecastDocumentInfo> | undefined;
    return buildSimulationPackage(doc?.records ?? [], doc?.info.generatedAt ?? at);
  },
};
