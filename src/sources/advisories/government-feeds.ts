import { parseFeed, type FeedItem } from '../formats/feeds.js';
import { textOf } from '../../platform/xml.js';

/** Advisory levels as the security-advisories answer labels them, strictest first. */
export const ADVISORY_LEVELS = ['do-not-travel', 'reconsider', 'caution', 'normal', 'info'] as const;
export type AdvisoryLevelLabel = (typeof ADVISORY_LEVELS)[number];

/** Government that publishes a feed: ISO-style codes, plus EU and INT for multinational bodies. */
export type AdvisorySourceCountry = 'US' | 'AU' | 'UK' | 'EU' | 'INT';

export interface GovernmentAdvisoryFeed {
  url: string;
  /** Publisher name as shown to callers. */
  source: string;
  sourceCountry: AdvisorySourceCountry;
  /** ISO alpha-2 of the country every item is about (embassy feeds); otherwise read from the title. */
  country?: string;
  /** How an item's level is read: Smartraveller publishes one, the others are information only. */
  levels: 'smartraveller' | 'info';
}

/**
 * Travel-advice feeds of governments other than the U.S. State Department, whose advisories come
 * from the travel-advisories dataset. RSS 2.0 or Atom, no key.
 */
export const GOVERNMENT_ADVISORY_FEEDS = {
  smartraveller: {
    url: 'https://www.smartraveller.gov.au/countries/documents/index.rss',
    source: 'Smartraveller (Australia)',
    sourceCountry: 'AU',
    levels: 'smartraveller',
  },
  fcdo: {
    url: 'https://www.gov.uk/foreign-travel-advice.atom',
    source: 'UK FCDO travel advice',
    sourceCountry: 'UK',
    levels: 'info',
  },
  usEmbassyUkraine: {
    url: 'https://ua.usembassy.gov/category/alert/feed/',
    source: 'U.S. Embassy in Ukraine',
    sourceCountry: 'US',
    country: 'UA',
    levels: 'info',
  },
} as const satisfies Record<string, GovernmentAdvisoryFeed>;

export interface GovernmentAdvisoryItem {
  title: string;
  link: string;
  /** Epoch ms; 0 when the item carries no date. */
  publishedAt: number;
  level: AdvisoryLevelLabel;
}

/** Items per feed kept, newest as published: feeds list their latest changes first. */
export const MAX_ITEMS_PER_FEED = 15;

const SMARTRAVELLER_NUMBERED: Record<string, AdvisoryLevelLabel> = {
  '4': 'do-not-travel',
  '3': 'reconsider',
  '2': 'caution',
  '1': 'normal',
};
const SMARTRAVELLER_CUES: [RegExp, AdvisoryLevelLabel][] = [
  [/\bdo not travel\b/i, 'do-not-travel'],
  [/\breconsider your need to travel\b/i, 'reconsider'],
  [/\bhigh degree of caution\b/i, 'caution'],
  [/\bnormal safety precautions\b/i, 'normal'],
];

/**
 * Smartraveller's level: the `ta:level` element (`N` or `N/4`), else the earliest of the four
 * standard advice phrases in the summary (the overall advice leads; regional exceptions follow).
 */
export function smartravellerLevel(item: FeedItem): AdvisoryLevelLabel {
  const numbered = /^\s*([1-4])\b/.exec(textOf(item.raw?.['ta:level']));
  if (numbered) return SMARTRAVELLER_NUMBERED[numbered[1]];
  let best: { at: number; level: AdvisoryLevelLabel } | undefined;
  for (const [re, level] of SMARTRAVELLER_CUES) {
    const m = re.exec(item.summary);
    if (m && (!best || m.index < best.at)) best = { at: m.index, level };
  }
  return best?.level ?? 'info';
}

/** One feed's items with a title and an http(s) link, levels read as the feed's publisher writes them. */
export function readGovernmentAdvisoryFeed(feed: GovernmentAdvisoryFeed, bytes: Buffer): GovernmentAdvisoryItem[] {
  const parsed = parseFeed(bytes, { raw: feed.levels === 'smartraveller' });
  const out: GovernmentAdvisoryItem[] = [];
  for (const item of parsed.items) {
    if (out.length >= MAX_ITEMS_PER_FEED) break;
    const title = item.title.trim();
    if (!title || !/^https?:\/\//i.test(item.link)) continue;
    out.push({
      title,
      link: item.link,
      publishedAt: item.publishedAt ?? item.updatedAt ?? 0,
      level: feed.levels === 'smartraveller' ? smartravellerLevel(item) : 'info',
    });
  }
  return out;
}
