import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { asList } from '../../../../platform/xml.js';
import { parseFeed } from '../../../../sources/formats/feeds.js';
import { newsId, plainText, type NewsRecord } from '../rules.js';

export const AVIATION_NEWS = 'aviation.news';

/** The aviation trade feeds read, by source key. */
export const NEWS_FEEDS: Record<string, { name: string; url: string }> = {
  flightglobal: { name: 'FlightGlobal', url: 'https://www.flightglobal.com/rss' },
  simpleflying: { name: 'Simple Flying', url: 'https://simpleflying.com/feed/' },
  aerotime: { name: 'AeroTime', url: 'https://www.aerotime.aero/feed' },
};

/** Items read per feed, newest first as the feed lists them. */
const PER_FEED = 30;

/** One feed document (RSS or Atom, read by the shared feed parser) -> items with a title, a link and a date. */
export function parseRssItems(bytes: Buffer, sourceName: string): NewsRecord[] {
  const feed = parseFeed(bytes, { raw: true });
  const out: NewsRecord[] = [];
  for (const item of feed.items.slice(0, PER_FEED)) {
    const title = plainText(item.title);
    const url = item.link.trim();
    if (!title || !/^https?:\/\//.test(url) || item.publishedAt === undefined) continue;
    // The attached picture is an RSS media extension the shared item does not carry.
    const media =
      asList<Record<string, unknown>>(item.raw?.['media:content'])[0] ??
      asList<Record<string, unknown>>(item.raw?.enclosure)[0];
    out.push({
      id: newsId(url),
      title,
      url,
      sourceName,
      publishedAt: item.publishedAt,
      text: plainText(item.summary),
      imageUrl: String(media?.['@_url'] ?? ''),
    });
  }
  return out;
}

/** Every feed -> one list, newest first, an article linked from two feeds kept once. */
export function parseAviationNews(payloads: Partial<Record<string, Buffer>>): NewsRecord[] {
  const byId = new Map<string, NewsRecord>();
  for (const [key, feed] of Object.entries(NEWS_FEEDS)) {
    const bytes = payloads[key];
    if (!bytes) continue;
    for (const item of parseRssItems(bytes, feed.name)) if (!byId.has(item.id)) byId.set(item.id, item);
  }
  if (byId.size === 0 && Object.keys(NEWS_FEEDS).every((k) => !payloads[k]))
    throw new Error('no aviation news feed could be read');
  return [...byId.values()].sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1));
}

export const aviationNewsDataset: Dataset<NewsRecord> = {
  name: AVIATION_NEWS,
  source: 'Aviation trade press feeds (FlightGlobal, Simple Flying, AeroTime)',
  kind: 'live',
  maxStaleMinutes: 120,
  // One feed down must not lose the others.
  sources: Object.fromEntries(
    Object.entries(NEWS_FEEDS).map(([key, f]) => [
      key,
      { url: f.url, sample: `aviation/rss-${key}.xml`, optional: true },
    ]),
  ),
  parse(payloads) {
    return { records: parseAviationNews(payloads) };
  },
};
