import { ServiceError } from '../../platform/errors.js';
import { paginate } from '../../platform/paging.js';
import type { Snapshot, SnapshotStore } from '../../platform/snapshots/store.js';
import { ARXIV_PAPERS, type ArxivRow } from './datasets/arxiv-papers.js';
import { HACKERNEWS_ITEMS, type HackernewsRow } from './datasets/hackernews-items.js';
import { TECH_EVENTS } from './datasets/tech-events.js';
import { listKey, TRENDING_REPOS, type TrendingRow } from './datasets/trending-repos.js';
import { effectiveDays, effectiveLimit, effectivePageSize, isoDate, matchesAllWords } from './rules.js';
import {
  ARXIV_CATEGORIES,
  ARXIV_DEFAULT_PAGE_SIZE,
  EVENTS_UNAVAILABLE,
  HACKERNEWS_DEFAULT_PAGE_SIZE,
  TRENDING_DEFAULT_PAGE_SIZE,
  TRENDING_PERIODS,
  type ArxivPaper,
  type GithubRepo,
  type HackernewsItem,
  type ListArxivPapersRequest,
  type ListArxivPapersResponse,
  type ListHackernewsItemsRequest,
  type ListHackernewsItemsResponse,
  type ListTechEventsRequest,
  type ListTechEventsResponse,
  type ListTrendingReposRequest,
  type ListTrendingReposResponse,
  type TechEvent,
} from './schemas.js';

/**
 * Answer plus whether it is a fallback the body cannot flag: these list contracts carry no
 * degradation field, so the router marks such answers no-store through the request context.
 */
export interface Answer<T> {
  body: T;
  degraded: boolean;
}

/** Rows of a snapshot grouped by one key, built once per snapshot version. */
function groups<R>(snapshot: Snapshot<R> | undefined, keyOf: (r: R) => string): Map<string, R[]> | undefined {
  return snapshot?.derive('groups', (s) => {
    const m = new Map<string, R[]>();
    for (const r of s.records) {
      const k = keyOf(r);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  });
}

function page<R, T>(
  rows: readonly R[] | undefined,
  idOf: (r: R) => string,
  size: number,
  cursor: string | undefined,
  strip: (r: R) => T,
) {
  // Paging an empty list still validates a caller's cursor.
  const p = paginate(rows ?? [], idOf, size, cursor || undefined);
  return { items: p.items.map(strip), pagination: { nextCursor: p.nextCursor, totalCount: p.totalCount } };
}

export function listArxivPapers(store: SnapshotStore, req: ListArxivPapersRequest): Answer<ListArxivPapersResponse> {
  const wanted = (req.category ?? '').trim() || 'cs.AI';
  const category = ARXIV_CATEGORIES.find((c) => c.toLowerCase() === wanted.toLowerCase());
  const byFeed = groups(store.read<ArxivRow>(ARXIV_PAPERS), (r) => r.feed);
  let rows = category ? byFeed?.get(category) : undefined;
  const query = req.query?.trim();
  if (rows && query)
    rows = rows.filter((p) => matchesAllWords(`${p.title}\n${p.summary}\n${p.authors.join('\n')}`, query));
  const { items, pagination } = page(
    rows,
    (p) => p.id,
    effectivePageSize(req.page_size, ARXIV_DEFAULT_PAGE_SIZE),
    req.cursor,
    ({ feed: _f, ...p }): ArxivPaper => p,
  );
  // An untracked category, or one missing from the snapshot, is not evidence that nothing was published.
  return { body: { papers: items, pagination }, degraded: !byFeed?.has(category ?? '') };
}

export function listTrendingRepos(
  store: SnapshotStore,
  req: ListTrendingReposRequest,
): Answer<ListTrendingReposResponse> {
  const language = (req.language ?? '').trim().toLowerCase() || 'python';
  const period = (req.period ?? '').trim().toLowerCase() || 'daily';
  if (!(TRENDING_PERIODS as readonly string[]).includes(period)) {
    throw ServiceError.validation([
      { field: 'period', description: `value must be one of ${TRENDING_PERIODS.join(', ')}` },
    ]);
  }
  const key = listKey(language, period);
  const byList = groups(store.read<TrendingRow>(TRENDING_REPOS), (r) => r.list);
  const rows = byList?.get(key);
  const { items, pagination } = page(
    rows,
    (r) => r.fullName,
    effectivePageSize(req.page_size, TRENDING_DEFAULT_PAGE_SIZE),
    req.cursor,
    ({ list: _l, ...r }): GithubRepo => r,
  );
  return { body: { repos: items, pagination }, degraded: rows === undefined };
}

export function listHackernewsItems(
  store: SnapshotStore,
  req: ListHackernewsItemsRequest,
): Answer<ListHackernewsItemsResponse> {
  const byFeed = groups(store.read<HackernewsRow>(HACKERNEWS_ITEMS), (r) => r.feed);
  const rows = byFeed?.get(req.feed_type ?? 'top');
  const { items, pagination } = page(
    rows,
    (r) => String(r.id),
    effectivePageSize(req.page_size, HACKERNEWS_DEFAULT_PAGE_SIZE),
    req.cursor,
    ({ feed: _f, ...r }): HackernewsItem => r,
  );
  return { body: { items, pagination }, degraded: rows === undefined };
}

/**
 * Ongoing and upcoming events: not yet ended on today's UTC date and starting within `days`,
 * narrowed by type and mappability, soonest first, at most `limit`. No events snapshot at all is
 * reported in `error` (which makes the answer no-store); a healthy snapshot with nothing in the
 * window is an ordinary, cacheable empty answer.
 */
export function listTechEvents(store: SnapshotStore, req: ListTechEventsRequest): ListTechEventsResponse {
  const snapshot = store.read<TechEvent>(TECH_EVENTS);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      success: true,
      count: 0,
      conferenceCount: 0,
      mappableCount: 0,
      lastUpdated: snapshot ? new Date(snapshot.capturedAt).toISOString() : '',
      events: [],
      error: EVENTS_UNAVAILABLE,
    };
  }
  // "Upcoming" from the day the list was captured (the data's time, not the clock's).
  const now = snapshot.capturedAt;
  const today = isoDate(now);
  const horizon = isoDate(now + effectiveDays(req.days) * 86_400_000);
  const limit = effectiveLimit(req.limit);
  const type = req.type && req.type !== 'all' ? req.type : undefined;
  const events: TechEvent[] = [];
  for (const e of snapshot.records) {
    if (e.startDate > horizon) break; // records are sorted by start date
    if (e.endDate < today) continue;
    if (type && e.type !== type) continue;
    if (req.mappable && !isMappable(e)) continue;
    events.push(e);
    if (events.length >= limit) break;
  }
  const conferences = events.filter((e) => e.type === 'conference');
  return {
    success: true,
    count: events.length,
    conferenceCount: conferences.length,
    mappableCount: conferences.filter(isMappable).length,
    lastUpdated: new Date(snapshot.capturedAt).toISOString(),
    events,
  };
}

function isMappable(e: TechEvent): boolean {
  return e.coords !== undefined && !e.coords.virtual && e.coords.lat !== undefined && e.coords.lng !== undefined;
}
