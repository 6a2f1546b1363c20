import { ServiceError } from '../../platform/errors.js';
import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { FIRE_DETECTIONS } from './datasets/fire-detections.js';
import { inBox } from './rules.js';
import {
  FIRES_DEFAULT_PAGE_SIZE,
  FIRES_MAX_PAGE_SIZE,
  type FireDetection,
  type ListFireDetectionsRequest,
  type ListFireDetectionsResponse,
} from './schemas.js';

const CORNERS = ['ne_lat', 'ne_lon', 'sw_lat', 'sw_lon'] as const;

function boxOf(req: ListFireDetectionsRequest) {
  const given = CORNERS.filter((k) => req[k] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < 4) {
    throw ServiceError.validation(
      CORNERS.filter((k) => req[k] === undefined).map((field) => ({
        field,
        description: 'a bounding box needs all four corners',
      })),
    );
  }
  if (req.sw_lat! > req.ne_lat!)
    throw ServiceError.validation([{ field: 'sw_lat', description: 'sw_lat must not be north of ne_lat' }]);
  return { swLat: req.sw_lat!, swLon: req.sw_lon!, neLat: req.ne_lat!, neLon: req.ne_lon! };
}

/** Detections in stored order (most significant first), narrowed by time window and bounding box, one page at a time. */
export function listFireDetections(store: SnapshotStore, req: ListFireDetectionsRequest): ListFireDetectionsResponse {
  if (req.start !== undefined && req.end !== undefined && req.start > req.end) {
    throw ServiceError.validation([{ field: 'end', description: 'end must not be earlier than start' }]);
  }
  const box = boxOf(req);
  const pageSize = req.page_size ? Math.min(req.page_size, FIRES_MAX_PAGE_SIZE) : FIRES_DEFAULT_PAGE_SIZE;
  const snapshot = store.read<FireDetection>(FIRE_DETECTIONS);
  if (!snapshot) {
    if (req.cursor) paginate([], (d: FireDetection) => d.id, pageSize, req.cursor);
    return { fireDetections: [], pagination: { nextCursor: '', totalCount: 0 }, fetchedAt: 0, dataAvailable: false };
  }
  let rows: readonly FireDetection[] = snapshot.records;
  if (req.start !== undefined || req.end !== undefined || box) {
    rows = rows.filter(
      (d) =>
        (req.start === undefined || d.detectedAt >= req.start) &&
        (req.end === undefined || d.detectedAt <= req.end) &&
        (!box || inBox(d.location.latitude, d.location.longitude, box)),
    );
  }
  const page = paginate(rows, (d) => d.id, pageSize, req.cursor || undefined);
  return {
    fireDetections: page.items,
    pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount },
    fetchedAt: snapshot.capturedAt,
    dataAvailable: true,
  };
}
