import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { AVIATION_NEWS } from './datasets/aviation-news.js';
import { DEFAULT_MAX_ITEMS, DEFAULT_WINDOW_HOURS, matchedEntities, snippetOf, type NewsRecord } from './rules.js';
import type { ListAviationNewsRequest, ListAviationNewsResponse } from './schemas.js';

const MAX_ENTITIES = 10;

/**
 * Items within the window, counted back from the newest stored item (so a stored feed answers
 * its own latest day rather than nothing), mentioning any requested entity, newest first.
 */
export function listAviationNews(
  store: SnapshotStore,
  req: ListAviationNewsRequest,
): { response: ListAviationNewsResponse; degraded: boolean } {
  if ((req.entities?.length ?? 0) > MAX_ENTITIES)
    throw ServiceError.validation([{ field: 'entities', description: `at most ${MAX_ENTITIES} entities` }]);
  const snap = store.read<NewsRecord>(AVIATION_NEWS);
  if (!snap) return { response: { items: [], source: 'unavailable', updatedAt: 0 }, degraded: true };
  const newest = snap.records[0]?.publishedAt ?? 0;
  const since = newest - (req.window_hours || DEFAULT_WINDOW_HOURS) * 3600_000;
  const entities = [...new Set((req.entities ?? []).map((e) => e.trim()).filter(Boolean))];
  const items: ListAviationNewsResponse['items'] = [];
  for (const r of snap.records) {
    if (r.publishedAt < since) break;
    const matched = matchedEntities(r, entities);
    if (entities.length > 0 && matched.length === 0) continue;
    items.push({
      id: r.id,
      title: r.title,
      url: r.url,
      sourceName: r.sourceName,
      publishedAt: r.publishedAt,
      snippet: snippetOf(r.text),
      matchedEntities: matched,
      imageUrl: r.imageUrl,
    });
    if (items.length >= (req.max_items || DEFAULT_MAX_ITEMS)) break;
  }
  return { response: { items, source: 'rss', updatedAt: snap.capturedAt }, degraded: false };
}
