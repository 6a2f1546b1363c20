import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { PizzintPlace } from '../../../sources/pizzint/dashboard.js';
import type { RedditPost } from '../../../sources/reddit/listing.js';
import { PIZZINT, type PizzintInfo } from './datasets/pizzint.js';
import { REDDIT_HOT } from './datasets/reddit-hot.js';
import { pizzintSummary, tensionOf, velocityScore } from './rules.js';
import type { GetPizzintStatusRequest, GetPizzintStatusResponse, GetSocialVelocityResponse } from './schemas.js';

/** A capture older than this is reported STALE whatever its places say. */
export const FRESH_FOR_MS = 2 * 3_600_000;

/**
 * The pizza-index status from the loaded capture (derived once per snapshot), freshness judged at the
 * capture (the data's time, never the clock's: how old the snapshot is now is health's question);
 * tension pairs on request. `degraded` when nothing is loaded or the capture is stale.
 */
export function getPizzintStatus(
  store: SnapshotStore,
  req: GetPizzintStatusRequest,
): { response: GetPizzintStatusResponse; degraded: boolean } {
  const snap = store.read<PizzintPlace, PizzintInfo>(PIZZINT);
  if (!snap) return { response: { tensionPairs: [] }, degraded: true };
  const derived = snap.derive('status', (s) => ({
    summary: pizzintSummary(s.records),
    anyFresh: s.records.some((p) => p.fresh),
    tension: Object.entries(s.info.tension).map(([id, points]) => ({
      id,
      countries: id.split('_'),
      label: id
        .split('_')
        .map((p) => p.toUpperCase())
        .join(' - '),
      ...tensionOf(points),
      region: 'global',
    })),
  }));
  const updatedAt = snap.info.recordedAt || snap.capturedAt;
  const fresh = derived.anyFresh && snap.capturedAt - updatedAt <= FRESH_FOR_MS;
  const locations = snap.records.map(({ fresh: f, ...p }) => ({
    ...p,
    dataFreshness: f ? ('DATA_FRESHNESS_FRESH' as const) : ('DATA_FRESHNESS_STALE' as const),
  }));
  return {
    response: {
      pizzint: {
        ...derived.summary,
        updatedAt,
        dataFreshness: fresh ? 'DATA_FRESHNESS_FRESH' : 'DATA_FRESHNESS_STALE',
        locations,
      },
      tensionPairs: req.include_gdelt ? derived.tension : [],
    },
    degraded: !fresh,
  };
}

export const MAX_VELOCITY_POSTS = 30;

/**
 * Hot posts ranked by velocity at the time of the fetch (computed once per snapshot): pinned posts
 * left out, a linked article shared in both subreddits kept once (the faster), top 30.
 */
export function getSocialVelocity(store: SnapshotStore): { response: GetSocialVelocityResponse; degraded: boolean } {
  const snap = store.read<RedditPost>(REDDIT_HOT);
  if (!snap) return { response: { posts: [], fetchedAt: 0 }, degraded: true };
  const posts = snap.derive('velocity', (s) => {
    const ranked = s.records
      .filter((p) => !p.stickied)
      .map((p) => ({
        id: p.id,
        title: p.title.slice(0, 300),
        subreddit: p.subreddit,
        url: `https://reddit.com${p.permalink}`,
        score: p.score,
        upvoteRatio: p.upvoteRatio,
        numComments: p.numComments,
        velocityScore: velocityScore(p.score, p.upvoteRatio, s.capturedAt - p.createdAt),
        createdAt: p.createdAt,
        article: p.isSelf ? '' : p.url,
      }))
      .sort((a, b) => b.velocityScore - a.velocityScore || a.id.localeCompare(b.id));
    const seen = new Set<string>();
    const out = [];
    for (const { article, ...p } of ranked) {
      if (article && seen.has(article)) continue;
      if (article) seen.add(article);
      out.push(p);
    }
    return out.slice(0, MAX_VELOCITY_POSTS);
  });
  return { response: { posts, fetchedAt: snap.capturedAt }, degraded: false };
}
