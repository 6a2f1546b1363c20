import type { Config } from '../../config.js';

/** One configured feed: where it is read from and how far its word is trusted (tier 1 best). */
export interface FeedSpec {
  name: string;
  category: string;
  url: string;
  tier: number;
  lang: string;
}

/** The default feeds (their captured documents are the bundled sample). NEWS_FEEDS replaces the list. */
export const DEFAULT_FEEDS: readonly FeedSpec[] = [
  { name: 'Reuters World', category: 'world', url: 'https://feeds.reuters.example/world.rss', tier: 1, lang: 'en' },
  { name: 'BBC World', category: 'world', url: 'https://feeds.bbci.example/news/world/rss.xml', tier: 1, lang: 'en' },
  { name: 'Al Jazeera', category: 'world', url: 'https://aljazeera.example/xml/rss/all.xml', tier: 2, lang: 'en' },
  {
    name: 'Kyiv Independent',
    category: 'world',
    url: 'https://kyivindependent.example/news-archive/rss/',
    tier: 2,
    lang: 'en',
  },
  { name: 'The Verge', category: 'tech', url: 'https://theverge.example/rss/index.xml', tier: 2, lang: 'en' },
  { name: 'Ars Technica', category: 'tech', url: 'https://arstechnica.example/feed/', tier: 2, lang: 'en' },
  { name: 'FT Markets', category: 'finance', url: 'https://ft.example/markets?format=rss', tier: 1, lang: 'en' },
  {
    name: 'Bloomberg Markets',
    category: 'finance',
    url: 'https://bloomberg.example/markets/news.rss',
    tier: 1,
    lang: 'en',
  },
  { name: 'Good News Network', category: 'happy', url: 'https://goodnewsnetwork.example/feed/', tier: 3, lang: 'en' },
];

/** What `lang` takes: a language tag such as `en`, `pt-br` or `zh-hant` (letters, then dash-separated parts). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * NEWS_FEEDS: comma-separated `category|name|url[|tier[|lang]]` entries. Returns the default list
 * when unset; throws on a malformed entry so a typo is not silently a smaller digest.
 */
export function feedsFrom(config: Pick<Config, 'NEWS_FEEDS'>): readonly FeedSpec[] {
  if (!config.NEWS_FEEDS) return DEFAULT_FEEDS;
  return config.NEWS_FEEDS.split(',').map((entry) => {
    const [category, name, url, tier, lang] = entry.split('|').map((s) => s.trim());
    if (!category || !name || !url || !/^https?:\/\//.test(url))
      throw new Error(`NEWS_FEEDS entry "${entry}" is not category|name|url[|tier[|lang]]`);
    // A language the digest's `lang` parameter could never ask for would be a feed nobody reads.
    if (lang && !LANGUAGE_TAG.test(lang))
      throw new Error(`NEWS_FEEDS entry "${entry}": language "${lang}" is not a tag such as en or pt-br`);
    const known = DEFAULT_FEEDS.find((f) => f.name === name);
    return {
      category,
      name,
      url,
      tier: tier ? Number(tier) || 4 : (known?.tier ?? 3),
      lang: lang ? lang.toLowerCase() : 'en',
    };
  });
}

/** The digest variants, the only values `variant` takes (another is a 400 naming the field). */
export const DIGEST_VARIANTS = ['full', 'tech', 'finance', 'commodity', 'happy'] as const;
export type DigestVariant = (typeof DIGEST_VARIANTS)[number];

/** Feed categories each digest variant reads. */
export const VARIANT_CATEGORIES: Readonly<Record<DigestVariant, readonly string[]>> = {
  full: ['world', 'tech', 'finance'],
  tech: ['tech'],
  finance: ['finance'],
  commodity: ['finance'],
  happy: ['happy'],
};
