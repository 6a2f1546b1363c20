import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { DISPLACEMENT_SUMMARY, type StoredRow, type SummaryInfo } from './datasets/unhcr-population.js';
import { POPULATION_REFERENCE } from './datasets/population-reference.js';
import {
  DEFAULT_EXPOSURE_RADIUS_KM,
  DEFAULT_FLOW_LIMIT,
  densityPerKm2,
  exposedPopulation,
  nearestCountry,
  yearProblem,
  type CountryDensity,
} from './rules.js';
import type {
  CountryDisplacement,
  DisplacementFlow,
  GetDisplacementSummaryRequest,
  GetDisplacementSummaryResponse,
  GetPopulationExposureRequest,
  GetPopulationExposureResponse,
} from './schemas.js';

const NO_DATA: GetDisplacementSummaryResponse = {
  summary: {
    year: 0,
    globalTotals: { refugees: 0, asylumSeekers: 0, idps: 0, stateless: 0, total: 0 },
    countries: [],
    topFlows: [],
  },
  fetchedAt: 0,
  dataAvailable: false,
};

/**
 * The snapshot's summary, sliced to the requested limits. The year is checked before anything is
 * read; a year other than the snapshot's own has no data (there is no archive of past years).
 */
export function getDisplacementSummary(
  store: SnapshotStore,
  req: GetDisplacementSummaryRequest,
  now: number,
): GetDisplacementSummaryResponse {
  const year = req.year ?? 0;
  const problem = yearProblem(year, now);
  if (problem) throw ServiceError.validation([{ field: 'year', description: problem }]);

  const snapshot = store.read<StoredRow, SummaryInfo>(DISPLACEMENT_SUMMARY);
  if (!snapshot || !snapshot.info.year || (year !== 0 && year !== snapshot.info.year)) return NO_DATA;
  const { countries, flows } = snapshot.derive('split', (s) => {
    const countries: CountryDisplacement[] = [];
    const flows: DisplacementFlow[] = [];
    for (const { kind, ...row } of s.records) {
      if (kind === 'country') countries.push(row as CountryDisplacement);
      else flows.push(row as DisplacementFlow);
    }
    return { countries, flows };
  });
  // Slices are new arrays: the stored snapshot is never shortened by a request.
  return {
    summary: {
      year: snapshot.info.year,
      globalTotals: snapshot.info.globalTotals,
      countries: req.country_limit ? countries.slice(0, req.country_limit) : countries.slice(),
      topFlows: flows.slice(0, req.flow_limit || DEFAULT_FLOW_LIMIT),
    },
    fetchedAt: snapshot.capturedAt,
    dataAvailable: true,
  };
}

/**
 * Countries mode lists the covered countries with their density; exposure mode assigns the point
 * to the nearest covered centroid and spreads that country's average density over the circle.
 */
export function getPopulationExposure(
  store: SnapshotStore,
  req: GetPopulationExposureRequest,
  markDegraded: () => void,
): GetPopulationExposureResponse {
  const snapshot = store.read<CountryDensity>(POPULATION_REFERENCE);
  const exposureMode = req.mode === 'exposure';
  if (!snapshot || snapshot.records.length === 0) {
    markDegraded();
    return { success: false, countries: [] };
  }
  if (!exposureMode) {
    const countries = snapshot.derive('entries', (s) =>
      s.records.map((c) => ({
        code: c.code,
        name: c.name,
        population: c.population,
        densityPerKm2: densityPerKm2(c.population, c.areaKm2),
      })),
    );
    return { success: true, countries: countries.slice() };
  }
  const radius = req.radius || DEFAULT_EXPOSURE_RADIUS_KM;
  const nearest = nearestCountry(snapshot.records, req.lat ?? 0, req.lon ?? 0)!;
  const density = densityPerKm2(nearest.population, nearest.areaKm2);
  return {
    success: true,
    countries: [],
    exposure: {
      exposedPopulation: exposedPopulation(density, radius),
      exposureRadiusKm: radius,
      nearestCountry: nearest.code,
      densityPerKm2: density,
    },
  };
}
