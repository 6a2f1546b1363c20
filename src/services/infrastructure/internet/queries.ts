import { ServiceError } from '../../../platform/errors.js';
import { paginate } from '../../../platform/paging.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { resolveCountry } from '../../../reference/countries.js';
import type { Answer } from '../answer.js';
import { DDOS_ATTACKS } from './datasets/ddos-attacks.js';
import { INTERNET_OUTAGES, type OutageRow } from './datasets/internet-outages.js';
import { TRAFFIC_ANOMALIES } from './datasets/traffic-anomalies.js';
import { effectivePageSize } from './rules.js';
import {
  OUTAGES_DEFAULT_PAGE_SIZE,
  OUTAGES_MAX_PAGE_SIZE,
  type InternetOutage,
  type ListInternetOutagesRequest,
  type ListInternetOutagesResponse,
  type ListInternetDdosAttacksResponse,
  type ListInternetTrafficAnomaliesRequest,
  type ListInternetTrafficAnomaliesResponse,
  type TrafficAnomaly,
} from './schemas.js';

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
export function listInternetOutages(
  store: SnapshotStore,
  req: ListInternetOutagesRequest,
): Answer<ListInternetOutagesResponse> {
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
    rows = rows.filter(
      (r) =>
        (req.start === undefined || r.detectedAt >= req.start) && (req.end === undefined || r.detectedAt <= req.end),
    );
  }
  const page = paginate(rows, (o) => o.id, pageSize, req.cursor || undefined);
  return {
    body: {
      outages: page.items.map(toOutage),
      pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount },
    },
    degraded: false,
  };
}

/** The stored attack mix, or empty lists marked degraded when there is no snapshot. */
export function listInternetDdosAttacks(store: SnapshotStore): Answer<ListInternetDdosAttacksResponse> {
  const row = store.read<ListInternetDdosAttacksResponse>(DDOS_ATTACKS)?.records[0];
  if (!row)
    return {
      body: { protocol: [], vector: [], dateRangeStart: '', dateRangeEnd: '', topTargetLocations: [] },
      degraded: true,
    };
  return { body: row, degraded: false };
}

/** Anomalies newest first, narrowed to one country by exact ISO code (a name resolves to its code). */
export function listInternetTrafficAnomalies(
  store: SnapshotStore,
  req: ListInternetTrafficAnomaliesRequest,
): Answer<ListInternetTrafficAnomaliesResponse> {
  const snapshot = store.read<TrafficAnomaly>(TRAFFIC_ANOMALIES);
  if (!snapshot) return { body: { anomalies: [], totalCount: 0 }, degraded: true };
  const wanted = req.country?.trim();
  const code = wanted ? (resolveCountry(wanted)?.alpha2 ?? wanted.toUpperCase()) : undefined;
  const anomalies = code ? snapshot.records.filter((a) => a.locationCode === code) : [...snapshot.records];
  return { body: { anomalies, totalCount: anomalies.length }, degraded: false };
}
