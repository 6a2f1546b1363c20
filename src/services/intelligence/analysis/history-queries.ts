import type { ArchiveHit } from '../../../platform/archive/archive.js';
import { ServiceError } from '../../../platform/errors.js';
import type { Snapshot } from '../../../platform/snapshots/store.js';
import type { AppDeps } from '../../../trpc/context.js';
import { INTEL_HISTORY, type IntelHistoryInfo } from './datasets/intel-history.js';
import { embeddingsOf } from './history-index.js';
import {
  ALL_HISTORY_KINDS,
  HISTORY_WINDOW_DAYS,
  PRECEDENT_MIN_COSINE,
  anyTermExpression,
  cosine,
  historyKind,
  isLexicalPrecedent,
  searchTerms,
  type HistoryDomain,
  type HistoryRecord,
} from './rules.js';
import type {
  GetIntelTimelineRequest,
  GetIntelTimelineResponse,
  GetSimilarEventsRequest,
  GetSimilarEventsResponse,
  IntelHistoryRecord,
  SearchIntelHistoryRequest,
  SearchIntelHistoryResponse,
} from './history-schemas.js';

type History = Snapshot<HistoryRecord, IntelHistoryInfo>;
type Deps = Pick<AppDeps, 'store' | 'archive' | 'llm'>;

interface Filters {
  domain?: string;
  country?: string;
  from?: number;
  to?: number;
}

/**
 * The history snapshot; undefined when never computed. Its records were written to the full-text
 * archive before it was swapped in (history-index.ts): a request only reads the archive.
 */
function history(deps: Deps): History | undefined {
  return deps.store.read<HistoryRecord, IntelHistoryInfo>(INTEL_HISTORY);
}

function fromHit(h: ArchiveHit): IntelHistoryRecord {
  const m = h.metadata as { id?: string; category?: string; ingestedAt?: number };
  return {
    id: m.id ?? h.id,
    domain: h.kind.slice('intel-history:'.length),
    resource: h.source,
    country: h.country,
    category: m.category ?? '',
    title: h.title,
    summary: h.body,
    sourceUrl: h.url,
    occurredAt: h.occurredAt,
    ingestedAt: m.ingestedAt ?? h.occurredAt,
    score: h.score,
  };
}

function fromRecord(r: HistoryRecord, score: number): IntelHistoryRecord {
  return { ...r, score };
}

/**
 * Range checks the schema cannot express, as 400 violations; then the archive filters, the 180-day
 * window included, measured back from the history's own time (its newest input's), not the clock's.
 */
function archiveFilters(deps: Deps, f: Filters) {
  if (f.from && f.to && f.from > f.to)
    throw ServiceError.validation([{ field: 'from', description: 'from must be less than or equal to to' }]);
  const windowStart = (history(deps)?.capturedAt ?? 0) - HISTORY_WINDOW_DAYS * 86_400_000;
  return {
    since: Math.max(f.from || 0, windowStart),
    until: f.to || undefined,
    kinds: f.domain ? [historyKind(f.domain as HistoryDomain)] : ALL_HISTORY_KINDS,
    country: f.country || undefined,
  };
}

function matches(r: HistoryRecord, f: ReturnType<typeof archiveFilters>): boolean {
  return (
    f.kinds.includes(historyKind(r.domain)) &&
    (!f.country || r.country === f.country) &&
    r.occurredAt >= f.since &&
    (f.until === undefined || r.occurredAt <= f.until)
  );
}

/**
 * Cosine ranking over the snapshot's records when an embeddings model is configured and the
 * snapshot's vectors were computed before it served; undefined otherwise or when embedding the
 * question failed (the caller then ranks with bm25). A request embeds its question, never the archive.
 */
