import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { DocArticle, DocPoint } from '../../../sources/gdelt/doc-api.js';
import { GDELT_TOPIC_IDS, GDELT_TOPICS, type GdeltTopic, type TopicCoverage } from './datasets/gdelt-topics.js';
import type {
  GetGdeltTopicTimelineRequest,
  GetGdeltTopicTimelineResponse,
  SearchGdeltDocumentsRequest,
  SearchGdeltDocumentsResponse,
} from './schemas.js';

export const DEFAULT_ARTICLES = 10;
export const MAX_ARTICLES = 20;
const SPAN = /^(\d{1,4})(min|h|d|w)$/i;
const SPAN_MS: Record<string, number> = { min: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

const compact = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function options(req: SearchGdeltDocumentsRequest): { spanMs?: number; ascending: boolean } {
  const violations: { field: string; description: string }[] = [];
  let spanMs: number | undefined;
  if (req.timespan) {
    const m = SPAN.exec(req.timespan.trim());
    if (!m) violations.push({ field: 'timespan', description: 'timespan must look like 30min, 6h, 1d or 1w' });
    else spanMs = Number(m[1]) * SPAN_MS[m[2].toLowerCase()];
  }
  const sort = req.sort?.trim().toLowerCase();
  if (sort && sort !== 'datedesc' && sort !== 'dateasc')
    violations.push({ field: 'sort', description: 'sort must be DateDesc or DateAsc' });
  if (violations.length) throw ServiceError.validation(violations);
  return { spanMs, ascending: sort === 'dateasc' };
}

/**
 * Articles of the watched topics from the loaded GDELT DOC capture: a query naming a topic returns
 * that topic's articles; otherwise articles of any topic whose title holds every query word. Newest
 * first unless asked otherwise; `timespan` counts back from the capture time.
 */
export function searchGdeltDocuments(
  store: SnapshotStore,
  req: SearchGdeltDocumentsRequest,
): SearchGdeltDocumentsResponse {
  const opts = options(req);
  const snap = store.read<TopicCoverage>(GDELT_TOPICS);
  if (!snap) return { articles: [], query: req.query, error: 'unavailable' };
  const q = req.query.trim().toLowerCase();
  const named = GDELT_TOPIC_IDS.find((t) => q.includes(t));
  let found: DocArticle[];
  if (named) found = snap.records.find((r) => r.topic === named)?.articles ?? [];
  else {
    const want = words(q);
    const all = snap.derive('allArticles', (s) => {
      const byUrl = new Map<string, { a: DocArticle; words: Set<string> }>();
      for (const r of s.records)
        for (const a of r.articles) if (!byUrl.has(a.url)) byUrl.set(a.url, { a, words: new Set(words(a.title)) });
      return [...byUrl.values()].sort((x, y) => y.a.seenAt - x.a.seenAt);
    });
    found = want.length ? all.filter((x) => want.every((w) => x.words.has(w))).map((x) => x.a) : [];
  }
  if (opts.spanMs !== undefined) found = found.filter((a) => a.seenAt >= snap.capturedAt - opts.spanMs!);
  if (opts.ascending) found = [...found].reverse();
  const limit = Math.min(req.max_records || DEFAULT_ARTICLES, MAX_ARTICLES);
  return {
    articles: found.slice(0, limit).map((a) => ({
      title: a.title,
      url: a.url,
      source: a.domain,
      date: compact(a.seenAt),
      image: a.image,
      language: a.language,
      tone: 0,
    })),
    query: req.query,
    error: '',
  };
}

const points = (s: readonly DocPoint[]) => s.map((p) => ({ date: new Date(p.at).toISOString(), value: p.value }));

/** Daily tone and volume of one topic (military when omitted); an unknown topic is a 400. */
export function getGdeltTopicTimeline(
  store: SnapshotStore,
  req: GetGdeltTopicTimelineRequest,
): GetGdeltTopicTimelineResponse {
  const topic = (req.topic?.trim().toLowerCase() || 'military') as GdeltTopic;
  if (!GDELT_TOPIC_IDS.includes(topic)) {
    throw ServiceError.validation([
      { field: 'topic', description: `topic must be one of ${GDELT_TOPIC_IDS.join(', ')}` },
    ]);
  }
  const snap = store.read<TopicCoverage>(GDELT_TOPICS);
  if (!snap) return { topic, tone: [], vol: [], fetchedAt: '', error: 'unavailable' };
  const row = snap.records.find((r) => r.topic === topic);
  return {
    topic,
    tone: row ? points(row.tone) : [],
    vol: row ? points(row.vol) : [],
    fetchedAt: new Date(snap.capturedAt).toISOString(),
    error: '',
  };
}
