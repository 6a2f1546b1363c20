import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
import { plainText, shortHash } from '../../../sources/feeds/text.js';
import type { ClimateNewsItem } from '../schemas.js';

export const CLIMATE_NEWS = 'climate.news';
export const MAX_NEWS = 100;

/** Climate desks and science outlets; each feed is optional on its own. */
export const CLIMATE_FEEDS: readonly { key: string; name: string; url: string; sample: string }[] = [
  {
    key: 'carbonbrief',
    name: 'Carbon Brief',
    url: 'https://www.carbonbrief.org/feed/',
    sample: 'climate/carbon-brief.rss',
  },
  {
    key: 'guardian',
    name: 'The Guardian',
    url: 'https://www.theguardian.com/environment/climate-crisis/rss',
    sample: 'climate/guardian-climate.rss',
  },
];

/** Items with a title, link and date; newest first, one per URL (the earliest feed to list it wins), at most 100. */
export function newsFrom(feeds: readonly { name: string; bytes: Buffer }[]): ClimateNewsItem[] {
  const byUrl = new Map<string, ClimateNewsItem>();
  for (const f of feeds) {
    for (const i of parseFeed(f.bytes).items) {
      if (!i.title || !i.link || !i.publishedAt || byUrl.has(i.link)) continue;
      byUrl.set(i.link, {
        id: `${shortHash(i.link)}-${i.publishedAt}`,
        title: plainText(i.title, 500),
        url: i.link,
        sourceName: f.name,
        publishedAt: i.publishedAt,
        summary: plainText(i.summary),
      });
    }
  }
  return [...byUrl.values()].sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1)).slice(0, MAX_NEWS);
}

export const climateNewsDataset: Dataset<ClimateNewsItem> = {
  name: CLIMATE_NEWS,
  source: 'Climate news RSS feeds (Carbon Brief, The Guardian)',
  kind: 'live',
  maxStaleMinutes: 90,
  sources: Object.fromEntries(CLIMATE_FEEDS.map((f) => [f.key, { url: f.url, sample: f.sample, optional: true }])),
  parse(payloads) {
    const readable: { name: string; bytes: Buffer }[] = [];
    const unreadable: string[] = [];
    for (const f of CLIMATE_FEEDS) {
      const bytes = payloads[f.key];
      if (!bytes) continue;
      try {
        parseFeed(bytes);
        readable.push({ name: f.name, bytes });
      } catch {
        unreadable.push(f.key);
      }
    }
    if (readable.length === 0)
      throw new Error(`no climate news feed could be read${unreadable.length ? ` (${unreadable.join(', ')})` : ''}`);
    return { records: newsFrom(readable), info: { unreadable } };
  },
};
