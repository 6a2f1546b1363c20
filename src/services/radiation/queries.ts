import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { RADIATION_OBSERVATIONS } from './datasets/radiation-observations.js';
import {
  RADIATION_DEFAULT_ITEMS,
  RADIATION_MAX_ITEMS,
  type ListRadiationObservationsRequest,
  type ListRadiationObservationsResponse,
  type RadiationObservation,
} from './schemas.js';

type Counters = Omit<ListRadiationObservationsResponse, 'observations' | 'fetchedAt' | 'dataAvailable'>;

export function countersOf(all: readonly RadiationObservation[]): Counters {
  const count = (p: (o: RadiationObservation) => boolean) => all.filter(p).length;
  return {
    epaCount: count((o) => o.contributingSources.includes('EPA_RADNET')),
    safecastCount: count((o) => o.contributingSources.includes('SAFECAST')),
    anomalyCount: count((o) => o.severity !== 'RADIATION_SEVERITY_NORMAL'),
    elevatedCount: count((o) => o.severity === 'RADIATION_SEVERITY_ELEVATED'),
    spikeCount: count((o) => o.severity === 'RADIATION_SEVERITY_SPIKE'),
    corroboratedCount: count((o) => o.corroborated),
    lowConfidenceCount: count((o) => o.confidence === 'RADIATION_CONFIDENCE_LOW'),
    conflictingCount: count((o) => o.conflictingSources),
    convertedFromCpmCount: count((o) => o.convertedFromCpm),
  };
}

/** The first `max_items` observations in stored order; the counters always describe every site. */
export function listRadiationObservations(
  store: SnapshotStore,
  req: ListRadiationObservationsRequest,
): ListRadiationObservationsResponse {
  const limit =
    req.max_items && req.max_items > 0 ? Math.min(req.max_items, RADIATION_MAX_ITEMS) : RADIATION_DEFAULT_ITEMS;
  const snapshot = store.read<RadiationObservation>(RADIATION_OBSERVATIONS);
  if (!snapshot) return { observations: [], fetchedAt: 0, dataAvailable: false, ...countersOf([]) };
  const counters = snapshot.derive('counters', (s) => countersOf(s.records));
  return {
    observations: snapshot.records.slice(0, limit),
    fetchedAt: snapshot.capturedAt,
    dataAvailable: true,
    ...counters,
  };
}
