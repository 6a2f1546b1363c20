import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { checkRange, effectivePageSize } from '../conflict/index.js';
import { CYBER_THREATS } from './datasets/cyber-threats.js';
import { CRITICALITY_RANK } from './rules.js';
import type { CyberThreat, ListCyberThreatsRequest, ListCyberThreatsResponse } from './schemas.js';

/** The cursor is a plain offset (as the published clients send it): digits only. */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  if (!/^\d{1,9}$/.test(cursor))
    throw ServiceError.validation([
      { field: 'cursor', description: 'cursor must be the decimal offset from pagination.nextCursor' },
    ]);
  return Number(cursor);
}

/** Threats in served order (severity, then recency), filtered, one offset page at a time. */
export function listCyberThreats(
  store: SnapshotStore,
  req: ListCyberThreatsRequest,
  markDegraded: () => void,
): ListCyberThreatsResponse {
  const offset = offsetOf(req.cursor);
  checkRange(req.start, req.end);
  const pageSize = effectivePageSize(req.page_size);
  const snapshot = store.read<CyberThreat>(CYBER_THREATS);
  if (!snapshot) {
    markDegraded();
    return { threats: [], pagination: { nextCursor: '', totalCount: 0 } };
  }
  const start = req.start || undefined;
  const end = req.end || undefined;
  const minRank = req.min_severity ? CRITICALITY_RANK[req.min_severity] : 0;
  const rows =
    !req.type && !req.source && !minRank && start === undefined && end === undefined
      ? snapshot.records
      : snapshot.records.filter(
          (t) =>
            (!req.type || t.type === req.type) &&
            (!req.source || t.source === req.source) &&
            CRITICALITY_RANK[t.severity] >= minRank &&
            (start === undefined || t.lastSeenAt >= start) &&
            (end === undefined || t.firstSeenAt <= end),
        );
  const threats = rows.slice(offset, offset + pageSize);
  const next = offset + threats.length;
  return {
    threats,
    pagination: { nextCursor: threats.length > 0 && next < rows.length ? String(next) : '', totalCount: rows.length },
  };
}
