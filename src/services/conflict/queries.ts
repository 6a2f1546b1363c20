import type { Snapshot, SnapshotStore } from '../../platform/snapshots/store.js';
import { ServiceError } from '../../platform/errors.js';
import { countryByCode, resolveCountry } from '../../reference/countries.js';
import { HUMANITARIAN_SUMMARIES, type HumanitarianRow } from './datasets/humanitarian.js';
import { ACLED_EVENTS, type AcledInfo } from './datasets/acled.js';
import { IRAN_EVENTS, type IranInfo } from './datasets/iran.js';
import { UCDP_EVENTS } from './datasets/ucdp.js';
import {
  checkRange,
  countryFilter,
  effectivePageSize,
  normaliseCountryCodes,
  pageOfRange,
  timeRange,
} from './rules.js';
import { newestFirst } from '../../platform/ordering.js';
import type {
  AcledConflictEvent,
  GetHumanitarianSummaryBatchRequest,
  GetHumanitarianSummaryBatchResponse,
  GetHumanitarianSummaryRequest,
  GetHumanitarianSummaryResponse,
  HumanitarianCountrySummary,
  IranEvent,
  ListAcledEventsRequest,
  ListAcledEventsResponse,
  ListIranEventsResponse,
  ListUcdpEventsRequest,
  ListUcdpEventsResponse,
  UcdpViolenceEvent,
} from './schemas.js';

/** Called when the answer is a fallback the contract cannot flag in its body (forces no-store). */
export type MarkDegraded = () => void;

interface CountryIndex<T> {
  all: readonly T[];
  byCountry: ReadonlyMap<string, readonly T[]>;
}

/**
 * Rows newest first, plus the same rows bucketed by alpha-2 country, built once per snapshot
 * version: a country filter then costs a map lookup and a binary search, not a scan.
 * Country names are resolved once per distinct name, not once per row.
 */
export function countryIndex<T>(
  snapshot: Snapshot<T, unknown>,
  countryOf: (x: T) => string,
  timeOf: (x: T) => number,
  idOf: (x: T) => string,
): CountryIndex<T> {
  return snapshot.derive('country-index', (s) => {
    const all = [...s.records].sort(newestFirst(timeOf, idOf));
    const codeOfName = new Map<string, string | undefined>();
    const byCountry = new Map<string, T[]>();
    for (const row of all) {
      const name = countryOf(row);
      let code = codeOfName.get(name);
      if (!codeOfName.has(name)) codeOfName.set(name, (code = resolveCountry(name)?.alpha2));
      if (!code) continue;
      let bucket = byCountry.get(code);
      if (!bucket) byCountry.set(code, (bucket = []));
      bucket.push(row);
    }
    return { all, byCountry };
  });
}

const NO_ROWS: readonly never[] = [];
const emptyPage = { nextCursor: '', totalCount: 0 };

/**
 * ACLED events of the snapshot's 30-day window. Omitted start/end leave the window as the
 * snapshot holds it (it was cut at midnight UTC 30 days before it was taken), so the answer is a
 * pure function of query and snapshot and can be cached by snapshot version.
 */
export function listAcledEvents(
  store: SnapshotStore,
  req: ListAcledEventsRequest,
  markDegraded: MarkDegraded,
): ListAcledEventsResponse {
  const country = countryFilter(req.country);
  checkRange(req.start, req.end);
  const pageSize = effectivePageSize(req.page_size);
  const snapshot = store.read<AcledConflictEvent, AcledInfo>(ACLED_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], pagination: emptyPage };
  }
  const time = (e: AcledConflictEvent) => e.occurredAt;
  const id = (e: AcledConflictEvent) => e.id;
  const index = countryIndex(snapshot, (e) => e.country, time, id);
  const rows = country ? (index.byCountry.get(country) ?? NO_ROWS) : index.all;
  const [lo, hi] = timeRange(rows, time, req.start || undefined, req.end || undefined);
  const page = pageOfRange(rows, lo, hi, id, pageSize, req.cursor || undefined);
  return { events: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } };
}