async function embeddingRank(
  deps: Deps,
  snap: History,
  text: string,
  f: ReturnType<typeof archiveFilters>,
  minScore: number,
  limit: number,
) {
  const prepared = embeddingsOf(snap).vectors;
  if (!deps.llm.embeddingsEnabled || !prepared) return undefined;
  try {
    const [vectors, query] = await Promise.all([prepared, deps.llm.embed([text.slice(0, 300)])]);
    const q = query.vectors[0] ?? [];
    return snap.records
      .map((r, i) => ({ r, score: cosine(q, vectors[i] ?? []) }))
      .filter(({ r, score }) => matches(r, f) && score >= minScore)
      .sort((a, b) => b.score - a.score || b.r.occurredAt - a.r.occurredAt)
      .slice(0, limit)
      .map(({ r, score }) => fromRecord(r, score));
  } catch {
    return undefined;
  }
}

export async function searchIntelHistory(
  deps: Deps,
  req: SearchIntelHistoryRequest,
): Promise<SearchIntelHistoryResponse> {
  const filters = archiveFilters(deps, req);
  const snap = history(deps);
  if (!snap) return { records: [], query: req.query, partial: false, upstreamUnavailable: true, ranking: 'none' };
  const limit = req.limit || 20;
  const byEmbedding = await embeddingRank(deps, snap, req.query, filters, -1, limit);
  if (byEmbedding)
    return {
      records: byEmbedding,
      query: req.query,
      partial: false,
      upstreamUnavailable: false,
      ranking: 'embeddings',
    };
  const expression = anyTermExpression(searchTerms(req.query));
  const records = expression ? (await deps.archive.search(expression, { ...filters, limit })).map(fromHit) : [];
  return { records, query: req.query, partial: false, upstreamUnavailable: false, ranking: 'bm25' };
}

export async function getIntelTimeline(deps: Deps, req: GetIntelTimelineRequest): Promise<GetIntelTimelineResponse> {
  const filters = archiveFilters(deps, req);
  const snap = history(deps);
  if (!snap) return { records: [], partial: false, upstreamUnavailable: true };
  // An empty query lists the newest documents matching the filters.
  const records = (await deps.archive.search('', { ...filters, limit: req.limit || 50 })).map((h) => ({
    ...fromHit(h),
    score: 0,
  }));
  return { records, partial: false, upstreamUnavailable: false };
}

export async function getSimilarEvents(deps: Deps, req: GetSimilarEventsRequest): Promise<GetSimilarEventsResponse> {
  const filters = archiveFilters(deps, req);
  const snap = history(deps);
  if (!snap)
    return { records: [], situation: req.situation, partial: false, upstreamUnavailable: true, ranking: 'none' };
  const limit = req.limit || 10;
  const byEmbedding = await embeddingRank(deps, snap, req.situation, filters, PRECEDENT_MIN_COSINE, limit);
  if (byEmbedding)
    return {
      records: byEmbedding,
      situation: req.situation,
      partial: false,
      upstreamUnavailable: false,
      ranking: 'embeddings',
    };
  const terms = searchTerms(req.situation);
  const expression = anyTermExpression(terms);
  // Over-fetch, then keep only records past the lexical similarity floor.
  const hits = expression ? await deps.archive.search(expression, { ...filters, limit: Math.min(200, limit * 4) }) : [];
  const records = hits
    .filter((h) => isLexicalPrecedent(terms, `${h.title} ${h.body}`))
    .slice(0, limit)
    .map(fromHit);
  return { records, situation: req.situation, partial: false, upstreamUnavailable: false, ranking: 'bm25' };
}

/** The newest archived events of one country within the 180-day window (for briefs); empty without the archive. */
export async function recentCountryEvents(deps: Deps, country: string, limit: number): Promise<IntelHistoryRecord[]> {
  const filters = archiveFilters(deps, { country });
  if (!history(deps)) return [];
  return (await deps.archive.search('', { ...filters, limit })).map((h) => ({ ...fromHit(h), score: 0 }));
}

/** Archived events sharing words with `text`, best bm25 match first (for evidence); empty without the archive. */
export async function matchingEvents(deps: Deps, text: string, limit: number): Promise<IntelHistoryRecord[]> {
  const expression = anyTermExpression(searchTerms(text));
  if (!expression || !history(deps)) return [];
  return (await deps.archive.search(expression, { ...archiveFilters(deps, {}), limit })).map(fromHit);
}
