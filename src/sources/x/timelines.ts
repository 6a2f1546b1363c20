import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

export const X_API = 'https://api.x.com/2';

/** Accounts followed, with the topic their posts are filed under. */
export const X_ACCOUNTS = [
  { handle: 'IDF', name: 'Israel Defense Forces', topic: 'military' },
  { handle: 'DefenceU', name: 'Defence of Ukraine', topic: 'military' },
  { handle: 'NATO', name: 'NATO', topic: 'diplomacy' },
  { handle: 'CISAgov', name: 'CISA', topic: 'cyber' },
  { handle: 'USGS_Quakes', name: 'USGS Earthquakes', topic: 'disasters' },
] as const;

export const usersByNameUrl = (handles: readonly string[]) =>
  `${X_API}/users/by?usernames=${handles.map(encodeURIComponent).join(',')}`;
export const userPostsUrl = (id: string) =>
  `${X_API}/users/${encodeURIComponent(id)}/tweets?exclude=retweets,replies&max_results=20&tweet.fields=created_at,lang,attachments`;

export interface XPostMeta {
  postId: string;
  accountId: string;
  handle: string;
  accountName: string;
  topic: string;
  createdAt: number;
  lang: string;
  hasMedia: boolean;
}

/**
 * The payload the X timelines source produces: `{ live, capturedAt, accounts: [{ id, handle, name,
 * topic, timeline }] }` where `timeline` is the API's user-posts answer as received. `live` is true
 * only when it was fetched from the API (the bundled sample is a capture). Post text is never kept:
 * X's terms do not allow redistributing it.
 */
export function parseXTimelines(input: Buffer | string): { posts: XPostMeta[]; live: boolean; capturedAt: number } {
  const doc = parseJsonText('X timelines', input);
  if (!isObject(doc) || !Array.isArray(doc.accounts))
    throw new FormatError('X timelines', 'expected an accounts array');
  const posts: XPostMeta[] = [];
  for (const a of doc.accounts as Record<string, unknown>[]) {
    const timeline = isObject(a?.timeline) ? a.timeline : {};
    if (isObject(timeline.errors) || (Array.isArray(timeline.errors) && !timeline.data)) continue;
    for (const p of Array.isArray(timeline.data) ? (timeline.data as Record<string, unknown>[]) : []) {
      const createdAt = Date.parse(String(p?.created_at ?? ''));
      if (!p?.id || !Number.isFinite(createdAt)) continue;
      const media =
        isObject(p.attachments) && Array.isArray(p.attachments.media_keys) && p.attachments.media_keys.length > 0;
      posts.push({
        postId: String(p.id),
        accountId: String(a.id ?? ''),
        handle: String(a.handle ?? ''),
        accountName: String(a.name ?? ''),
        topic: String(a.topic ?? ''),
        createdAt,
        lang: typeof p.lang === 'string' ? p.lang : '',
        hasMedia: media,
      });
    }
  }
  const capturedAt = Date.parse(String(doc.capturedAt ?? ''));
  return { posts, live: doc.live === true, capturedAt: Number.isFinite(capturedAt) ? capturedAt : 0 };
}
