import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { TRENDING_LANGUAGES, TRENDING_PERIODS, type GithubRepo } from '../schemas.js';

export const TRENDING_REPOS = 'research.trending-repos';

/** A stored repo: the contract fields plus the language/period list it was trending in. */
export interface TrendingRow extends GithubRepo {
  list: string;
}

export const listKey = (language: string, period: string) => `${language}:${period}`;

const count = z.union([z.number(), z.string()]).transform((v) => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.trunc(n), 2147483647) : 0;
});

const TrendRow = z.object({
  repo_name: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  primary_language: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  stars: count.optional(),
  forks: count.optional(),
});

const SearchItem = z.object({
  full_name: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  description: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  stargazers_count: count.optional(),
  forks_count: count.optional(),
  html_url: z.string().optional(),
});

/**
 * One trending list -> repos, from either document the published seeder reads:
 * - OSSInsight trends (`{type, data: {columns, rows: [{repo_name, primary_language, description, stars,
 *   forks, ...}]}}`, rows in trend-score order, counts often written as text): `stars` is OSSInsight's
 *   count (stars received in the period);
 * - its fallback, a GitHub repository search (`{total_count, items: [{full_name, description, language,
 *   stargazers_count, forks_count, html_url}]}`): `stars` is the repository's total.
 * As published, `starsToday` is 0: neither gives a separate figure for it.
 */
export function parseTrending(bytes: Buffer, language: string, period: string): TrendingRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`trending list ${language}/${period} is not JSON: ${(err as Error).message}`);
  }
  const doc = json as { data?: { rows?: unknown }; items?: unknown } | null;
  const list = listKey(language, period);
  const rows: TrendingRow[] = [];
  const seen = new Set<string>();
  const add = (row: Omit<TrendingRow, 'list' | 'starsToday'>) => {
    if (seen.has(row.fullName)) return;
    seen.add(row.fullName);
    rows.push({ list, ...row, starsToday: 0 });
  };
  if (Array.isArray(doc?.data?.rows)) {
    for (const raw of doc.data.rows) {
      const e = TrendRow.safeParse(raw);
      if (!e.success) continue;
      add({
        fullName: e.data.repo_name,
        description: (e.data.description ?? '').trim(),
        language: e.data.primary_language ?? '',
        stars: e.data.stars ?? 0,
        forks: e.data.forks ?? 0,
        url: `https://github.com/${e.data.repo_name}`,
      });
    }
  } else if (Array.isArray(doc?.items)) {
    for (const raw of doc.items) {
      const e = SearchItem.safeParse(raw);
      if (!e.success) continue;
      add({
        fullName: e.data.full_name,
        description: (e.data.description ?? '').trim(),
        language: e.data.language ?? '',
        stars: e.data.stargazers_count ?? 0,
        forks: e.data.forks_count ?? 0,
        url: e.data.html_url?.startsWith('https://github.com/')
          ? e.data.html_url
          : `https://github.com/${e.data.full_name}`,
      });
    }
  } else {
    throw new Error(`trending list ${language}/${period} has neither data.rows (OSSInsight) nor items (GitHub search)`);
  }
  return rows;
}

/** Whether an OSSInsight trends document has at least one row (it answers 200 with none when its data is down). */
function hasRows(bytes: Buffer): boolean {
  try {
    const rows = (JSON.parse(bytes.toString('utf8')) as { data?: { rows?: unknown } } | null)?.data?.rows;
    return Array.isArray(rows) && rows.length > 0;
  } catch {
    return false;
  }
}

const COMBOS = TRENDING_LANGUAGES.flatMap((language) => TRENDING_PERIODS.map((period) => ({ language, period })));
const sourceKey = (language: string, period: string) => `${language}_${period}`;
/** OSSInsight's names for the tracked languages and periods. */
const OSSINSIGHT_LANGUAGE: Record<string, string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
};
const OSSINSIGHT_PERIOD: Record<string, string> = {
  daily: 'past_24_hours',
  weekly: 'past_week',
  monthly: 'past_month',
};
/** Days back the GitHub-search fallback looks for new repositories (the published seeder: 7, for its daily lists). */
const SEARCH_DAYS: Record<string, number> = { daily: 7, weekly: 7, monthly: 30 };

const ossinsightUrl = (language: string, period: string) =>
  `https://api.ossinsight.io/v1/trends/repos/?language=${OSSINSIGHT_LANGUAGE[language]}&period=${OSSINSIGHT_PERIOD[period]}`;
/** The published fallback: the most-starred repositories of the language created in the last days. */
const searchUrl = (language: string, period: string, now: number) => {
  const since = new Date(now - SEARCH_DAYS[period]! * 86_400_000).toISOString().slice(0, 10);
  return `https://api.github.com/search/repositories?q=language:${language}+created:>${since}&sort=stars&order=desc&per_page=50`;
};

export const trendingReposDataset: Dataset<TrendingRow> = {
  name: TRENDING_REPOS,
  source: 'OSSInsight trending repositories (GitHub event data), GitHub repository search as fallback',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: Object.fromEntries(
    COMBOS.map(({ language, period }) => [
      sourceKey(language, period),
      {
        url: ossinsightUrl(language, period),
        sample: `research/trending-${language}-${period}.json`,
        optional: true,
        headers: () => ({ accept: 'application/json' }),
        // As the published seeder: OSSInsight first; when it fails or has no rows, GitHub's search.
        fetch: async (get, { now }) => {
          try {
            const trends = await get(ossinsightUrl(language, period));
            if (hasRows(trends)) return trends;
          } catch {
            // fall through to the search
          }
          return get(searchUrl(language, period, now));
        },
      },
    ]),
  ),
  parse(payloads) {
    const records: TrendingRow[] = [];
    const lists: string[] = [];
    for (const { language, period } of COMBOS) {
      const bytes = payloads[sourceKey(language, period)];
      if (!bytes) continue;
      records.push(...parseTrending(bytes, language, period));
      lists.push(listKey(language, period));
    }
    return { records, info: { lists } };
  },
};
