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

const TrendingEntry = z.object({
  author: z.string().min(1),
  name: z.string().min(1),
  url: z.string().optional(),
  description: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  stars: count.optional(),
  forks: count.optional(),
  currentPeriodStars: count.optional(),
});

/** A GitHub-trending JSON list (one language and period, trending order) -> repos. */
export function parseTrending(bytes: Buffer, language: string, period: string): TrendingRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`trending list ${language}/${period} is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error(`trending list ${language}/${period} is not an array`);
  const rows: TrendingRow[] = [];
  const seen = new Set<string>();
  for (const raw of json) {
    const e = TrendingEntry.safeParse(raw);
    if (!e.success) continue;
    const fullName = `${e.data.author}/${e.data.name}`;
    if (seen.has(fullName)) continue;
    seen.add(fullName);
    rows.push({
      list: listKey(language, period),
      fullName,
      description: (e.data.description ?? '').trim(),
      language: e.data.language ?? '',
      stars: e.data.stars ?? 0,
      starsToday: e.data.currentPeriodStars ?? 0,
      forks: e.data.forks ?? 0,
      url: e.data.url ?? `https://github.com/${fullName}`,
    });
  }
  return rows;
}

const COMBOS = TRENDING_LANGUAGES.flatMap((language) => TRENDING_PERIODS.map((period) => ({ language, period })));
const sourceKey = (language: string, period: string) => `${language}_${period}`;

export const trendingReposDataset: Dataset<TrendingRow> = {
  name: TRENDING_REPOS,
  source: 'GitHub trending (github-trending-api JSON)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: Object.fromEntries(
    COMBOS.map(({ language, period }) => [
      sourceKey(language, period),
      {
        url: `https://api.gitterapp.com/repositories?language=${language}&since=${period}`,
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
