import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { Answer } from '../answer.js';
import { SERVICE_STATUSES } from './datasets/service-statuses.js';
import type { ListServiceStatusesRequest, ListServiceStatusesResponse, ServiceStatus } from './schemas.js';

/** Services in stored order (worst state first), optionally narrowed to one state. */
export function listServiceStatuses(
  store: SnapshotStore,
  req: ListServiceStatusesRequest,
): Answer<ListServiceStatusesResponse> {
  const snapshot = store.read<ServiceStatus>(SERVICE_STATUSES);
  if (!snapshot) return { body: { statuses: [] }, degraded: true };
  const statuses = req.status ? snapshot.records.filter((s) => s.status === req.status) : [...snapshot.records];
  return { body: { statuses }, degraded: false };
}
