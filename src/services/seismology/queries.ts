import { ServiceError } from '../../platform/errors.js';
import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { EARTHQUAKES } from './datasets/earthquakes.js';
import type { Earthquake, ListEarthquakesRequest, ListEarthquakesResponse } from './schemas.js';

export const DEFAULT_PAGE_SIZE = 500;

/**
 * Earthquakes newest first, filtered by time window and magnitude, one page at a time.
 * An absent snapshot is an empty list: the seismology feed publishes no degradation flag.
 */
export function listEarthquakes(store: SnapshotStore, req: ListEarthquakesRequest): ListEarthquakesResponse {
  if (req.start !== undefined && req.end !== undefined && req.start > req.end) {
    throw ServiceError.validation([{ field: 'end', description: 'end must not be earlier than start' }]);
  }
  const all = store.read<Earthquake>(EARTHQUAKES)?.records ?? [];
  const matching =
    req.start === undefined && req.end === undefined && !req.min_magnitude
      ? all
      : all.filter(
          (q) =>
            (req.start === undefined || q.occurredAt >= req.start) &&
            (req.end === undefined || q.occurredAt <= req.end) &&
            (req.min_magnitude === undefined || q.magnitude >= req.min_magnitude),
        );
  const page = paginate(matching, (q) => q.id, req.page_size || DEFAULT_PAGE_SIZE, req.cursor || undefined);
  return { earthquakes: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } };
}
