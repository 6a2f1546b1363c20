/** Which prediction markets are worth showing, and in which pool. */

export type Pool = 'geopolitical' | 'tech' | 'finance';
export const TECH_CATEGORIES = ['ai', 'tech', 'crypto', 'science'] as const;
export const FINANCE_CATEGORIES = [
  'economy',
  'fed',
  'inflation',
  'interest-rates',
  'recession',
  'trade',
  'tariffs',
  'debt-ceiling',
] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const POOL_SIZE = 25;
export const MIN_EVENT_VOLUME = 1000;
export const MIN_MARKET_VOLUME = 5000;
/** Below this many candidates a pool accepts prices from 5 to 95 instead of 10 to 90. */
export const RELAX_BELOW = 15;

/** Sport and entertainment markets are left out: this is a news-risk view. */
export const EXCLUDED_KEYWORDS = [
  'sports',
  'nfl',
  'nba',
  'mlb',
  'nhl',
  'soccer',
  'football',
  'super bowl',
  'world cup',
  'oscars',
  'grammy',
  'entertainment',
  'movie',
  'box office',
  'celebrity',
  'album',
];

export function isExcluded(text: string): boolean {
  const t = text.toLowerCase();
  return EXCLUDED_KEYWORDS.some((k) => t.includes(k));
}

/** The pool of a set of tags (Polymarket) or a category (Kalshi). */
export function poolOf(tags: readonly string[]): Pool {
  const t = tags.map((x) => x.toLowerCase());
  if (
    t.some((x) => (TECH_CATEGORIES as readonly string[]).includes(x) || x === 'science and technology' || x === 'space')
  )
    return 'tech';
  if (t.some((x) => (FINANCE_CATEGORIES as readonly string[]).includes(x) || x === 'economics' || x === 'financials'))
    return 'finance';
  return 'geopolitical';
}

/** The pool a requested category reads; undefined (no category) means all pools. */
export function poolForCategory(category: string | undefined): Pool | undefined {
  if (!category) return undefined;
  return poolOf([category]);
}

/** 0..1: half how decided the market is (distance of the Yes price from 50%), half log volume up to 10 million. */
export function marketScore(yesPercent: number, volume: number): number {
  const decided = (2 * Math.abs(yesPercent - 50)) / 100;
  const size = volume > 1 ? Math.min(1, Math.log10(volume) / 7) : 0;
  return 0.5 * decided + 0.5 * size;
}

export interface Candidate {
  yesPercent: number;
  volume: number;
  closesAt: number;
}

/**
 * One pool's markets: unexpired, at least 5000 in volume, Yes priced 10-90% (5-95% when fewer than
 * 15 qualify), best score first, at most 25.
 */
export function selectPool<T extends Candidate>(candidates: readonly T[], now: number): T[] {
  const live = candidates.filter((c) => (c.closesAt === 0 || c.closesAt > now) && c.volume >= MIN_MARKET_VOLUME);
  let chosen = live.filter((c) => c.yesPercent >= 10 && c.yesPercent <= 90);
  if (chosen.length < RELAX_BELOW) chosen = live.filter((c) => c.yesPercent >= 5 && c.yesPercent <= 95);
  return chosen
    .map((c) => ({ c, s: marketScore(c.yesPercent, c.volume) }))
    .sort((a, b) => b.s - a.s || b.c.volume - a.c.volume)
    .slice(0, POOL_SIZE)
    .map((x) => x.c);
}

export function pageSize(n: number | undefined): number {
  if (!n || n <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(n, MAX_PAGE_SIZE);
}
