import { ServiceError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, type Page } from '../../platform/paging.js';
import { resolveCountry } from '../../reference/countries.js';

/** Page size when page_size is omitted or 0, and the largest page served (larger requests are clamped). */
export const DEFAULT_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 1000;

export const DAY_MS = 86_400_000;
/** The ACLED snapshot holds this many days back from the day it was taken. */
export const ACLED_WINDOW_DAYS = 30;

export function effectivePageSize(requested: number | undefined): number {
  return !requested ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE);
}

export function midnightUtc(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** Midnight UTC `days` days before the day of `t`: the start of a "last N days" window. */
export function windowStart(t: number, days: number): number {
  return midnightUtc(t) - days * DAY_MS;
}

/**
 * The `country` query value as an alpha-2 code: undefined for "all countries" (absent or blank),
 * a 400 naming the field when it is neither a known code nor a known name.
 */
export function countryFilter(raw: string | undefined, field = 'country'): string | undefined {
  if (raw === undefined || raw.replace(/[\s\p{Cf}]/gu, '') === '') return undefined;
  const c = resolveCountry(raw);
  if (!c)
    throw ServiceError.validation([
      { field, description: 'unknown country: give an ISO 3166-1 alpha-2 code or a country name' },
    ]);
  return c.alpha2;
}

export function checkRange(start: number | undefined, end: number | undefined): void {
  if (start && end && start > end)
    throw ServiceError.validation([{ field: 'end', description: 'end must not be earlier than start' }]);
}

/** First index in `[lo, hi)` of a newest-first array whose time is <= `t` (binary search). */
function firstAtOrBefore<T>(
  items: readonly T[],
  timeOf: (x: T) => number,
  t: number,
  lo = 0,
  hi = items.length,
): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeOf(items[mid]) > t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The `[lo, hi)` slice of a newest-first array with times in `[start, end]`, found in O(log n). */
export function timeRange<T>(
  items: readonly T[],
  timeOf: (x: T) => number,
  start?: number,
  end?: number,
): [number, number] {
  const lo = end === undefined ? 0 : firstAtOrBefore(items, timeOf, end);
  const hi = start === undefined ? items.length : firstAtOrBefore(items, timeOf, start - 1, lo);
  return [lo, hi];
}

/**
 * One page of `items[lo, hi)` without copying the range, so a page costs O(page size) however
 * large the match. Cursors are the platform's opaque (offset, last id) pair relative to `lo`.
 */
export function pageOfRange<T>(
  items: readonly T[],
  lo: number,
  hi: number,
  idOf: (x: T) => string,
  pageSize: number,
  cursor?: string,
): Page<T> {
  const total = hi - lo;
  let offset = 0;
  if (cursor) {
    const state = decodeCursor(cursor);
    if (state.o > 0 && state.o <= total && idOf(items[lo + state.o - 1]) === state.id) offset = state.o;
    else {
      // The snapshot changed between pages: continue after the last item served if it is still here.
      let at = -1;
      for (let i = lo; i < hi; i++)
        if (idOf(items[i]) === state.id) {
          at = i - lo;
          break;
        }
      offset = at >= 0 ? at + 1 : Math.min(state.o, total);
    }
  }
  const from = lo + offset;
  const to = Math.min(hi, from + pageSize);
  const page = items.slice(from, to);
  const nextCursor = to < hi && page.length > 0 ? encodeCursor(to - lo, idOf(page[page.length - 1])) : '';
  return { items: page, nextCursor, totalCount: total };
}

/** Countries a humanitarian batch request may name at most. */
export const HUMANITARIAN_BATCH_MAX = 25;

export interface HumanitarianCounts {
  conflictEventsTotal: number;
  conflictPoliticalViolenceEvents: number;
  conflictFatalities: number;
  conflictDemonstrations: number;
  referencePeriod: string;
}

interface MonthlyCount {
  adminLevel: number;
  eventType: 'political_violence' | 'civilian_targeting' | 'demonstration';
  events: number;
  fatalities: number;
  periodStart: string;
}

/**
 * One country's summary from its HAPI rows: the latest reference period only, and within it the
 * most detailed admin level present (summing two levels would count each event twice). Political
 * violence counts include civilian targeting; fatalities are those of both.
 */
export function humanitarianCounts(rows: readonly MonthlyCount[]): HumanitarianCounts | undefined {
  if (rows.length === 0) return undefined;
  const period = rows.reduce((p, r) => (r.periodStart > p ? r.periodStart : p), '');
  const inPeriod = rows.filter((r) => r.periodStart === period);
  const level = Math.max(...inPeriod.map((r) => r.adminLevel));
  const c = {
    conflictEventsTotal: 0,
    conflictPoliticalViolenceEvents: 0,
    conflictFatalities: 0,
    conflictDemonstrations: 0,
    referencePeriod: period,
  };
  for (const r of inPeriod) {
    if (r.adminLevel !== level) continue;
    c.conflictEventsTotal += r.events;
    if (r.eventType === 'demonstration') c.conflictDemonstrations += r.events;
    else {
      c.conflictPoliticalViolenceEvents += r.events;
      c.conflictFatalities += r.fatalities;
    }
  }
  return c;
}

/** Batch country list: upper-cased, well-formed alpha-2 only, without repeats, sorted, at most 25. */
export function normaliseCountryCodes(codes: readonly string[]): string[] {
  const ok = new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)));
  return [...ok].sort().slice(0, HUMANITARIAN_BATCH_MAX);
}
