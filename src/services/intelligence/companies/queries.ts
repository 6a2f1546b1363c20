import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { CurrentFiling } from '../../../sources/sec-edgar/current-filings.js';
import { SEC_CURRENT_FILINGS, type CurrentFilingsInfo } from './datasets/current-filings.js';
import { FilingsIndex } from './filings-index.js';
import { materialEvents, parseCalendarDate } from './rules.js';
import type {
  ListMaterialEventsRequest,
  ListMaterialEventsResponse,
  SearchSecFilingsRequest,
  SearchSecFilingsResponse,
} from './schemas.js';

export const DEFAULT_EVENTS = 25;
export const MAX_EVENTS = 100;
export const DEFAULT_RESULTS = 10;
export const MAX_RESULTS = 25;
/** Characters of the query that are searched, as EDGAR's own search box allows. */
export const MAX_QUERY_CHARS = 160;

const FORMS = /^[A-Za-z0-9/, .-]{1,40}$/;
const ITEM_CODE = /^\d+\.\d{2}$/;

const feedTime = (info: CurrentFilingsInfo, fetchedAt: number) => info.updatedAt || fetchedAt;

/**
 * Material 8-K events of the last week before the feed's time, newest first, optionally those
 * reporting one item. Computed once per snapshot version.
 */
export function listMaterialEvents(store: SnapshotStore, req: ListMaterialEventsRequest): ListMaterialEventsResponse {
  if (req.item_code !== undefined && req.item_code !== '' && !ITEM_CODE.test(req.item_code)) {
    throw ServiceError.validation([
      { field: 'item_code', description: 'item_code must be an 8-K item code such as 5.02' },
    ]);
  }
  const snap = store.read<CurrentFiling, CurrentFilingsInfo>(SEC_CURRENT_FILINGS);
  if (!snap) return { events: [], unavailable: true, fetchedAtMs: 0 };
  const at = feedTime(snap.info, snap.capturedAt);
  const all = snap.derive('material', (s) => materialEvents(s.records, at));
  const code = req.item_code || undefined;
  const matching = code ? all.filter((e) => e.items.some((i) => i.code === code)) : all;
  const limit = Math.min(req.limit || DEFAULT_EVENTS, MAX_EVENTS);
  return {
    events: matching.slice(0, limit).map((e) => ({
      company: e.company,
      cik: e.cik,
      form: e.form,
      accession: e.accession,
      filedAtMs: e.filedAt,
      items: e.items.map((i) => ({ ...i })),
      url: e.url,
    })),
    unavailable: false,
    fetchedAtMs: at,
  };
}

function searchFilters(req: SearchSecFilingsRequest): { forms?: string[]; fromDate?: string; toDate?: string } {
  const violations: { field: string; description: string }[] = [];
  let forms: string[] | undefined;
  if (req.forms !== undefined && req.forms !== '') {
    if (!FORMS.test(req.forms))
      violations.push({
        field: 'forms',
        description:
          'forms must be a comma-separated list of form types (letters, digits, / . - and spaces, at most 40 characters)',
      });
    else
      forms = req.forms
        .split(',')
        .map((f) => f.trim().toUpperCase())
        .filter(Boolean);
  }
  const date = (field: 'start_date' | 'end_date') => {
    const v = req[field];
    if (v === undefined || v === '') return undefined;
    if (parseCalendarDate(v) === undefined)
      violations.push({ field, description: `${field} must be a calendar date YYYY-MM-DD` });
    return v;
  };
  const fromDate = date('start_date');
  const toDate = date('end_date');
  if (!violations.length && fromDate && toDate && fromDate > toDate)
    violations.push({ field: 'end_date', description: 'end_date must not be earlier than start_date' });
  if (violations.length) throw ServiceError.validation(violations);
  return { forms, fromDate, toDate };
}

/**
 * Full-text search (FTS5, bm25) of the filings in the loaded EDGAR feed snapshot: company names,
 * form types and item descriptions, not the documents' text. Filters narrow, never widen: a
 * malformed filter is a 400. The index is built once per snapshot version.
 */
export function searchSecFilings(store: SnapshotStore, req: SearchSecFilingsRequest): SearchSecFilingsResponse {
  const filters = searchFilters(req);
  const snap = store.read<CurrentFiling, CurrentFilingsInfo>(SEC_CURRENT_FILINGS);
  if (!snap) return { results: [], total: 0, unavailable: true, fetchedAtMs: 0 };
  const index = snap.derive('fts', (s) => new FilingsIndex(s.records));
  const limit = Math.min(req.limit || DEFAULT_RESULTS, MAX_RESULTS);
  const { hits, total } = index.search({ query: req.query.slice(0, MAX_QUERY_CHARS), ...filters, limit });
  return {
    results: hits.map(({ filing: f, fileDate }) => ({
      company: f.company,
      cik: f.cik,
      form: f.form,
      fileDate,
      items: f.items.map((i) => i.code),
      url: f.url,
      accession: f.accession,
    })),
    total,
    unavailable: false,
    fetchedAtMs: feedTime(snap.info, snap.capturedAt),
  };
}
