import type { Config } from '../../config.js';

/** One configured feed: where it is read from and how far its word is trusted (tier 1 best). */
export interface FeedSpec {
  name: string;
  category: string;
  url: string;
  tier: number;
  lang: string;
}

/**
 * The default feeds: public RSS/Atom feeds of outlets and agencies, each filed under one of the
 * published service's feed categories (the keys its clients look up in a digest, `VARIANT_CATEGORIES`),
 * with the published source tier where it has one (tier 4 otherwise). Their captured documents are the
 * bundled sample. NEWS_FEEDS replaces or extends the list (`feedsFrom`).
 */
export const DEFAULT_FEEDS: readonly FeedSpec[] = [
  { name: 'BBC World', category: 'politics', url: 'https://feeds.bbci.co.uk/news/world/rss.xml', tier: 2, lang: 'en' },
  { name: 'Guardian World', category: 'politics', url: 'https://www.theguardian.com/world/rss', tier: 2, lang: 'en' },
  { name: 'NPR News', category: 'us', url: 'https://feeds.npr.org/1001/rss.xml', tier: 2, lang: 'en' },
  { name: 'DW News', category: 'europe', url: 'https://rss.dw.com/xml/rss-en-all', tier: 2, lang: 'en' },
  { name: 'Al Jazeera', category: 'middleeast', url: 'https://www.aljazeera.com/xml/rss/all.xml', tier: 2, lang: 'en' },
  {
    name: 'Ars Technica',
    category: 'tech',
    url: 'https://feeds.arstechnica.com/arstechnica/technology-lab',
    tier: 3,
    lang: 'en',
  },
  { name: 'The Verge', category: 'tech', url: 'https://www.theverge.com/rss/index.xml', tier: 4, lang: 'en' },
  { name: 'Financial Times', category: 'finance', url: 'https://www.ft.com/rss/home', tier: 2, lang: 'en' },
  {
    name: 'CNBC',
    category: 'markets',
    url: 'https://www.cnbc.com/id/100003114/device/rss/rss.html',
    tier: 2,
    lang: 'en',
  },
  {
    name: 'Federal Reserve',
    category: 'centralbanks',
    url: 'https://www.federalreserve.gov/feeds/press_all.xml',
    tier: 3,
    lang: 'en',
  },
  { name: 'OilPrice.com', category: 'energy', url: 'https://oilprice.com/rss/main', tier: 4, lang: 'en' },
  {
    name: 'Good News Network',
    category: 'positive',
    url: 'https://www.goodnewsnetwork.org/feed/',
    tier: 2,
    lang: 'en',
  },
  { name: 'ScienceDaily', category: 'science', url: 'https://www.sciencedaily.com/rss/all.xml', tier: 4, lang: 'en' },
];

/** What `lang` takes: a language tag such as `en`, `pt-br` or `zh-hant` (letters, then dash-separated parts). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * NEWS_FEEDS: comma-separated `category|name|url[|tier[|lang]]` entries. They replace the default
 * list; with a leading `+` they are added to it instead (an entry named like a default feed replaces
 * that feed). Returns the default list when unset; throws on a malformed entry so a typo is not
 * silently a smaller digest.
 */
export function feedsFrom(config: Pick<Config, 'NEWS_FEEDS'>): readonly FeedSpec[] {
  const setting = config.NEWS_FEEDS?.trim();
  if (!setting) return DEFAULT_FEEDS;
  const adding = setting.startsWith('+');
  const entries = (adding ? setting.slice(1) : setting).split(',').map((entry) => {
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
  if (!adding) return entries;
  const named = new Set(entries.map((e) => e.name));
  return [...DEFAULT_FEEDS.filter((f) => !named.has(f.name)), ...entries];
}

/** The digest variants, the only values `variant` takes (another is a 400 naming the field). */
export const DIGEST_VARIANTS = ['full', 'tech', 'finance', 'commodity', 'happy'] as const;
export type DigestVariant = (typeof DIGEST_VARIANTS)[number];

/**
 * Feed categories each digest variant reads: the published service's keys, which are also the keys of
 * the digest's `categories` (a story is filed under its lead feed's category). A key may serve several
 * variants (`finance` is read by full, tech and commodity), as in the published service.
 */
export const VARIANT_CATEGORIES: Readonly<Record<DigestVariant, readonly string[]>> = {
  full: [
    'politics',
    'us',
    'europe',
    'middleeast',
    'tech',
    'ai',
    'finance',
    'commodities',
    'gov',
    'africa',
    'latam',
    'asia',
    'energy',
    'thinktanks',
    'crisis',
    'layoffs',
  ],
  tech: [
    'tech',
    'ai',
    'startups',
    'vcblogs',
    'regionalStartups',
    'unicorns',
    'accelerators',
    'security',
    'policy',
    'github',
    'funding',
    'cloud',
    'layoffs',
    'finance',
    'dev',
    'ipo',
    'producthunt',
    'hardware',
    'outages',
  ],
  finance: [
    'markets',
    'forex',
    'bonds',
    'commodities',
    'crypto',
    'centralbanks',
    'economic',
    'ipo',
    'derivatives',
    'fintech',
    'fin-regulation',
    'institutional',
    'analysis',
    'gccNews',
  ],
  commodity: [
    'commodity-news',
    'gold-silver',
    'energy',
    'mining-news',
    'critical-minerals',
    'base-metals',
    'mining-companies',
    'supply-chain',
    'commodity-regulation',
    'markets',
    'finance',
  ],
  happy: ['positive', 'science', 'nature', 'inspiring', 'community'],
};