/**
 * UCDP events, optionally for one country and overlapping [start, end] (an event spans
 * dateStart..dateEnd). The snapshot is small (at most 2000 rows), so the time test is a scan of
 * the country's bucket.
 */
export function listUcdpEvents(
  store: SnapshotStore,
  req: ListUcdpEventsRequest,
  markDegraded: MarkDegraded,
): ListUcdpEventsResponse {
  const country = countryFilter(req.country);
  checkRange(req.start, req.end);
  const pageSize = effectivePageSize(req.page_size);
  const snapshot = store.read<UcdpViolenceEvent>(UCDP_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], pagination: emptyPage };
  }
  const id = (e: UcdpViolenceEvent) => e.id;
  const index = countryIndex(
    snapshot,
    (e) => e.country,
    (e) => e.dateStart,
    id,
  );
  let rows = country ? (index.byCountry.get(country) ?? NO_ROWS) : index.all;
  const start = req.start || undefined;
  const end = req.end || undefined;
  if (start !== undefined || end !== undefined) {
    rows = rows.filter((e) => (start === undefined || e.dateEnd >= start) && (end === undefined || e.dateStart <= end));
  }
  const page = pageOfRange(rows, 0, rows.length, id, pageSize, req.cursor || undefined);
  return { events: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } };
}

/** The Iran map snapshot as stored; no snapshot gives the empty answer with scrapedAt "0". */
export function listIranEvents(store: SnapshotStore, markDegraded: MarkDegraded): ListIranEventsResponse {
  const snapshot = store.read<IranEvent, IranInfo>(IRAN_EVENTS);
  if (!snapshot) {
    markDegraded();
    return { events: [], scrapedAt: '0' };
  }
  return { events: [...snapshot.records], scrapedAt: String(snapshot.info.scrapedAt ?? snapshot.capturedAt) };
}

interface HumanitarianIndex {
  byCode: ReadonlyMap<string, HumanitarianCountrySummary>;
  /** The default country: most political violence events, then code. */
  busiest: HumanitarianCountrySummary | undefined;
}

function humanitarianIndex(store: SnapshotStore): HumanitarianIndex | undefined {
  const snapshot = store.read<HumanitarianRow>(HUMANITARIAN_SUMMARIES);
  if (!snapshot) return undefined;
  return snapshot.derive('by-code', (s) => {
    const byCode = new Map(s.records.map((r) => [r.countryCode, { ...r, updatedAt: s.capturedAt }]));
    let busiest: HumanitarianCountrySummary | undefined;
    for (const r of byCode.values())
      if (!busiest || r.conflictPoliticalViolenceEvents > busiest.conflictPoliticalViolenceEvents) busiest = r;
    return { byCode, busiest };
  });
}

/** A country's summary; `{}` when it has none. No snapshot also gives `{}`, flagged degraded. */
export function getHumanitarianSummary(
  store: SnapshotStore,
  req: GetHumanitarianSummaryRequest,
  markDegraded: MarkDegraded,
): GetHumanitarianSummaryResponse {
  const code = req.country_code?.toUpperCase();
  if (code && !countryByCode(code))
    throw ServiceError.validation([{ field: 'country_code', description: `unknown country code ${code}` }]);
  const index = humanitarianIndex(store);
  if (!index) {
    markDegraded();
    return {};
  }
  const summary = code ? index.byCode.get(code) : index.busiest;
  return summary ? { summary } : {};
}

export function getHumanitarianSummaryBatch(
  store: SnapshotStore,
  req: GetHumanitarianSummaryBatchRequest,
  markDegraded: MarkDegraded,
): GetHumanitarianSummaryBatchResponse {
  const codes = normaliseCountryCodes(req.countryCodes);
  const index = humanitarianIndex(store);
  if (!index) markDegraded();
  const results: Record<string, HumanitarianCountrySummary> = {};
  for (const c of codes) {
    const s = index?.byCode.get(c);
    if (s) results[c] = s;
  }
  return { results, fetched: Object.keys(results).length, requested: codes.length };
}
