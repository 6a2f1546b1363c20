import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** A subreddit's public hot listing (no key; Reddit asks for a descriptive User-Agent). */
export const subredditHotUrl = (sub: string, limit = 25) =>
  `https://www.reddit.com/r/${encodeURIComponent(sub)}/hot.json?limit=${limit}&raw_json=1`;

export interface RedditPost {
  id: string;
  title: string;
  subreddit: string;
  permalink: string;
  /** The linked article, or the post itself for text posts. */
  url: string;
  isSelf: boolean;
  stickied: boolean;
  score: number;
  upvoteRatio: number;
  numComments: number;
  createdAt: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A listing document (`{ kind: 'Listing', data: { children: [{ kind: 't3', data }] } }`) -> posts. */
export function parseRedditListing(input: Buffer | string): RedditPost[] {
  const doc = parseJsonText('Reddit listing', input);
  if (!isObject(doc) || !isObject(doc.data) || !Array.isArray(doc.data.children))
    throw new FormatError('Reddit listing', 'expected data.children');
  const out: RedditPost[] = [];
  for (const c of doc.data.children as { kind?: unknown; data?: Record<string, unknown> }[]) {
    const d = c?.data;
    if (c?.kind !== 't3' || !d || !str(d.id)) continue;
    out.push({
      id: str(d.id),
      title: str(d.title),
      subreddit: str(d.subreddit),
      permalink: str(d.permalink),
      url: str(d.url),
      isSelf: d.is_self === true,
      stickied: d.stickied === true,
      score: Math.round(num(d.score)),
      upvoteRatio: num(d.upvote_ratio),
      numComments: Math.round(num(d.num_comments)),
      createdAt: Math.round(num(d.created_utc) * 1000),
    });
  }
  return out;
}
