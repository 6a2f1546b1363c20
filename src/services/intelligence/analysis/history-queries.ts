import type { ArchiveHit } from '../../../platform/archive/archive.js';
import { ServiceError } from '../../../platform/errors.js';
import type { Snapshot } from '../../../platform/snapshots/store.js';
import { dataTimeOf } from '../../../platform/snapshots/data-time.js';
import type { AppDeps } from '../../../trpc/context.js';
import { INTEL_HISTORY, type IntelHistoryInfo } from './datasets/intel-history.js';
import {
  ALL_HISTORY_KINDS,
  HISTORY_WINDOW_DAYS,
  PRECEDENT_MIN_COSINE,
  anyTermExpression,
  cosine,
  embeddingText,
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
 * The history snapshot, indexed into the full-text archive once per snapshot version (the archive
 * upserts by id, so a restart or a re-read writes nothing new); undefined when never ingested.
 * Concurrent first readers wait for the same write; a failed write is not remembered, so the next
 * request tries again.
 */
async function history(deps: Deps): Promise<History | undefined> {
  const snap = deps.store.read<HistoryRecord, IntelHistoryInfo>(INTEL_HISTORY);
  if (!snap) return undefined;
  const indexed = snap.derive('archived', () => ({ written: undefined as Promise<unknown> | undefined }));
  indexed.written ??= deps.archive.add(snap.records.map(toDocument)).catch((err: unknown) => {
    indexed.written = undefined;
    throw err;
  });
  await indexed.written;
  return snap;
}

function toDocument(r: HistoryRecord) {
  return {
    id: `intel-history:${r.id}`,
    kind: historyKind(r.domain),
    title: r.title,
    body: r.summary,
    country: r.country,
    occurredAt: r.occurredAt,
    source: r.resource,
    url: r.sourceUrl,
    metadata: { id: r.id, category: r.category, ingestedAt: r.ingestedAt },
  };
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
 * Range checks the schema cannot express, as 400 violations; then the archive filters (the 180-day
 * window ends at the history's capture, the data's time, not the clock's).
 */
function archiveFilters(deps: Deps, f: Filters) {
  if (f.from && f.to && f.from > f.to)
    throw ServiceError.validation([{ field: 'from', description: 'from must be less than or equal to to' }]);
  const windowStart = dataTimeOf(deps.store, [INTEL_HISTORY]) - HISTORY_WINDOW_DAYS * 86_400_000;
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
 * Cosine ranking over the snapshot's records when an embeddings model is configured; undefined when
 * it is not or it failed (the caller then ranks with bm25). Record vectors are computed once per
 * snapshot version; a failure is not remembered, so the next request tries again.
 */
async function embeddingRank(
  deps: Deps,
  snap: History,
  text: string,
  f: ReturnType<typeof archiveFilters>,
  minScore: number,
  limit: number,
) {
  if (!deps.llm.embeddingsEnabled) return undefined;
  const holder = snap.derive('embeddings', () => ({ vectors: undefined as Promise<number[][]> | undefined }));
  try {
    holder.vectors ??= deps.llm.embed(snap.records.map(embeddingText)).then((e) => e.vectors);
    const [vectors, query] = await Promise.all([holder.vectors, deps.llm.embed([text.slice(0, 300)])]);
    const q = query.vectors[0] ?? [];
    return snap.records
      .map((r, i) => ({ r, score: cosine(q, vectors[i] ?? []) }))
      .filter(({ r, score }) => matches(r, f) && score >= minScore)
      .sort((a, b) => b.score - a.score || b.r.occurredAt - a.r.occurredAt)
      .slice(0, limit)
      .map(({ r, score }) => fromRecord(r, score));
  } catch {
    holder.vectors = undefined;
    return undefined;
  }
}

export async function searchIntelHistory(
  deps: Deps,
  req: SearchIntelHistoryRequest,
): Promise<SearchIntelHistoryResponse> {
  const filters = archiveFilters(deps, req);
  const snap = await history(deps);
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
  const snap = await history(deps);
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
  const snap = await history(deps);
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
  if (!(await history(deps))) return [];
  return (await deps.archive.search('', { ...filters, limit })).map((h) => ({ ...fromHit(h), score: 0 }));
}

/** Archived events sharing words with `text`, best bm25 match first (for evidence); empty without the archive. */
export async function matchingEvents(deps: Deps, text: string, limit: number): Promise<IntelHistoryRecord[]> {
  const expression = anyTermExpression(searchTerms(text));
  if (!expression || !(await history(deps))) return [];
  return (await deps.archive.search(expression, { ...archiveFilters(deps, {}), limit })).map(fromHit);
}
