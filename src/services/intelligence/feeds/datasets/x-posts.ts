import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FormatError, parseJsonText } from '../../../../sources/formats/errors.js';
import {
  parseXTimelines,
  userPostsUrl,
  usersByNameUrl,
  X_ACCOUNTS,
  type XPostMeta,
} from '../../../../sources/x/timelines.js';

export const X_POSTS = 'intelligence.x-posts';

export interface XPostsInfo {
  /** Fetched from the X API (true) or the bundled capture (false). */
  live: boolean;
  capturedAt: number;
}

/**
 * Post metadata of the followed accounts, newest first. Live: resolve the handles to ids in one
 * request, then one timeline request per account, wrapped as the capture is.
 */
export const xPostsDataset: Dataset<XPostMeta, XPostsInfo> = {
  name: X_POSTS,
  source: 'X API v2 user timelines',
  kind: 'live',
  maxStaleMinutes: 90,
  sources: {
    timelines: {
      url: usersByNameUrl(X_ACCOUNTS.map((a) => a.handle)),
      sample: 'intelligence/x-timelines-capture.json',
      requires: ['X_BEARER_TOKEN'],
      headers: (config) => ({ accept: 'application/json', authorization: `Bearer ${config.X_BEARER_TOKEN ?? ''}` }),
      fetch: async (get, { now }) => {
        const users = parseJsonText('X users', await get(usersByNameUrl(X_ACCOUNTS.map((a) => a.handle)))) as {
          data?: { id: string; username: string }[];
        };
        if (!Array.isArray(users.data)) throw new FormatError('X users', 'no data array');
        const accounts = [];
        for (const a of X_ACCOUNTS) {
          const u = users.data.find((d) => d.username.toLowerCase() === a.handle.toLowerCase());
          if (!u) continue;
          accounts.push({
            id: u.id,
            handle: a.handle,
            name: a.name,
            topic: a.topic,
            timeline: parseJsonText('X timeline', await get(userPostsUrl(u.id))),
          });
        }
        return Buffer.from(JSON.stringify({ live: true, capturedAt: new Date(now).toISOString(), accounts }));
      },
    },
  },
  parse(payloads) {
    const { posts, live, capturedAt } = parseXTimelines(payloads.timelines!);
    return {
      records: posts.sort((a, b) => b.createdAt - a.createdAt || a.postId.localeCompare(b.postId)),
      info: { live, capturedAt },
    };
  },
};
