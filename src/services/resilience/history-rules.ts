import { computeScore, latestObservations } from './score-rules.js';

/**
 * The score history: one point per country and UTC day, the newest 30 kept. Ingestion appends
 * today's scores with `appendScores`; a read builds the same series in memory to show its trend.
 */

/** Points kept per country (the published service keeps 30). */
export const HISTORY_POINTS = 30;

const DAY_MS = 86_400_000;

export interface HistoryPoint {
  countryCode: string;
  /** Start of the UTC day the score was recorded, epoch ms. */
  at: number;
  score: number;
}

/** Start of the UTC day of `ms`. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The history with `scores` recorded for the day of `at`: a point of the same day is replaced (the
 * newest score of a day is the one kept), and each country keeps its newest HISTORY_POINTS days.
 * Countries sorted by code, each oldest first. Pure: the inputs are not changed.
 */
export function appendScores(
  history: readonly HistoryPoint[],
  scores: ReadonlyMap<string, number>,
  at: number,
): HistoryPoint[] {
  const byCountry = new Map<string, Map<number, number>>();
  const put = (countryCode: string, day: number, score: number) => {
    const days = byCountry.get(countryCode) ?? new Map<number, number>();
    days.set(day, score);
    byCountry.set(countryCode, days);
  };
  for (const p of history) put(p.countryCode, dayOf(p.at), p.score);
  const today = dayOf(at);
  for (const [countryCode, score] of scores) put(countryCode, today, score);
  const out: HistoryPoint[] = [];
  for (const countryCode of [...byCountry.keys()].sort()) {
    const days = [...byCountry.get(countryCode)!].sort((a, b) => a[0] - b[0]).slice(-HISTORY_POINTS);
    for (const [day, score] of days) out.push({ countryCode, at: day, score });
  }
  return out;
}

/** Today's overall score of every country with at least one indicator observation. */
export function scoresOf(
  observations: Iterable<{ countryCode: string; indicator: string; year: number; value: number }>,
  now: number,
): Map<string, number> {
  const year = new Date(now).getUTCFullYear();
  const out = new Map<string, number>();
  for (const [countryCode, latest] of latestObservations(observations))
    out.set(countryCode, computeScore(latest, year).overall);
  return out;
}
