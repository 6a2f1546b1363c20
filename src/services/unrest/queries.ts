import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { resolveCountry } from '../../reference/countries.js';
import { checkRange, countryFilter, effectivePageSize, pageOfRange } from '../conflict/index.js';
import { UNREST_EVENTS } from './datasets/unrest-events.js';
import { inBox, SEVERITY_RANK, type BoundingBox } from './rules.js';
import type { ListUnrestEventsRequest, ListUnrestEventsResponse, UnrestEvent } from './schemas.js';

/** All four corners or none; a south edge north of the north edge is refused. */
function boundingBox(req: ListUnrestEventsRequest): BoundingBox | undefined {
  const corners = { ne_lat: req.ne_lat, ne_lon: req.ne_lon, sw_lat: req.sw_lat, sw_lon: req.sw_lon };
  const given = Object.entries(corners).filter(([, v]) => v !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < 4) {
    const missing = Object.keys(corners).filter((k) => corners[k as keyof typeof corners] === undefined);
    throw ServiceError.validation(
      missing.map((field) => ({ field, description: 'give all four bounding-box corners or none' })),
    );
  }
  if (req.sw_lat! > req.ne_lat!)
    throw ServiceError.validation([{ field: 'sw_lat', description: 'sw_lat must not be north of ne_lat' }]);
  return { north: req.ne_lat!, south: req.sw_lat!, east: req.ne_lon!, west: req.sw_lon! };
}

/**
 * Events in served order (most severe, then newest), bucketed by alpha-2 country once per
 * snapshot version.
 */
export function listUnrestEvents(
  store: SnapshotStore,
  req: ListUnrestEventsRequest,
  markDegraded: () => void,
): ListUnrestEventsResponse {
  const country = countryFilter(req.country);
  checkRange(req.start, req.end);
  const box = boundingBox(req);
  const pageSize = effectivePageSize(req.page_size);
  const snapshot = store.read<UnrestEvent>(UNREST_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], clusters: [], pagination: { nextCursor: '', totalCount: 0 } };
  }
  const byCountry = snapshot.derive('by-country', (s) => {
    const codeOf = new Map<string, string | undefined>();
    const m = new Map<string, UnrestEvent[]>();
    for (const e of s.records) {
      if (!codeOf.has(e.country)) codeOf.set(e.country, resolveCountry(e.country)?.alpha2);
      const code = codeOf.get(e.country);
      if (!code) continue;
      let bucket = m.get(code);
      if (!bucket) m.set(code, (bucket = []));
      bucket.push(e);
    }
    return m;
  });
  let rows: readonly UnrestEvent[] = country ? (byCountry.get(country) ?? []) : snapshot.records;
  const start = req.start || undefined;
  const end = req.end || undefined;
  const minRank = req.min_severity ? SEVERITY_RANK[req.min_severity] : 0;
  if (start !== undefined || end !== undefined || minRank > 0 || box) {
    rows = rows.filter(
      (e) =>
        (start === undefined || e.occurredAt >= start) &&
        (end === undefined || e.occurredAt <= end) &&
        SEVERITY_RANK[e.severity] >= minRank &&
        (!box || inBox(e.location.latitude, e.location.longitude, box)),
    );
  }
  const page = pageOfRange(rows, 0, rows.length, (e) => e.id, pageSize, req.cursor || undefined);
  return { events: page.items, clusters: [], pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } };
}
