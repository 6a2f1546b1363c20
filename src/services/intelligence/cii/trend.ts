/**
 * The 24 h movement of a score: the published index compares with its snapshot nearest to 24 h
 * earlier, accepted within 30 minutes either side; a change above 1 point is rising, below -1
 * falling.
 */

const TARGET_AGE = 24 * 3_600_000;
const TOLERANCE = 30 * 60_000;

/** The combined scores of one earlier computation. */
export interface ScoreHistoryEntry {
  at: number;
  scores: Readonly<Record<string, number>>;
}

export type Trend = 'TREND_DIRECTION_RISING' | 'TREND_DIRECTION_STABLE' | 'TREND_DIRECTION_FALLING';

/** The entry nearest to `at` - 24 h within the tolerance (the earlier one on a tie), else undefined. */
export function priorEntry(history: readonly ScoreHistoryEntry[], at: number): ScoreHistoryEntry | undefined {
  let best: ScoreHistoryEntry | undefined;
  for (const e of history) {
    const age = at - e.at;
    if (age < TARGET_AGE - TOLERANCE || age > TARGET_AGE + TOLERANCE) continue;
    const off = Math.abs(age - TARGET_AGE);
    const bestOff = best ? Math.abs(at - best.at - TARGET_AGE) : Infinity;
    if (off < bestOff || (off === bestOff && best && e.at < best.at)) best = e;
  }
  return best;
}

/** dynamicScore = combined - prior, rounded to 0.1; no prior gives 0 and STABLE. */
export function trendAgainst(
  region: string,
  combined: number,
  history: readonly ScoreHistoryEntry[],
  at: number,
): { dynamicScore: number; trend: Trend } {
  const prior = priorEntry(history, at)?.scores[region];
  if (prior === undefined) return { dynamicScore: 0, trend: 'TREND_DIRECTION_STABLE' };
  // `+ 0` turns a rounded -0 into 0.
  const delta = Math.round((combined - prior) * 10) / 10 + 0;
  const trend =
    delta > 1 ? 'TREND_DIRECTION_RISING' : delta < -1 ? 'TREND_DIRECTION_FALLING' : 'TREND_DIRECTION_STABLE';
  return { dynamicScore: delta, trend };
}

/** The history kept for the next computation: entries young enough to still serve as a 24 h prior, plus this one. */
export function extendHistory(history: readonly ScoreHistoryEntry[], entry: ScoreHistoryEntry): ScoreHistoryEntry[] {
  return [...history.filter((e) => e.at < entry.at && entry.at - e.at <= TARGET_AGE + TOLERANCE), entry];
}
