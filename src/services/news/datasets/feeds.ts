import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
import { DEFAULT_FEEDS, feedsFrom } from '../feeds.js';

export const NEWS_FEEDS = 'news.feeds';

/** One dated item of a feed, as kept for the digest. */
export interface NewsFeedItem {
  source: string;
  category: string;
  tier: number;
  lang: string;
  title: string;
  link: string;
  snippet: string;
  publishedAt: number;
}

export interface NewsFeedsInfo {
  capturedAt: number;
  /** Feeds that are not simply fine: `empty`, `timeout`, `all-undated` or `partial-undated`. */
  feedStatuses: Record<string, string>;
}

export const ITEMS_PER_FEED = 5;
export const MAX_AGE_MS = 96 * 3_600_000;
const FUTURE_SLACK_MS = 3_600_000;

const Bundle = z.object({
  schema: z.literal('feed-bundle/v1'),
  capturedAt: z.string(),
  feeds: z.array(
    z.object({
      name: z.string().min(1),
      category: z.string().min(1),
      url: z.string(),
      tier: z.number().int().optional(),
      lang: z.string().optional(),
      status: z.enum(['ok', 'timeout', 'error']),
      body: z.string(),
    }),
  ),
});

const strip = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A bundle of captured feed documents (each feed's RSS or Atom body exactly as served, with the
 * fetch outcome) -> the latest five dated items per feed within 96 hours of capture, plus a status
 * for each feed that failed, was empty or had undated items. A feed whose body is not a feed counts
 * as an error of that feed, not of the bundle.
 */
export function parseFeedBundle(bytes: Buffer): { records: NewsFeedItem[]; info: NewsFeedsInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`feed bundle is not JSON: ${(err as Error).message}`);
  }
  const doc = Bundle.safeParse(json);
  if (!doc.success)
    throw new Error(`feed bundle has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const capturedAt = Date.parse(doc.data.capturedAt);
  if (!Number.isFinite(capturedAt)) throw new Error('feed bundle has no valid capturedAt');
  const records: NewsFeedItem[] = [];
  const feedStatuses: Record<string, string> = {};
  for (const f of doc.data.feeds) {
    if (f.status !== 'ok') {
      feedStatuses[f.name] = 'timeout';
      continue;
    }
    let items;
    try {
      items = parseFeed(f.body).items;
    } catch {
      feedStatuses[f.name] = 'empty';
      continue;
    }
    const known = DEFAULT_FEEDS.find((d) => d.name === f.name);
    const dated = items.filter((i) => i.publishedAt !== undefined && i.publishedAt <= capturedAt + FUTURE_SLACK_MS);
    if (!items.length) feedStatuses[f.name] = 'empty';
    else if (!dated.length) feedStatuses[f.name] = 'all-undated';
    else if (dated.length < items.length) feedStatuses[f.name] = 'partial-undated';
    const kept = dated
      .filter((i) => capturedAt - i.publishedAt! <= MAX_AGE_MS && i.title.trim())
      .sort((a, b) => b.publishedAt! - a.publishedAt!)
      .slice(0, ITEMS_PER_FEED);
    for (const i of kept) {
      records.push({
        source: f.name,
        category: f.category,
        tier: f.tier ?? known?.tier ?? 3,
        // Lower case, as the digest's `lang` parameter is compared.
        lang: (f.lang || known?.lang || 'en').toLowerCase(),
        title: i.title.trim(),
        link: i.link,
        snippet: strip(i.summary).slice(0, 400),
        publishedAt: i.publishedAt!,
      });
    }
  }
  return { records, info: { capturedAt, feedStatuses } };
}

export const newsFeedsDataset: Dataset<NewsFeedItem, NewsFeedsInfo> = {
  name: NEWS_FEEDS,
  source: 'RSS and Atom news feeds (NEWS_FEEDS, or the built-in list)',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    bundle: {
      // The first default feed documents the source; the bundle holds every configured feed.
      url: DEFAULT_FEEDS[0]!.url,
      sample: 'news/feed-bundle.requests.json',
      // Every configured feed, one request each; a feed that fails is recorded in the bundle, not fatal.
      fetch: async (get, { now, config }) => {
        const feeds = [];
        let firstError: unknown;
        for (const spec of feedsFrom(config)) {
          try {
            feeds.push({ ...spec, status: 'ok', body: (await get(spec.url)).toString('utf8') });
          } catch (err) {
            firstError ??= err;
            feeds.push({ ...spec, status: 'timeout', body: '' });
          }
        }
        // Nothing answered at all: report why instead of an empty bundle.
        if (!feeds.some((f) => f.status === 'ok')) throw firstError;
        return Buffer.from(
          JSON.stringify({ schema: 'feed-bundle/v1', capturedAt: new Date(now).toISOString(), feeds }),
        );
      },
    },
  },
  parse(payloads) {
    return parseFeedBundle(payloads.bundle!);
  },
};
