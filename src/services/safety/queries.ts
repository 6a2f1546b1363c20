import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import {
  TPS_CALLS_LAYER,
  TPS_LICENCE,
  TPS_MCI_LAYER,
  type CallsAttended,
  type MciReport,
} from '../../sources/tps/open-data.js';
import { TPS_CALLS_ATTENDED, TPS_MCI } from './datasets/tps.js';
import { clampLimit, contains, DATASETS, sameDivision, torontoDate, type SafetyDataset } from './rules.js';
import type { GetTorontoSafetyRequest, GetTorontoSafetyResponse } from './schemas.js';

const ATTRIBUTION = `Contains information licensed under the ${TPS_LICENCE}; source: Toronto Police Service Public Safety Data Portal.`;
const DISCLAIMER =
  'Reported occurrences, not convictions; locations are moved to the nearest intersection and some reports are later reclassified. ' +
  'Counts are not rates: neighbourhoods differ in population and visitors.';

/**
 * The snapshot's rows, filtered. Nothing here reads the clock: a served snapshot is not `degraded`
 * however old it is now (its age is health's question and the answer's Last-Modified), so the same
 * snapshot always answers alike.
 */
export function getTorontoSafety(
  store: SnapshotStore,
  req: GetTorontoSafetyRequest,
  markDegraded: () => void,
): GetTorontoSafetyResponse {
  const dataset = (req.dataset || 'reported_occurrence') as SafetyDataset;
  if (!DATASETS.includes(dataset))
    throw ServiceError.validation([
      { field: 'dataset', description: 'dataset must be reported_occurrence or annual_aggregate' },
    ]);
  const limit = clampLimit(req.limit);
  const mci = dataset === 'reported_occurrence';
  const base = {
    semantic: dataset,
    source: mci ? 'tps-mci' : 'tps-calls-attended',
    sourceLabel: mci
      ? 'Toronto Police Service – Major Crime Indicators'
      : 'Toronto Police Service – Calls for Service Attended',
    attribution: ATTRIBUTION,
    disclaimer: DISCLAIMER,
    sourceUrl: mci ? TPS_MCI_LAYER : TPS_CALLS_LAYER,
    sourceEditedAt: 0,
  };
  const snapshot = mci ? store.read<MciReport>(TPS_MCI) : store.read<CallsAttended>(TPS_CALLS_ATTENDED);
  if (!snapshot) {
    markDegraded();
    return {
      ...base,
      fetchedAt: 0,
      newestContentAt: 0,
      newestContentYear: 0,
      degraded: false,
      unavailable: true,
      matched: 0,
      truncated: false,
      occurrences: [],
      aggregates: [],
    };
  }
  if (mci) {
    const rows = snapshot.records as readonly MciReport[];
    const matching = rows.filter(
      (r) =>
        sameDivision(r.division, req.division) &&
        contains(r.neighbourhood, req.neighbourhood) &&
        contains(r.offence, req.offence) &&
        (!req.year || torontoDate(r.reportDate).startsWith(String(req.year))),
    );
    const newest = rows.reduce((m, r) => Math.max(m, r.reportDate), 0);
    return {
      ...base,
      fetchedAt: snapshot.capturedAt,
      newestContentAt: newest,
      newestContentYear: newest ? Number(torontoDate(newest).slice(0, 4)) : 0,
      degraded: false,
      unavailable: false,
      matched: matching.length,
      truncated: matching.length > limit,
      occurrences: matching.slice(0, limit).map((r) => ({
        id: `tps-mci:${r.objectId}`,
        objectId: r.objectId,
        eventUniqueId: r.eventUniqueId,
        reportDate: torontoDate(r.reportDate),
        occurrenceDate: torontoDate(r.occurrenceDate),
        division: r.division,
        locationType: r.locationType,
        premisesType: r.premisesType,
        offence: r.offence,
        csiCategory: r.mciCategory,
        neighbourhood: r.neighbourhood,
        longitude: r.longitude,
        latitude: r.latitude,
        approximate: true,
      })),
      aggregates: [],
    };
  }
  const rows = snapshot.records as readonly CallsAttended[];
  // Annual rows carry no offence: asking for one matches nothing rather than everything.
  const matching = req.offence
    ? []
    : rows.filter(
        (r) =>
          (sameDivision(r.divisionFinal, req.division) || sameDivision(r.divisionOriginal, req.division)) &&
          contains(r.neighbourhood, req.neighbourhood) &&
          (!req.year || r.eventYear === req.year),
      );
  const newestYear = rows.reduce((m, r) => Math.max(m, r.eventYear), 0);
  return {
    ...base,
    fetchedAt: snapshot.capturedAt,
    newestContentAt: newestYear ? Date.UTC(newestYear, 0, 1) : 0,
    newestContentYear: newestYear,
    degraded: false,
    unavailable: false,
    matched: matching.length,
    truncated: matching.length > limit,
    occurrences: [],
    aggregates: matching.slice(0, limit).map((r) => ({
      id: `tps-calls:${r.objectId}`,
      objectId: r.objectId,
      eventYear: r.eventYear,
      divisionOriginal: r.divisionOriginal,
      divisionFinal: r.divisionFinal,
      neighbourhood: r.neighbourhood,
      eventCount: r.count,
      incidentPoint: false,
    })),
  };
}
