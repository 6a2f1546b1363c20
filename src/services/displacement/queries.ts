import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { DISPLACEMENT_SUMMARY, type StoredRow, type SummaryInfo } from './datasets/unhcr-population.js';
import { DEFAULT_FLOW_LIMIT, yearProblem } from './rules.js';
import type { CountryDisplacement, DisplacementFlow, GetDisplacementSummaryRequest, GetDisplacementSummaryResponse } from './schemas.js';

const NO_DATA: GetDisplacementSummaryResponse = {
  summary: { year: 0, globalTotals: { refugees: 0, asylumSeekers: 0, idps: 0, stateless: 0, total: 0 }, countries: [], topFlows: [] },
  fetchedAt: 0,
  dataAvailable: false,
};

/**
 * The snapshot's summary, sliced to the requested limits. The year is checked before anything is
 * read; a year other than the snapshot's own has no data (there is no archive of past years).
 */
export function getDisplacementSummary(store: SnapshotStore, req: GetDisplacementSummaryRequest, now: number): GetDisplacementSummaryResponse {
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
    fetchedAt: snapshot.fetchedAt,
    dataAvailable: true,
  };
}
