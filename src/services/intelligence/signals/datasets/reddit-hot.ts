import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseRedditListing, subredditHotUrl, type RedditPost } from '../../../../sources/reddit/listing.js';

export const REDDIT_HOT = 'intelligence.reddit-hot';

/** Hot posts of r/worldnews and r/geopolitics (25 each), as listed when fetched. */
export const redditHotDataset: Dataset<RedditPost> = {
  name: REDDIT_HOT,
  source: 'Reddit hot listings (r/worldnews, r/geopolitics)',
  kind: 'live',
  maxStaleMinutes: 6 * 60,
  sources: {
    worldnews: {
      url: subredditHotUrl('worldnews'),
      sample: 'intelligence/reddit-worldnews-hot.json',
      headers: () => ({ accept: 'application/json' }),
    },
    geopolitics: {
      url: subredditHotUrl('geopolitics'),
      sample: 'intelligence/reddit-geopolitics-hot.json',
      optional: true,
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse(payloads) {
    const records = [
      ...parseRedditListing(payloads.worldnews!),
      ...(payloads.geopolitics ? parseRedditListing(payloads.geopolitics) : []),
    ];
    return { records, info: {} };
  },
};
