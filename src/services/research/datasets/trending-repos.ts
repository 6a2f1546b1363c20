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

/**
 * One OSSInsight trends document (`{type, data: {columns, rows: [{repo_name, primary_language,
 * description, stars, forks, ...}]}}`, rows in trend-score order, counts often written as text) ->
 * repos. As the published seeder does, `stars` is OSSInsight's count (stars received in the period)
 * and `starsToday` is 0: the trends endpoint has no separate figure for it.
 */
export function parseTrending(bytes: Buffer, language: string, period: string): TrendingRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`trending list ${language}/${period} is not JSON: ${(err as Error).message}`);
  }
  const rowsIn = (json as { data?: { rows?: unknown } } | null)?.data?.rows;
  if (!Array.isArray(rowsIn)) throw new Error(`trending list ${language}/${period} has no data.rows array`);
  const rows: TrendingRow[] = [];
  const seen = new Set<string>();
  for (const raw of rowsIn) {
    const e = TrendRow.safeParse(raw);
    if (!e.success) continue;
    const fullName = e.data.repo_name;
    if (seen.has(fullName)) continue;
    seen.add(fullName);
    rows.push({
      list: listKey(language, period),
      fullName,
      description: (e.data.description ?? '').trim(),
      language: e.data.primary_language ?? '',
      stars: e.data.stars ?? 0,
      starsToday: 0,
      forks: e.data.forks ?? 0,
      url: `https://github.com/${fullName}`,
    });
  }
  return rows;
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

export const trendingReposDataset: Dataset<TrendingRow> = {
  name: TRENDING_REPOS,
  source: 'OSSInsight trending repositories (GitHub event data)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: Object.fromEntries(
    COMBOS.map(({ language, period }) => [
      sourceKey(language, period),
      {
        url: `https://api.ossinsight.io/v1/trends/repos/?language=${OSSINSIGHT_LANGUAGE[language]}&period=${OSSINSIGHT_PERIOD[period]}`,
        sample: `research/trending-${language}-${period}.json`,
        optional: true,
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
