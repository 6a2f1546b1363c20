import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';

export const SCORE_HISTORY = 'resilience.score-history';
/** Points kept per country. */
export const HISTORY_POINTS = 30;

export interface HistoryPoint {
  countryCode: string;
  /** Start of the day the score was recorded, epoch ms. */
  at: number;
  score: number;
}

const Doc = z.object({
  schema: z.literal('resilience-history/v1'),
  points: z.array(z.object({ countryCode: z.string(), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), score: z.number().min(0).max(100) })),
});

/**
 * The scoring pipeline's history log (one point per country and day, appended at each scoring run)
 * -> the latest 30 points per country, oldest first; a repeated day keeps its last point.
 */
export function parseScoreHistory(bytes: Buffer): { records: HistoryPoint[] } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`resilience history is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success) throw new Error(`resilience history has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const byCountry = new Map<string, Map<number, number>>();
  for (const p of doc.data.points) {
    const code = p.countryCode.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) continue;
    const days = byCountry.get(code) ?? new Map<number, number>();
    days.set(Date.parse(`${p.date}T00:00:00Z`), p.score);
    byCountry.set(code, days);
  }
  const records: HistoryPoint[] = [];
  for (const [countryCode, days] of [...byCountry].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const latest = [...days].sort((a, b) => a[0] - b[0]).slice(-HISTORY_POINTS);
    for (const [at, score] of latest) records.push({ countryCode, at, score });
  }
  return { records };
}

export const scoreHistoryDataset: Dataset<HistoryPoint> = {
  name: SCORE_HISTORY,
  source: 'Resilience scoring pipeline (per-country score history log)',
  maxStaleMinutes: 60 * 24 * 3,
  sources: {
    history: {
      url: 'https://data.worldmonitor.app/resilience/v3/score-history.json',
      sample: 'resilience/score-history.json',
    },
  },
  parse(payloads) {
    return parseScoreHistory(payloads.history!);
  },
};
