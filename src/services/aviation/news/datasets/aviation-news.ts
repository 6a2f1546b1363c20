import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { asList, parseXml, textOf } from '../../../../platform/xml.js';
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

/** One RSS 2.0 document -> items with a title, a link and a readable date. */
export function parseRssItems(bytes: Buffer, sourceName: string): NewsRecord[] {
  const doc = parseXml(bytes);
  const channel = (doc.rss as { channel?: Record<string, unknown> } | undefined)?.channel;
  if (!channel) throw new Error(`${sourceName} feed is not RSS 2.0 (no rss/channel)`);
  const out: NewsRecord[] = [];
  for (const item of asList<Record<string, unknown>>(channel.item).slice(0, PER_FEED)) {
    const title = plainText(textOf(item.title));
    const url = textOf(item.link).trim();
    const publishedAt = Date.parse(textOf(item.pubDate));
    if (!title || !/^https?:\/\//.test(url) || !Number.isFinite(publishedAt)) continue;
    const media = asList<Record<string, unknown>>(item['media:content'])[0] ?? asList<Record<string, unknown>>(item.enclosure)[0];
    out.push({ id: newsId(url), title, url, sourceName, publishedAt, text: plainText(textOf(item.description)), imageUrl: String(media?.['@_url'] ?? '') });
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
  if (byId.size === 0 && Object.keys(NEWS_FEEDS).every((k) => !payloads[k])) throw new Error('no aviation news feed could be read');
  return [...byId.values()].sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1));
}

export const aviationNewsDataset: Dataset<NewsRecord> = {
  name: AVIATION_NEWS,
  source: 'Aviation trade press RSS feeds (FlightGlobal, Simple Flying, AeroTime)',
  maxStaleMinutes: 120,
  // One feed down must not lose the others.
  sources: Object.fromEntries(Object.entries(NEWS_FEEDS).map(([key, f]) => [key, { url: f.url, sample: `aviation/rss-${key}.xml`, optional: true }])),
  parse(payloads) {
    return { records: parseAviationNews(payloads) };
  },
};
