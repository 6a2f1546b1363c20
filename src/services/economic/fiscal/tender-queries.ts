import { paginate } from '../../../platform/paging.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { GLOBAL_TENDERS, type SourceStatus, type Tender } from './datasets/global-tenders.js';
import { availabilityOf } from './tender-rules.js';
import type { ListGlobalTendersRequest, ListGlobalTendersResponse } from './tender-schemas.js';

const lower = (s: string | undefined) => (s ?? '').trim().toLowerCase();
const DEFAULT_PAGE = 25;

type Filter = [wire: string, active: boolean, keep: (t: Tender) => boolean];

function filtersOf(req: ListGlobalTendersRequest): Filter[] {
  const countries = new Set([req.country, ...(req.countries ?? [])].map(lower).filter(Boolean));
  const time = (v: string | undefined) => (v ? Date.parse(v) : NaN);
  const within = (value: string, from: number, to: number) => {
    const t = Date.parse(value);
    return Number.isFinite(t) && !(t < from) && !(t > to);
  };
  const text = (t: Tender) =>
    [t.title, t.description, t.buyer, t.source, ...t.categoryCodes, ...t.sectors].join(' ').toLowerCase();
  const minScore =
    req.min_automation_score && req.min_automation_score > 0 ? Math.min(req.min_automation_score, 100) : 0;
  const [dFrom, dTo, pFrom, pTo] = [
    time(req.deadline_from),
    time(req.deadline_to),
    time(req.published_from),
    time(req.published_to),
  ];
  return [
    ['country', countries.size > 0, (t) => countries.has(t.countryCode.toLowerCase())],
    ['region', !!lower(req.region), (t) => t.region === lower(req.region)],
    ['source', !!lower(req.source), (t) => t.source === lower(req.source)],
    ['status', !!lower(req.status), (t) => t.status.toLowerCase() === lower(req.status)],
    ['currency', !!lower(req.currency), (t) => (t.money.currency ?? '').toLowerCase() === lower(req.currency)],
    ['buyer', !!lower(req.buyer), (t) => t.buyer.toLowerCase().includes(lower(req.buyer))],
    [
      'category',
      !!lower(req.category),
      (t) => [...t.categoryCodes, ...t.sectors].some((c) => c.toLowerCase().includes(lower(req.category))),
    ],
    ['query', !!lower(req.query), (t) => text(t).includes(lower(req.query))],
    [
      'deadline',
      Number.isFinite(dFrom) || Number.isFinite(dTo),
      (t) => within(t.deadline, Number.isFinite(dFrom) ? dFrom : -Infinity, Number.isFinite(dTo) ? dTo : Infinity),
    ],
    [
      'published',
      Number.isFinite(pFrom) || Number.isFinite(pTo),
      (t) => within(t.publishedAt, Number.isFinite(pFrom) ? pFrom : -Infinity, Number.isFinite(pTo) ? pTo : Infinity),
    ],
    ['min_value', (req.min_value ?? 0) > 0, (t) => t.money.amount !== undefined && t.money.amount >= req.min_value!],
    ['max_value', (req.max_value ?? 0) > 0, (t) => t.money.amount !== undefined && t.money.amount <= req.max_value!],
    ['min_automation_score', minScore > 0, (t) => t.automationFit.score >= minScore],
  ];
}

const byId = (a: Tender, b: Tender) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const SORTS: Record<string, (a: Tender, b: Tender) => number> = {
  newest: (a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : byId(a, b)),
  closing_soon: (a, b) =>
    a.deadline === b.deadline ? byId(a, b) : !a.deadline ? 1 : !b.deadline ? -1 : a.deadline < b.deadline ? -1 : 1,
  estimated_value: (a, b) => (b.money.amount ?? -1) - (a.money.amount ?? -1) || byId(a, b),
  relevance: (a, b) => b.automationFit.score - a.automationFit.score || byId(a, b),
};

/**
 * The snapshot's tenders, filtered and paged. Nothing here reads the clock: how old the snapshot is
 * now is health's question and the answer's Last-Modified, so the same snapshot always answers alike.
 */
export function listGlobalTenders(store: SnapshotStore, req: ListGlobalTendersRequest): ListGlobalTendersResponse {
  const snapshot = store.read<Tender, { statuses: SourceStatus[] }>(GLOBAL_TENDERS);
  const filters = filtersOf(req).filter(([, active]) => active);
  const appliedFilters = filters.map(([wire]) => wire);
  if (!snapshot) {
    return {
      tenders: [],
      nextCursor: '',
      fetchedAt: '',
      dataAvailable: false,
      availability: 'unavailable',
      sourceStatuses: [],
      total: 0,
      appliedFilters,
      countryCoverage: 'unknown',
    };
  }
  const fetchedAt = new Date(snapshot.capturedAt).toISOString();
  const sourceStatuses = snapshot.info.statuses.map((s) => ({
    source: s.source,
    state: s.state,
    recordCount: s.recordCount,
    fetchedAt: s.state === 'ok' ? fetchedAt : '',
    ...(s.error ? { error: s.error } : {}),
    lastSuccessfulAt: s.state === 'ok' ? fetchedAt : '',
    stale: false,
    paced: false,
  }));
  const availability = availabilityOf(
    snapshot.info.statuses.map((s) => s.state),
    snapshot.records.length,
  );
  const matching = snapshot.records
    .filter((t) => filters.every(([, , keep]) => keep(t)))
    .sort(SORTS[req.sort ?? 'newest']);
  const page = paginate(matching, (t) => t.id, req.page_size ?? DEFAULT_PAGE, req.cursor || undefined);
  const requested = [req.country, ...(req.countries ?? [])].map(lower).filter(Boolean);
  const seen = new Set(snapshot.records.map((t) => t.countryCode.toLowerCase()));
  const tenders = page.items.map((t) => ({
    ...t,
    eligibilityRequirements: [],
    submissionUrls: [],
    participationMode: 'unknown',
  }));
  return {
    tenders,
    nextCursor: page.nextCursor,
    fetchedAt,
    dataAvailable: true,
    availability,
    sourceStatuses,
    total: page.totalCount,
    appliedFilters,
    countryCoverage:
      requested.length === 0 ? 'not_requested' : requested.every((c) => seen.has(c)) ? 'observed' : 'unknown',
  };
}
