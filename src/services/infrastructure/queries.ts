import { ServiceError } from '../../platform/errors.js';
import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { resolveCountry } from '../../reference/countries.js';
import { INTERNET_OUTAGES, type OutageRow } from './datasets/internet-outages.js';
import { SERVICE_STATUSES } from './datasets/service-statuses.js';
import { effectivePageSize } from './rules.js';
import {
  OUTAGES_DEFAULT_PAGE_SIZE,
  OUTAGES_MAX_PAGE_SIZE,
  type InternetOutage,
  type ListInternetOutagesRequest,
  type ListInternetOutagesResponse,
  type ListServiceStatusesRequest,
  type ListServiceStatusesResponse,
  type ServiceStatus,
} from './schemas.js';

/** Answer plus whether it is a fallback the body cannot flag (the contract has no flag field). */
export interface Answer<T> {
  body: T;
  degraded: boolean;
}

/** Services in stored order (worst state first), optionally narrowed to one state. */
export function listServiceStatuses(store: SnapshotStore, req: ListServiceStatusesRequest): Answer<ListServiceStatusesResponse> {
  const snapshot = store.read<ServiceStatus>(SERVICE_STATUSES);
  if (!snapshot) return { body: { statuses: [] }, degraded: true };
  const statuses = req.status ? snapshot.records.filter((s) => s.status === req.status) : [...snapshot.records];
  return { body: { statuses }, degraded: false };
}

interface OutageIndex {
  byCode: Map<string, OutageRow[]>;
}

function toOutage({ countryCode: _code, ...outage }: OutageRow): InternetOutage {
  return outage;
}

/**
 * Outages newest first, narrowed by country and by an inclusive window on the start time, one page
 * at a time. A country that resolves through the reference table is matched by ISO code (so "IR"
 * never matches Ireland); other text matches country names case-insensitively.
 */
export function listInternetOutages(store: SnapshotStore, req: ListInternetOutagesRequest): Answer<ListInternetOutagesResponse> {
  if (req.start !== undefined && req.end !== undefined && req.start > req.end) {
    throw ServiceError.validation([{ field: 'end', description: 'end must not be earlier than start' }]);
  }
  const pageSize = effectivePageSize(req.page_size, OUTAGES_DEFAULT_PAGE_SIZE, OUTAGES_MAX_PAGE_SIZE);
  const snapshot = store.read<OutageRow>(INTERNET_OUTAGES);
  if (!snapshot) {
    if (req.cursor) paginate([], (o: OutageRow) => o.id, pageSize, req.cursor); // still refuse a malformed cursor
    return { body: { outages: [], pagination: { nextCursor: '', totalCount: 0 } }, degraded: true };
  }
  const index = snapshot.derive<OutageIndex>('by-country', (s) => {
    const byCode = new Map<string, OutageRow[]>();
    for (const r of s.records) {
      const list = byCode.get(r.countryCode) ?? [];
      list.push(r);
      byCode.set(r.countryCode, list);
    }
    return { byCode };
  });
  const wanted = req.country?.trim();
  let rows: readonly OutageRow[] = snapshot.records;
  if (wanted) {
    const country = resolveCountry(wanted);
    if (country) rows = index.byCode.get(country.alpha2) ?? [];
    else {
      const needle = wanted.toLowerCase();
      rows = rows.filter((r) => r.country.toLowerCase().includes(needle));
    }
  }
  if (req.start !== undefined || req.end !== undefined) {
    rows = rows.filter((r) => (req.start === undefined || r.detectedAt >= req.start) && (req.end === undefined || r.detectedAt <= req.end));
  }
  const page = paginate(rows, (o) => o.id, pageSize, req.cursor || undefined);
  return {
    body: { outages: page.items.map(toOutage), pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: false,
  };
}
